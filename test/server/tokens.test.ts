// Both schemes against the reference service and a counting upstream, all over real HTTP:
// the shape of the answer, caching with the remaining lifetime, renewal, and one upstream
// request for a crowd of callers.
import assert from 'node:assert/strict';
import {before, test} from 'node:test';
import {createTokenEndpoint} from '../../src/server/token-endpoint.js';
import {
  Clock,
  EndpointServer,
  pageOrigin,
  startReferenceService,
  useTokenEndpointFile,
} from './harness.js';

const {secret, recorder, cleanup, upstream} = useTokenEndpointFile();
const clientId = 'shop-backend';
let service: Awaited<ReturnType<typeof startReferenceService>>;

before(async () => {
  service = await startReferenceService({
    clientId,
    secret,
    tokenLifetimeSeconds: 3600,
    loginTokenLifetimeMs: 1_800_000,
  });
  cleanup.push(service.close);
});

async function serveEndpoint(options: Parameters<typeof createTokenEndpoint>[0]) {
  const server = await new EndpointServer(createTokenEndpoint(options), recorder).start();
  cleanup.push(() => server.close());
  return server;
}

const base = {allowedOrigins: [pageOrigin], log: recorder.log};

test('scheme 1: a token from the reference service that the service accepts', async () => {
  const endpoint = await serveEndpoint({
    ...base,
    scheme: 'client-credentials',
    authUrl: service.url,
    clientId,
    clientSecret: secret,
  });
  const answer = await endpoint.request();
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.equal(answer.headers.get('access-control-allow-origin'), pageOrigin);
  const body = answer.json();
  assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'token_type']);
  assert.equal(body.token_type, 'Bearer');
  assert.ok(typeof body.access_token === 'string' && body.access_token.length > 0);
  // Counted from when the upstream request left, so a second or so may already be gone.
  assert.ok((body.expires_in as number) <= 3600 && (body.expires_in as number) >= 3590);

  const call = (token: string) =>
    fetch(`${service.url}/api/2/no-such-entity`, {headers: {authorization: `Bearer ${token}`}});
  assert.equal((await call('not-a-token')).status, 401);
  assert.notEqual((await call(body.access_token as string)).status, 401);
});

test('scheme 2: the milliseconds of serviceconnectlogin become seconds', async () => {
  const endpoint = await serveEndpoint({
    ...base,
    scheme: 'application-login',
    baseUrl: `${service.url}/`,
    applicationId: clientId,
    secret,
  });
  const answer = await endpoint.request();
  assert.equal(answer.status, 200);
  const body = answer.json();
  assert.ok((body.expires_in as number) <= 1800 && (body.expires_in as number) >= 1790);
  const check = await fetch(`${service.url}/api/2/no-such-entity`, {
    headers: {authorization: `Bearer ${body.access_token}`},
  });
  assert.notEqual(check.status, 401);
});

test('the upstream requests carry what each scheme documents', async () => {
  upstream.calls.length = 0;
  const one = await serveEndpoint({
    ...base,
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId,
    clientSecret: secret,
  });
  const two = await serveEndpoint({
    ...base,
    scheme: 'application-login',
    baseUrl: upstream.url,
    applicationId: clientId,
    secret,
  });
  assert.equal((await one.request()).status, 200);
  assert.equal((await two.request()).status, 200);
  const [form, login] = upstream.calls;
  assert.equal(form?.path, '/connect/token');
  assert.equal(form?.contentType, 'application/x-www-form-urlencoded');
  assert.deepEqual(Object.fromEntries(new URLSearchParams(form?.body)), {
    client_id: clientId,
    client_secret: secret,
    grant_type: 'client_credentials',
    // A shopper's scope unless the `scope` option says otherwise.
    scope: 'Service.Configurator',
  });
  assert.equal(login?.path, '/api/2/auth/serviceconnectlogin');
  assert.equal(login?.contentType, 'application/json');
  assert.deepEqual(JSON.parse(login?.body ?? ''), {
    clientId,
    secret,
    scope: 'Service.Configurator',
  });
});

test('caches the token, answers the remaining lifetime, renews before expiry', async () => {
  upstream.calls.length = 0;
  upstream.lifetimeSeconds = 3600;
  const clock = new Clock();
  const endpoint = await serveEndpoint({
    ...base,
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId,
    clientSecret: secret,
    now: clock.now,
    renewBeforeExpirySeconds: 60,
  });
  const first = (await endpoint.request()).json();
  assert.deepEqual(first, {access_token: 'token-1', token_type: 'Bearer', expires_in: 3600});

  clock.advance(1000);
  const second = (await endpoint.request()).json();
  assert.deepEqual(second, {access_token: 'token-1', token_type: 'Bearer', expires_in: 2600});

  clock.advance(2539); // 61 s left: still outside the renewal margin
  assert.equal((await endpoint.request()).json().expires_in, 61);
  assert.equal(upstream.calls.length, 1);

  clock.advance(2); // 59 s left: inside the margin, so a fresh token
  const renewed = (await endpoint.request()).json();
  assert.deepEqual(renewed, {access_token: 'token-2', token_type: 'Bearer', expires_in: 3600});
  assert.equal(upstream.calls.length, 2);
});

test('a short-lived token is reused for half its lifetime, not refetched on every call', async () => {
  upstream.calls.length = 0;
  upstream.lifetimeSeconds = 30; // shorter than the 60 s margin
  const clock = new Clock();
  const endpoint = await serveEndpoint({
    ...base,
    scheme: 'application-login',
    baseUrl: upstream.url,
    applicationId: clientId,
    secret,
    now: clock.now,
  });
  assert.equal((await endpoint.request()).json().expires_in, 30);
  clock.advance(14);
  assert.equal((await endpoint.request()).json().expires_in, 16);
  assert.equal(upstream.calls.length, 1);
  clock.advance(1);
  assert.equal((await endpoint.request()).json().expires_in, 30);
  assert.equal(upstream.calls.length, 2);
  upstream.lifetimeSeconds = 3600;
});

test('50 concurrent callers cost exactly one upstream request', async () => {
  upstream.calls.length = 0;
  const endpoint = await serveEndpoint({
    ...base,
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId,
    clientSecret: secret,
    rateLimit: {burst: 100},
  });
  // The upstream holds its answer until all 50 requests have reached the endpoint, so every
  // caller is waiting at once; without sharing, 50 upstream requests would arrive.
  const release = upstream.hold();
  const answers = Array.from({length: 50}, () => endpoint.request());
  await Promise.all([upstream.arrivals(1), endpoint.receivedAtLeast(50)]);
  release();
  const settled = await Promise.all(answers);
  assert.equal(upstream.calls.length, 1);
  assert.ok(settled.every((a) => a.status === 200 && a.json().access_token === 'token-1'));
});

test('no answer or log line carried the secret', () => {
  assert.ok(recorder.answers.length > 10);
  assert.ok(!recorder.transcript().includes(secret));
  assert.ok(!recorder.transcript().includes(encodeURIComponent(secret)));
});
