import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {
  demoCredentials,
  json,
  startService,
  type RunningService,
} from '../../helpers/node/service.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: {'Content-Type': 'application/x-www-form-urlencoded'},
  body: new URLSearchParams(fields).toString(),
});
const goodForm = {
  grant_type: 'client_credentials',
  scope: 'Service.Api',
  client_id: demoCredentials.clientId,
  client_secret: demoCredentials.secret,
};

describe('scheme 1: POST /connect/token', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  test('issues a bearer token for the client credentials', async () => {
    const response = await fetch(`${service.url}/connect/token`, form(goodForm));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = await json(response);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, 'Service.Api');
    assert.match(String(body.access_token), /^[\w-]{40,}$/);
    const models = await service.call('/configurator/1/configurator/configurationmodels', {
      token: String(body.access_token),
    });
    assert.notEqual(models.status, 401);
  });

  test('accepts HTTP Basic client authentication and a missing scope', async () => {
    const basic = Buffer.from(`${demoCredentials.clientId}:${demoCredentials.secret}`).toString(
      'base64',
    );
    const response = await fetch(`${service.url}/connect/token`, {
      ...form({grant_type: 'client_credentials'}),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${basic}`,
      },
    });
    assert.equal(response.status, 200);
  });

  test('answers a wrong secret with 401 not_authorized and the OAuth error', async () => {
    const response = await fetch(
      `${service.url}/connect/token`,
      form({...goodForm, client_secret: 'nope'}),
    );
    assert.equal(response.status, 401);
    const body = await json(response);
    assert.equal(body.code, 'not_authorized');
    assert.equal(body.error, 'invalid_client');
    assert.equal(typeof body.message, 'string');
  });

  test('answers an unknown client with 401 not_authorized', async () => {
    const response = await fetch(
      `${service.url}/connect/token`,
      form({...goodForm, client_id: 'stranger'}),
    );
    assert.equal(response.status, 401);
    assert.equal((await json(response)).code, 'not_authorized');
  });

  test('rejects another grant type and another scope', async () => {
    const grant = await fetch(
      `${service.url}/connect/token`,
      form({...goodForm, grant_type: 'password'}),
    );
    assert.equal(grant.status, 400);
    const grantBody = await json(grant);
    assert.equal(grantBody.code, 'not_authorized');
    assert.equal(grantBody.error, 'unsupported_grant_type');
    const scope = await fetch(`${service.url}/connect/token`, form({...goodForm, scope: 'Admin'}));
    assert.equal(scope.status, 400);
    assert.equal((await json(scope)).error, 'invalid_scope');
  });

  test('rejects a JSON body with 415', async () => {
    const response = await fetch(`${service.url}/connect/token`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(goodForm),
    });
    assert.equal(response.status, 415);
    assert.equal((await json(response)).code, 'unsupported_media_type');
  });
});

describe('scheme 2: POST /api/2/auth/serviceconnectlogin', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  const login = (body: string, type = 'application/json') =>
    fetch(`${service.url}/api/2/auth/serviceconnectlogin`, {
      method: 'POST',
      headers: {'Content-Type': type},
      body,
    });

  test('answers accessToken and expiresIn in milliseconds', async () => {
    const response = await login(JSON.stringify(demoCredentials));
    assert.equal(response.status, 200);
    const body = await json(response);
    assert.equal(body.expiresIn, 1_800_000);
    const models = await service.call('/configurator/1/configurator/configurationmodels', {
      token: String(body.accessToken),
    });
    assert.notEqual(models.status, 401);
  });

  test('reads property names in any letter case', async () => {
    const response = await login(JSON.stringify({ClientId: 'demo-client', SECRET: 'demo-secret'}));
    assert.equal(response.status, 200);
  });

  test('answers another content type with 415 unsupported_media_type', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await login(JSON.stringify(demoCredentials), type);
      assert.equal(response.status, 415, type);
      assert.equal((await json(response)).code, 'unsupported_media_type');
    }
  });

  test('answers wrong credentials with 401 not_authorized', async () => {
    const response = await login(JSON.stringify({clientId: 'demo-client', secret: 'wrong'}));
    assert.equal(response.status, 401);
    assert.equal((await json(response)).code, 'not_authorized');
  });

  test('answers malformed JSON and wrong types with 400', async () => {
    const malformed = await login('{"clientId": ');
    assert.equal(malformed.status, 400);
    assert.equal((await json(malformed)).code, 'malformed_body');
    const wrongType = await login(JSON.stringify({clientId: 42, secret: 'x'}));
    assert.equal(wrongType.status, 400);
    const body = await json(wrongType);
    assert.equal(body.code, 'invalid_body');
    assert.match(String(body.message), /clientId/);
  });
});
