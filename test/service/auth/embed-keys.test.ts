// Publishable keys over real HTTP: their life cycle under a Service.Api token, the token a page
// gets for one (its scope, origin rules and CORS), revocation, rate limits, and the vendor
// client's tenant header. Node's fetch sends any Origin, as a script outside a browser would.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {chairNode} from '../../helpers/node/configurator.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

const shop = 'https://shop.example';
const customer = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'};
const json = async <T = Record<string, unknown>>(response: Response) =>
  (await response.json()) as T;

interface KeyView {
  id: string;
  name: string;
  publishableKey: string;
  allowedOrigins: string[];
  createdAt: string;
}

describe('embed keys', () => {
  let service: RunningService;
  before(async () => {
    service = await startService({
      // Tight enough to reach in a test; the defaults are in defaultEmbedKeyRateLimits.
      embedKeyRateLimits: {
        tokensPerAddress: {burst: 1000, perMinute: 1000},
        quotesPerAddress: {burst: 1000, perMinute: 1000},
      },
    });
  });
  after(() => service.close());

  const createKey = async (allowedOrigins: unknown = [shop, 'https://*.shop.example']) => {
    const response = await service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Shop', allowedOrigins},
    });
    assert.equal(response.status, 201);
    return json<KeyView>(response);
  };

  const exchange = (publishableKey: string, origin?: string) =>
    fetch(`${service.url}/api/2/auth/embedtoken`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', ...(origin && {Origin: origin})},
      body: JSON.stringify({publishableKey}),
    });

  const tokenFor = async (publishableKey: string, origin = shop) => {
    const response = await exchange(publishableKey, origin);
    assert.equal(response.status, 200);
    return (await json<{accessToken: string}>(response)).accessToken;
  };

  test('are created, listed, read, changed and deleted with a Service.Api token', async () => {
    const key = await createKey([`${shop}/`, 'HTTPS://*.Shop.Example']);
    assert.match(key.id, /^[0-9a-f-]{36}$/);
    assert.match(key.publishableKey, /^pk_[A-Za-z0-9_-]{32}$/);
    assert.deepEqual(key.allowedOrigins, [shop, 'https://*.shop.example']);
    assert.ok(!Number.isNaN(Date.parse(key.createdAt)));

    const listed = await json<KeyView[]>(await service.call('/api/2/embedkeys'));
    assert.ok(listed.some((k) => k.id === key.id && k.publishableKey === key.publishableKey));
    const read = await json<KeyView>(await service.call(`/api/2/embedkeys/${key.id}`));
    assert.deepEqual(read, key);

    const changed = await service.call(`/api/2/embedkeys/${key.id}`, {
      method: 'PUT',
      json: {name: 'Renamed', allowedOrigins: ['https://other.example']},
    });
    assert.equal(changed.status, 200);
    const after = await json<KeyView>(changed);
    assert.equal(after.name, 'Renamed');
    assert.equal(after.publishableKey, key.publishableKey, 'a change keeps the key');
    assert.deepEqual(after.allowedOrigins, ['https://other.example']);

    assert.equal(
      (await service.call(`/api/2/embedkeys/${key.id}`, {method: 'DELETE'})).status,
      204,
    );
    assert.equal((await service.call(`/api/2/embedkeys/${key.id}`)).status, 404);
    const gone = await json<KeyView[]>(await service.call('/api/2/embedkeys'));
    assert.ok(!gone.some((k) => k.id === key.id));
  });

  test('refuse bodies without a name or with an origin that is not one', async () => {
    for (const [body, field] of [
      [{allowedOrigins: [shop]}, 'body.name'],
      [{name: 'x'}, 'body.allowedOrigins'],
      [{name: 'x', allowedOrigins: []}, 'body.allowedOrigins'],
      [{name: 'x', allowedOrigins: ['shop.example']}, 'body.allowedOrigins[0]'],
      [{name: 'x', allowedOrigins: [shop, 'https://*.example']}, 'body.allowedOrigins[1]'],
      [{name: 'x', allowedOrigins: [42]}, 'body.allowedOrigins[0]'],
    ] as const) {
      const response = await service.call('/api/2/embedkeys', {method: 'POST', json: body});
      assert.equal(response.status, 400, JSON.stringify(body));
      const answer = await json<{code: string; details: {field: string}}>(response);
      assert.equal(answer.code, 'invalid_body');
      assert.equal(answer.details.field, field);
    }
    const malformed = await service.call('/api/2/embedkeys', {
      method: 'POST',
      body: '{"name":',
      headers: {'Content-Type': 'application/json'},
    });
    assert.equal(malformed.status, 400);
  });

  test('are managed with Service.Api only: a shopper token cannot list or create them', async () => {
    const key = await createKey();
    const shopper = await tokenFor(key.publishableKey);
    for (const [method, path] of [
      ['GET', '/api/2/embedkeys'],
      ['POST', '/api/2/embedkeys'],
      ['DELETE', `/api/2/embedkeys/${key.id}`],
    ]) {
      const response = await service.call(path!, {
        method,
        token: shopper,
        ...(method === 'POST' && {json: {name: 'x', allowedOrigins: [shop]}}),
      });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal((await json(response)).code, 'insufficient_scope');
    }
    assert.equal((await service.call('/api/2/embedkeys', {token: null})).status, 401);
  });

  test('give a page on a listed origin a shopper token, no-store, CORS for that origin alone', async () => {
    const key = await createKey();
    for (const origin of [shop, 'https://www.shop.example']) {
      const response = await exchange(key.publishableKey, origin);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      assert.match(response.headers.get('vary') ?? '', /Origin/);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const body = await json<{accessToken: string; expiresIn: number; scope: string}>(response);
      assert.equal(body.scope, 'Service.Configurator');
      assert.equal(body.expiresIn, 15 * 60_000);
      assert.match(body.accessToken, /^[A-Za-z0-9_-]{43}$/);
    }
    const preflight = await fetch(`${service.url}/api/2/auth/embedtoken`, {
      method: 'OPTIONS',
      headers: {
        Origin: shop,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);
  });

  test('the token runs a shopper journey to a quote and reaches nothing else', async () => {
    const key = await createKey();
    const token = await tokenFor(key.publishableKey);
    const started = await service.call('/api/3/configurator/new/Office%20Chair?lang=en', {token});
    assert.equal(started.status, 200);
    const session = await json<Configuration>(started);
    const answered = await service.call(`/api/3/configurator/${session.id}`, {
      method: 'PUT',
      token,
      json: {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true},
    });
    assert.equal(answered.status, 200);
    const quote = await service.call('/configurator/1/configurator/requestquote', {
      method: 'POST',
      token,
      json: {quotationRequest: customer, configurationIds: [session.id]},
    });
    assert.equal(quote.status, 200);
    for (const path of ['/api/2/crmaccounts', '/api/2/quotations', '/api/2/webhooks']) {
      const response = await service.call(path, {token});
      assert.equal(response.status, 403, path);
      assert.equal((await json(response)).code, 'insufficient_scope');
    }
  });

  test('refuse other origins, look-alikes and requests without Origin with a readable 403', async () => {
    const key = await createKey();
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.example',
      'http://shop.example',
      'https://a.b.shop.example',
      'null',
    ]) {
      const response = await exchange(key.publishableKey, origin);
      assert.equal(response.status, 403, origin);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      const body = await json(response);
      assert.equal(body.code, 'origin_not_allowed');
      assert.match(String(body.message), /allowedOrigins/);
    }
    const noOrigin = await exchange(key.publishableKey);
    assert.equal(noOrigin.status, 403);
    assert.equal((await json(noOrigin)).code, 'origin_not_allowed');
  });

  test('an unknown key is 401 invalid_key, a malformed body a 400', async () => {
    const unknown = await exchange('pk_nothing', shop);
    assert.equal(unknown.status, 401);
    assert.equal((await json(unknown)).code, 'invalid_key');
    assert.equal(unknown.headers.get('access-control-allow-origin'), shop);
    const malformed = await fetch(`${service.url}/api/2/auth/embedtoken`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Origin: shop},
      body: '[',
    });
    assert.equal(malformed.status, 400);
    assert.equal((await json(malformed)).code, 'malformed_body');
    const wrongType = await fetch(`${service.url}/api/2/auth/embedtoken`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Origin: shop},
      body: JSON.stringify({publishableKey: 7}),
    });
    assert.equal(wrongType.status, 400);
    assert.equal((await json(wrongType)).code, 'invalid_body');
  });

  test('a deleted key issues nothing more and its tokens stop working', async () => {
    const key = await createKey();
    const kept = await createKey();
    const token = await tokenFor(key.publishableKey);
    const other = await tokenFor(kept.publishableKey);
    const start = (bearer: string) =>
      service.call('/api/3/configurator/new/Office%20Chair', {token: bearer});
    assert.equal((await start(token)).status, 200);
    assert.equal(
      (await service.call(`/api/2/embedkeys/${key.id}`, {method: 'DELETE'})).status,
      204,
    );
    const refused = await start(token);
    assert.equal(refused.status, 401);
    assert.equal((await json(refused)).code, 'token_invalid');
    assert.equal((await exchange(key.publishableKey, shop)).status, 401);
    assert.equal((await start(other)).status, 200, "another key's tokens work on");
  });

  test('a changed key refuses an origin it no longer lists', async () => {
    const key = await createKey();
    assert.equal((await exchange(key.publishableKey, shop)).status, 200);
    await service.call(`/api/2/embedkeys/${key.id}`, {
      method: 'PUT',
      json: {name: 'x', allowedOrigins: ['https://new.example']},
    });
    assert.equal((await exchange(key.publishableKey, shop)).status, 403);
    assert.equal((await exchange(key.publishableKey, 'https://new.example')).status, 200);
  });

  test("keys are their application's: another application neither sees nor deletes them", async () => {
    const two = await startService({
      applications: [
        {clientId: 'demo-client', secret: 'demo-secret'},
        {clientId: 'other', secret: 'other-secret'},
      ],
    });
    try {
      const created = await two.call('/api/2/embedkeys', {
        method: 'POST',
        json: {name: 'Shop', allowedOrigins: [shop]},
      });
      const key = await json<KeyView>(created);
      const login = await fetch(`${two.url}/api/2/auth/serviceconnectlogin`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({clientId: 'other', secret: 'other-secret'}),
      });
      const token = (await json<{accessToken: string}>(login)).accessToken;
      assert.deepEqual(await json(await two.call('/api/2/embedkeys', {token})), []);
      assert.equal((await two.call(`/api/2/embedkeys/${key.id}`, {token})).status, 404);
      const deleted = await two.call(`/api/2/embedkeys/${key.id}`, {method: 'DELETE', token});
      assert.equal(deleted.status, 404);
      assert.equal((await two.call(`/api/2/embedkeys/${key.id}`)).status, 200);
    } finally {
      await two.close();
    }
  });
});

describe('embed key rate limits', () => {
  let service: RunningService;
  let now = Date.parse('2026-01-01T00:00:00Z');
  before(async () => {
    service = await startService({
      now: () => now,
      // The buckets run on the monotonic clock: the test moves both.
      monotonic: () => now,
      embedKeyRateLimits: {
        tokensPerAddress: {burst: 3, perMinute: 3},
        tokensPerKey: {burst: 5, perMinute: 5},
        quotesPerAddress: {burst: 2, perMinute: 2},
        quotesPerKey: {burst: 100, perMinute: 100},
      },
    });
  });
  after(() => service.close());

  const newKey = async () => {
    const response = await service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Shop', allowedOrigins: [shop]},
    });
    return json<KeyView>(response);
  };
  const exchange = (publishableKey: string) =>
    fetch(`${service.url}/api/2/auth/embedtoken`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Origin: shop},
      body: JSON.stringify({publishableKey}),
    });

  test('token requests: per address, across keys, with Retry-After; back after a minute', async () => {
    const [a, b] = [await newKey(), await newKey()];
    const statuses = [];
    for (const key of [a, b, a, b]) statuses.push((await exchange(key.publishableKey)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429], 'one address, whichever key');
    const limited = await exchange(a.publishableKey);
    assert.equal(limited.status, 429);
    assert.equal((await json(limited)).code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(limited.headers.get('access-control-allow-origin'), shop, 'readable by the page');
    now += 60_000;
    assert.equal((await exchange(a.publishableKey)).status, 200);
    now += 60_000;
  });

  test('quote requests made with a key are limited per address', async () => {
    now += 60_000;
    const key = await newKey();
    const token = (await json<{accessToken: string}>(await exchange(key.publishableKey)))
      .accessToken;
    const quote = async () => {
      const started = await service.call('/api/3/configurator/new/Office%20Chair', {token});
      const session = await json<Configuration>(started);
      await service.call(`/api/3/configurator/${session.id}`, {
        method: 'PUT',
        token,
        json: {featureModelNodeId: chairNode('warranty-5'), value: 1, isSelection: true},
      });
      return service.call(`/api/2/configurations/${session.id}/requestquote`, {
        method: 'POST',
        token,
        json: customer,
      });
    };
    const statuses = [(await quote()).status, (await quote()).status];
    const third = await quote();
    assert.notEqual(statuses[0], 429);
    assert.notEqual(statuses[1], 429);
    assert.equal(third.status, 429);
    assert.equal((await json(third)).code, 'rate_limited');
    // The application's own token is not a key's: its quotes are not counted.
    const session = await json<Configuration>(
      await service.call('/api/3/configurator/new/Office%20Chair'),
    );
    const own = await service.call(`/api/2/configurations/${session.id}/requestquote`, {
      method: 'POST',
      json: customer,
    });
    assert.notEqual(own.status, 429);
  });
});

describe('the tenant header x-elfsquad-id', () => {
  let service: RunningService;
  let key: KeyView;
  before(async () => {
    service = await startService({allowedOrigins: ['https://listed.example']});
    const response = await service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Shop', allowedOrigins: [shop]},
    });
    key = await json<KeyView>(response);
  });
  after(() => service.close());

  const anonymous = (path: string, origin: string | undefined, value = key.publishableKey) =>
    fetch(`${service.url}${path}`, {
      headers: {'x-elfsquad-id': value, ...(origin && {Origin: origin})},
    });

  test('carrying a publishable key runs a shopper call from a listed page, with CORS', async () => {
    const response = await anonymous('/configurator/1/configurator/new/Office%20Chair', shop);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), shop);
    const session = await json<Configuration>(response);
    assert.match(session.id, /^[0-9a-f-]{36}$/);
    const preflight = await fetch(`${service.url}/configurator/1/configurator/new/x`, {
      method: 'OPTIONS',
      headers: {
        Origin: shop,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-elfsquad-id',
      },
    });
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-elfsquad-id/i);
    assert.equal(preflight.headers.get('access-control-allow-origin'), shop);
  });

  test('is refused from another origin, without Origin, beyond the shopper routes, unknown', async () => {
    const start = '/configurator/1/configurator/new/Office%20Chair';
    const other = await anonymous(start, 'https://listed.example');
    assert.equal(other.status, 403);
    assert.equal((await json(other)).code, 'origin_not_allowed');
    const bare = await anonymous(start, undefined);
    assert.equal(bare.status, 403);
    const stranger = await anonymous(start, 'https://evil.example');
    assert.equal(stranger.status, 403);
    assert.equal((await json(stranger)).code, 'origin_not_allowed');
    const wide = await anonymous('/api/2/crmaccounts', shop);
    assert.equal(wide.status, 403);
    assert.equal((await json(wide)).code, 'insufficient_scope');
    const unknown = await anonymous(start, shop, 'pk_unknown');
    assert.equal(unknown.status, 401);
    assert.equal((await json(unknown)).code, 'invalid_key');
  });

  test('an unlisted page is still refused by ALLOWED_ORIGINS when no key names it', async () => {
    const response = await fetch(`${service.url}/api/3/configurator/new/Office%20Chair`, {
      headers: {Origin: 'https://evil.example', Authorization: 'Bearer x'},
    });
    assert.equal(response.status, 403);
    assert.match(String((await json(response)).message), /ALLOWED_ORIGINS/);
  });
});
