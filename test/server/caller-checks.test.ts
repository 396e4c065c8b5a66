// Who may ask: the method, the caller's origin, and the per-caller rate, over real HTTP.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  createTokenEndpoint,
  type TokenEndpointBaseOptions,
  type TokenEndpointHandler,
} from '../../src/server/token-endpoint.js';
import {Clock, EndpointServer, pageOrigin, type Answer, useTokenEndpointFile} from './harness.js';

const {secret, recorder, cleanup, upstream} = useTokenEndpointFile();

const common = () =>
  ({
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId: 'shop-backend',
    clientSecret: secret,
    allowedOrigins: [pageOrigin, 'http://localhost:3000/'],
    log: recorder.log,
  }) as const;

async function serveEndpoint(options: Partial<TokenEndpointBaseOptions> = {}) {
  const handler = createTokenEndpoint({...common(), ...options});
  const server = await new EndpointServer(handler, recorder).start();
  cleanup.push(() => server.close());
  return server;
}

function assertError(answer: Answer, status: number, code: string) {
  assert.equal(answer.status, status);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  const body = answer.json();
  assert.equal(body.code, code);
  assert.equal(typeof body.message, 'string');
}

test('answers POST only: other methods get 405 with Allow: POST', async () => {
  const endpoint = await serveEndpoint();
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    const answer = await endpoint.request({method});
    assertError(answer, 405, 'method_not_allowed');
    assert.equal(answer.headers.get('allow'), 'POST');
  }
  const head = await endpoint.request({method: 'HEAD'});
  assert.equal(head.status, 405);
  assert.equal(head.headers.get('allow'), 'POST');
  // An OPTIONS that is not a CORS preflight is just another method.
  const options = await endpoint.request({method: 'OPTIONS'});
  assertError(options, 405, 'method_not_allowed');
  assert.equal(upstream.calls.length, 0);
});

test('answers a preflight from an allowed origin, refuses one from elsewhere', async () => {
  const endpoint = await serveEndpoint();
  const preflight = (origin: string) =>
    endpoint.request({
      method: 'OPTIONS',
      origin,
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
  const ok = await preflight(pageOrigin);
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get('access-control-allow-origin'), pageOrigin);
  assert.equal(ok.headers.get('access-control-allow-methods'), 'POST');
  assert.equal(ok.headers.get('access-control-allow-headers'), 'content-type');
  assert.equal(ok.headers.get('cache-control'), 'no-store');
  assert.match(ok.headers.get('vary') ?? '', /Origin/);

  const refused = await preflight('https://evil.example');
  assertError(refused, 403, 'origin_not_allowed');
  assert.equal(refused.headers.get('access-control-allow-origin'), null);
});

test('refuses a POST from an origin not on the list, before touching the upstream', async () => {
  upstream.calls.length = 0;
  const endpoint = await serveEndpoint();
  for (const origin of ['https://evil.example', 'null', 'https://shop.example.evil.example']) {
    const answer = await endpoint.request({origin});
    assertError(answer, 403, 'origin_not_allowed');
    // The page may read the refusal (and say what is wrong); an opaque origin gets nothing.
    assert.equal(
      answer.headers.get('access-control-allow-origin'),
      origin === 'null' ? null : origin,
    );
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  }
  // The list is normalised: a trailing slash in the option still matches the Origin header.
  assert.equal((await endpoint.request({origin: 'http://localhost:3000'})).status, 200);
  assert.equal(upstream.calls.length, 1);
});

test('without Origin: Referer, then Sec-Fetch-Site same-origin, else refused', async () => {
  const endpoint = await serveEndpoint();
  const referred = await endpoint.request({
    origin: null,
    headers: {referer: `${pageOrigin}/products/chair?x=1`},
  });
  assert.equal(referred.status, 200);
  // Not a CORS request, so nothing to allow.
  assert.equal(referred.headers.get('access-control-allow-origin'), null);

  const badReferer = await endpoint.request({
    origin: null,
    headers: {referer: 'https://evil.example/page'},
  });
  assertError(badReferer, 403, 'origin_not_allowed');

  // Same-origin means the endpoint's own origin, which this list does not include.
  const sameSite = await endpoint.request({
    origin: null,
    headers: {'sec-fetch-site': 'same-origin'},
  });
  assertError(sameSite, 403, 'origin_not_allowed');

  const bare = await endpoint.request({origin: null});
  assertError(bare, 403, 'origin_not_allowed');
});

test('Sec-Fetch-Site same-origin stands in when the endpoint’s own origin is allowed', async () => {
  // The endpoint's own origin is known once it listens, so the handler comes second.
  const late: {handler?: TokenEndpointHandler} = {};
  const server = await new EndpointServer(
    (request, context) => late.handler!(request, context),
    recorder,
  ).start();
  cleanup.push(() => server.close());
  late.handler = createTokenEndpoint({...common(), allowedOrigins: [new URL(server.url).origin]});
  const same = await server.request({origin: null, headers: {'sec-fetch-site': 'same-origin'}});
  assert.equal(same.status, 200);
  const cross = await server.request({origin: null, headers: {'sec-fetch-site': 'cross-site'}});
  assertError(cross, 403, 'origin_not_allowed');
});

test('rate limit: 429 rate_limited with Retry-After, per caller, refilled over time', async () => {
  const clock = new Clock();
  const endpoint = await serveEndpoint({
    now: clock.now,
    rateLimit: {burst: 2, perMinute: 6},
    getClientKey: (request) => request.headers.get('x-client') ?? undefined,
  });
  const as = (client: string) => endpoint.request({headers: {'x-client': client}});
  assert.equal((await as('a')).status, 200);
  assert.equal((await as('a')).status, 200);
  const limited = await as('a');
  assertError(limited, 429, 'rate_limited');
  assert.equal(limited.headers.get('retry-after'), '10'); // 6 a minute: one every 10 s
  assert.equal(limited.headers.get('access-control-allow-origin'), pageOrigin);

  assert.equal((await as('b')).status, 200, 'another caller has its own bucket');

  clock.advance(9);
  const still = await as('a');
  assert.equal(still.status, 429);
  assert.equal(still.headers.get('retry-after'), '1');
  clock.advance(1);
  assert.equal((await as('a')).status, 200);
});

test('rate limit: an IPv6 caller is one caller across its /64, from any address source', async () => {
  const endpoint = await serveEndpoint({
    rateLimit: {burst: 2, perMinute: 1},
    getClientKey: (request) => request.headers.get('x-client') ?? undefined,
  });
  const as = (client: string) => endpoint.request({headers: {'x-client': client}});
  // Rotating through one /64, in any spelling, spends one bucket.
  assert.equal((await as('2001:db8:1:2::1')).status, 200);
  assert.equal((await as('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).status, 200);
  assertError(await as('2001:db8:1:2:aaaa::99'), 429, 'rate_limited');
  // The next /64 is another caller; an IPv4-mapped address is its IPv4 address.
  assert.equal((await as('2001:db8:1:3::1')).status, 200);
  assert.equal((await as('::ffff:192.0.2.7')).status, 200);
  assert.equal((await as('192.0.2.7')).status, 200);
  assertError(await as('192.0.2.7'), 429, 'rate_limited');
  // A key that is no address is the host's own: kept as it is.
  assert.equal((await as('user:2001')).status, 200);
});

test('the Node adapter hands the socket address over as the default rate-limit key', async () => {
  const endpoint = await serveEndpoint({rateLimit: {burst: 1, perMinute: 1}});
  assert.equal((await endpoint.request()).status, 200);
  const limited = await endpoint.request();
  assertError(limited, 429, 'rate_limited');
  assert.equal(limited.headers.get('retry-after'), '60');
  assert.ok(!recorder.logs.some((l) => l.code === 'no_client_key'));
});

test('a runtime that knows no address shares one bucket and says so once', async () => {
  const logs: unknown[] = [];
  const handler = createTokenEndpoint({
    ...common(),
    rateLimit: {burst: 1},
    log: (entry) => logs.push(entry),
  });
  const post = () =>
    handler(
      new Request('https://host.example/token', {method: 'POST', headers: {origin: pageOrigin}}),
    );
  assert.equal((await post()).status, 200);
  assert.equal((await post()).status, 429);
  assert.equal(logs.length, 1);
  assert.equal((logs[0] as {code: string}).code, 'no_client_key');
});

test('a refused origin does not spend the caller’s rate budget', async () => {
  const endpoint = await serveEndpoint({rateLimit: {burst: 1, perMinute: 1}});
  for (let i = 0; i < 3; i++) {
    assert.equal((await endpoint.request({origin: 'https://evil.example'})).status, 403);
  }
  assert.equal((await endpoint.request()).status, 200);
});

test('no answer or log line carried the secret', () => {
  assert.ok(recorder.answers.length > 20);
  assert.ok(!recorder.transcript().includes(secret));
});
