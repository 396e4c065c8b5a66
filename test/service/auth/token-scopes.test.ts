// The scope fields of both token schemes, over real HTTP.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {Applications, Scope, readScopeRequest} from '../../../service/auth/index.js';
import type {TokenRecord} from '../../../service/auth/index.js';
import {
  demoCredentials,
  json,
  startService,
  type RunningService,
} from '../../helpers/node/service.js';

interface Credentials {
  clientId: string;
  secret: string;
}
const shop = {clientId: 'shop', secret: 'shop-secret', scopes: [Scope.configurator]};

describe('token scopes', () => {
  let service: RunningService;
  before(async () => (service = await startService({applications: [demoCredentials, shop]})));
  after(() => service.close());

  const scheme1 = (fields: Record<string, string>, credentials: Credentials = demoCredentials) =>
    fetch(`${service.url}/connect/token`, {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded'},
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.secret,
        ...fields,
      }),
    });
  const scheme2 = (fields: Record<string, unknown>, credentials: Credentials = demoCredentials) =>
    fetch(`${service.url}/api/2/auth/serviceconnectlogin`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({clientId: credentials.clientId, secret: credentials.secret, ...fields}),
    });
  /** What a token reaches: the back office (crm accounts) and a shopper's start. */
  const reach = async (token: string) => {
    const crm = await service.call('/api/2/crmaccounts', {token});
    const start = await service.call('/api/3/configurator/new/Office%20Chair', {token});
    await crm.body?.cancel();
    await start.body?.cancel();
    return {backOffice: crm.status, shopper: start.status};
  };

  describe('scheme 1: the scope form field', () => {
    test('grants Service.Configurator and shows it in the answer', async () => {
      const response = await scheme1({scope: 'Service.Configurator'});
      assert.equal(response.status, 200);
      const body = await json(response);
      assert.equal(body.scope, 'Service.Configurator');
      assert.deepEqual(await reach(String(body.access_token)), {backOffice: 403, shopper: 200});
    });

    test('grants Service.Api when asked, or when no scope is given (the seed, unchanged)', async () => {
      for (const fields of [{scope: 'Service.Api'}, {}, {scope: '  '}] as Record<
        string,
        string
      >[]) {
        const body = await json(await scheme1(fields));
        assert.equal(body.scope, 'Service.Api', JSON.stringify(fields));
        assert.deepEqual(await reach(String(body.access_token)), {backOffice: 200, shopper: 200});
      }
    });

    test('takes a space-separated list, as OAuth does', async () => {
      const body = await json(await scheme1({scope: 'Service.Configurator  Service.Api'}));
      assert.equal(body.scope, 'Service.Api Service.Configurator');
      assert.equal((await reach(String(body.access_token))).backOffice, 200);
    });

    test('refuses an unknown scope with 400 invalid_scope in OAuth form, issuing nothing', async () => {
      const before = service.store.collection('tokens').list().length;
      for (const scope of ['Service.Admin', 'Service.Configurator Service.Admin', 'service.api']) {
        const response = await scheme1({scope});
        assert.equal(response.status, 400, scope);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        const body = await json(response);
        assert.equal(body.error, 'invalid_scope');
        assert.equal(body.code, 'invalid_scope');
        assert.equal(typeof body.error_description, 'string');
        assert.equal(body.access_token, undefined);
      }
      assert.equal(service.store.collection('tokens').list().length, before);
    });

    test('checks the client before the scope', async () => {
      const response = await scheme1({scope: 'Nonsense', client_secret: 'wrong'});
      assert.equal(response.status, 401);
      assert.equal((await json(response)).error, 'invalid_client');
    });

    test('an application held to Service.Configurator gets it by default and nothing wider', async () => {
      const plain = await json(await scheme1({}, shop));
      assert.equal(plain.scope, 'Service.Configurator');
      assert.deepEqual(await reach(String(plain.access_token)), {backOffice: 403, shopper: 200});
      const wider = await scheme1({scope: 'Service.Api'}, shop);
      assert.equal(wider.status, 400);
      assert.equal((await json(wider)).error, 'invalid_scope');
    });
  });

  describe('scheme 2: the optional scope JSON field', () => {
    test('grants Service.Configurator and shows it in the answer', async () => {
      const response = await scheme2({scope: 'Service.Configurator'});
      assert.equal(response.status, 200);
      const body = await json(response);
      assert.equal(body.scope, 'Service.Configurator');
      assert.equal(body.expiresIn, 1_800_000);
      assert.deepEqual(await reach(String(body.accessToken)), {backOffice: 403, shopper: 200});
    });

    test('reads the field in any letter case; without it grants Service.Api', async () => {
      const cased = await json(await scheme2({Scope: 'Service.Configurator'}));
      assert.equal(cased.scope, 'Service.Configurator');
      for (const fields of [{}, {scope: null}]) {
        const body = await json(await scheme2(fields));
        assert.equal(body.scope, 'Service.Api');
        assert.equal((await reach(String(body.accessToken))).backOffice, 200);
      }
    });

    test('refuses an unknown scope with 400 invalid_scope and a wrong type with invalid_body', async () => {
      const unknown = await scheme2({scope: 'Service.Everything'});
      assert.equal(unknown.status, 400);
      const body = await json(unknown);
      assert.equal(body.code, 'invalid_scope');
      assert.match(String(body.message), /Service\.Configurator/);
      const wrongType = await scheme2({scope: ['Service.Api']});
      assert.equal(wrongType.status, 400);
      assert.equal((await json(wrongType)).code, 'invalid_body');
      const held = await scheme2({scope: 'Service.Api'}, shop);
      assert.equal((await json(held)).code, 'invalid_scope');
    });
  });

  test('a stored token without a scope is never honoured (401, so the client renews)', async () => {
    const token = String((await json(await scheme1({}))).access_token);
    const tokens = service.store.collection<TokenRecord>('tokens');
    const record = tokens.list().at(-1)!;
    const {scope: _dropped, ...unscoped} = record;
    tokens.put(unscoped as TokenRecord);
    const response = await service.call('/api/3/configurator/new/Office%20Chair', {token});
    assert.equal(response.status, 401);
    assert.equal((await json(response)).code, 'token_invalid');
  });
});

describe('scope names', () => {
  test('are read exactly as the service spells them, duplicates collapsed', () => {
    assert.deepEqual(readScopeRequest('Service.Configurator\tService.Configurator'), {
      ok: true,
      scopes: ['Service.Configurator'],
    });
    assert.deepEqual(readScopeRequest('SERVICE.API x'), {ok: false, unknown: ['SERVICE.API', 'x']});
  });

  test('an application configured with an unknown or empty scope list is a start-up error', () => {
    assert.throws(
      () => new Applications([{clientId: 'a', secret: 'b', scopes: ['Service.Root' as Scope]}]),
      /scopes/,
    );
    assert.throws(() => new Applications([{clientId: 'a', secret: 'b', scopes: []}]), /scopes/);
  });
});
