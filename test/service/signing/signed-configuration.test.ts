// The signed configuration over real HTTP: on every sample model its claims are the
// configuration's own figures, an incomplete configuration is refused, a shopper may ask for
// it, and the key set verifies it with a JOSE library (jose, as hosts do).
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {roundMoney} from '../../../service/i18n/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {verifyConfiguration} from '../../../src/server/token-endpoint.js';
import type {Configuration} from '../../../src/wire/index.js';
import {completeConfiguration, nodesOf} from '../../helpers/node/complete-configuration.js';
import {expectError, valueOf} from '../../helpers/node/configurator.js';
import {requestDemoToken} from '../../helpers/demo-token.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const start = async (service: RunningService, name: string, lang = 'en') => {
  const response = await service.call(
    `/api/3/configurator/new/${encodeURIComponent(name)}?lang=${lang}`,
  );
  assert.equal(response.status, 200);
  return json<Configuration>(response);
};

describe('GET /api/3/configurator/{id}/signed', () => {
  let service: RunningService;
  before(async () => (service = await startService()));
  after(() => service.close());

  const signed = async (id: string, token?: string) => {
    const response = await service.call(`/api/3/configurator/${id}/signed`, {token});
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(response.headers.get('cache-control'), 'no-store');
    return json<{jws: string; expiresAt: string}>(response);
  };
  const verify = (jws: string) =>
    verifyConfiguration(jws, {
      jwksUrl: `${service.url}/.well-known/jwks.json`,
      issuer: service.url,
    });

  for (const model of sampleModels()) {
    const name = model.nodes[0]!.name.en;
    for (const lang of ['en', 'nl']) {
      test(`${name} (${lang}): the claims are the configuration's own figures`, async () => {
        const done = await completeConfiguration(service, await start(service, name, lang));
        assert.deepEqual(done.unansweredMandatories, []);
        const {jws, expiresAt} = await signed(done.id);
        const claims = await verify(jws);

        assert.equal(claims.iss, service.url);
        assert.equal(claims.sub, done.id);
        assert.equal(claims.code, done.code);
        assert.equal(claims.model, done.featureModelId);
        assert.equal(claims.name, done.featureModel.name);
        assert.equal(claims.lang, lang);
        assert.equal(claims.currency, done.currencyIso.toUpperCase());
        assert.equal(claims.baseExclVat, done.basePriceExVAT);
        assert.equal(claims.baseInclVat, done.basePriceIncVAT);
        assert.equal(claims.totalExclVat, done.totalPriceExVAT);
        assert.equal(claims.totalInclVat, done.totalPriceIncVAT);
        assert.equal(claims.exp - claims.iat, 3600);
        assert.equal(new Date(claims.exp * 1000).toISOString(), expiresAt);

        // Every line is a node that is on, at its unit price times its number.
        const nodes = nodesOf(done);
        const digits = model.currency.decimalDigits;
        for (const line of claims.lines) {
          const node = nodes.get(line.nodeId);
          assert.ok(node, line.nodeId);
          assert.ok(valueOf(done, line.nodeId) !== 0, `${line.description} is on`);
          assert.match(line.description, new RegExp(`${escape(node.name)}$`));
          if (node.featureType === 3) assert.equal(line.value, done.textValues[node.id]);
          else if (node.minValue !== null) assert.equal(line.value, valueOf(done, node.id));
          else assert.equal(line.value, 1);
          const units = typeof line.value === 'number' ? line.value : 1;
          assert.equal(line.priceExclVat, roundMoney(node.price * units, digits));
          assert.equal(
            line.priceInclVat,
            roundMoney(line.priceExclVat * (1 + model.vatRate), digits),
          );
        }
        // Every chosen option without sub-options is a line: none is left out.
        const lined = new Set(claims.lines.map((line) => line.nodeId));
        for (const node of nodes.values()) {
          const chosen = valueOf(done, node.id) !== 0 && node.features.length === 0;
          if (chosen && !node.hideInQuotation && node.featureType !== 3) {
            assert.ok(lined.has(node.id), `${node.name} has a line`);
          }
        }
        assert.ok(
          claims.lines.some((line) => line.priceExclVat > 0),
          'a priced line',
        );
        // The lines and the base add up to the total, to a cent per line.
        const sum = claims.lines.reduce((total, line) => total + line.priceExclVat, 0);
        const slack = (claims.lines.length + 1) * 10 ** -digits;
        assert.ok(Math.abs(claims.baseExclVat + sum - claims.totalExclVat) <= slack);
      });
    }
  }

  test('an incomplete configuration is refused with 409 configuration_incomplete', async () => {
    const started = await start(service, 'Office Chair');
    assert.ok(started.unansweredMandatories.length > 0);
    const response = await service.call(`/api/3/configurator/${started.id}/signed`);
    const body = await expectError(response, 409, 'configuration_incomplete');
    assert.deepEqual(
      (body.details as {unansweredMandatories: string[]}).unansweredMandatories,
      started.unansweredMandatories,
    );
  });

  test('an unknown or malformed id is 404 not_found', async () => {
    await expectError(
      await service.call('/api/3/configurator/00000000-0000-4000-8000-000000000000/signed'),
      404,
      'not_found',
    );
    await expectError(await service.call('/api/3/configurator/nope/signed'), 404, 'not_found');
  });

  test('a shopper token may ask for it; without a token it is 401', async () => {
    const shopper = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
    const done = await completeConfiguration(service, await start(service, 'Office Chair'));
    const {jws} = await signed(done.id, shopper);
    assert.equal((await verify(jws)).sub, done.id);
    const anonymous = await service.call(`/api/3/configurator/${done.id}/signed`, {token: null});
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
  });

  test('the key set is public: one ES256 P-256 key with its id, no private part', async () => {
    const response = await service.call('/.well-known/jwks.json', {token: null});
    assert.equal(response.status, 200);
    const {keys} = await json<{keys: Record<string, string>[]}>(response);
    assert.equal(keys.length, 1);
    const [key] = keys;
    assert.deepEqual(
      {kty: key!.kty, crv: key!.crv, alg: key!.alg, use: key!.use},
      {kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig'},
    );
    assert.equal(key!.d, undefined);
    const done = await completeConfiguration(service, await start(service, 'Standing Desk'));
    const header = JSON.parse(
      Buffer.from((await signed(done.id)).jws.split('.')[0]!, 'base64url').toString(),
    );
    assert.deepEqual(header, {alg: 'ES256', typ: 'JWT', kid: key!.kid});
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
