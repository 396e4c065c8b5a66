import assert from 'node:assert/strict';
import {after, describe, test} from 'node:test';
import {ErrorCode} from '../../src/session/errors.js';
import {
  endpointTokenSource,
  functionTokenSource,
  parseTokenAnswer,
} from '../../src/session/token-source.js';
import {deferred, startLocalServer, type Answer, type SeenRequest} from './local-server.js';

/** A fetch of its own per test, so the page-wide sharing does not leak between tests. */
const ownFetch = (): typeof fetch => (input, init) => fetch(input, init);

describe('parseTokenAnswer', () => {
  test('reads scheme 1 (seconds) and scheme 2 (milliseconds) by field names', () => {
    assert.deepEqual(parseTokenAnswer({access_token: 'a', expires_in: 3600}, 1000), {
      accessToken: 'a',
      expiresAt: 1000 + 3_600_000,
    });
    assert.deepEqual(parseTokenAnswer({accessToken: 'b', expiresIn: 1_800_000}, 1000), {
      accessToken: 'b',
      expiresAt: 1000 + 1_800_000,
    });
  });

  test('ignores other fields and refuses answers without a token', () => {
    const token = parseTokenAnswer(
      {access_token: 'a', expires_in: '60', token_type: 'Bearer', scope: 'Service.Api'},
      0,
    );
    assert.equal(token.expiresAt, 60_000);
    for (const body of [null, 'token', {}, {access_token: ''}, {accessToken: 5}]) {
      assert.throws(() => parseTokenAnswer(body, 0), {code: ErrorCode.tokenFailed});
    }
  });
});

describe('endpointTokenSource', async () => {
  let answer: (request: SeenRequest) => Answer | Promise<Answer> = () => ({
    body: {access_token: 't1', expires_in: 100},
  });
  const server = await startLocalServer((request) => answer(request));
  after(() => server.close());
  const tokenRequests = () => server.requests.filter((r) => r.path === '/token').length;

  test('POSTs with Accept JSON and same-origin credentials', async () => {
    const seen: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(init ?? {});
      return fetch(input, init);
    };
    const source = endpointTokenSource(`${server.url}/token`, {fetch: spy});
    assert.equal(await source.get(), 't1');
    assert.equal(seen[0].method, 'POST');
    assert.equal(seen[0].credentials, 'same-origin');
    assert.equal(new Headers(seen[0].headers).get('Accept'), 'application/json');
  });

  test('is shared per endpoint URL', () => {
    const f = ownFetch();
    const a = endpointTokenSource(`${server.url}/token`, {fetch: f});
    const b = endpointTokenSource(`${server.url}/token`, {fetch: f});
    const c = endpointTokenSource(`${server.url}/other`, {fetch: f});
    assert.equal(a, b);
    assert.notEqual(a, c);
    assert.equal(endpointTokenSource(`${server.url}/x`), endpointTokenSource(`${server.url}/x`));
  });

  test('concurrent callers share one request', async () => {
    const hold = deferred();
    answer = async () => {
      await hold.promise;
      return {body: {accessToken: 'shared', expiresIn: 60_000}};
    };
    const before = tokenRequests();
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    const all = Promise.all([source.get(), source.get(), source.get()]);
    hold.resolve();
    assert.deepEqual(await all, ['shared', 'shared', 'shared']);
    assert.equal(tokenRequests() - before, 1);
  });

  test('renews before expiry, not after', async () => {
    let n = 0;
    answer = () => ({body: {access_token: `t${++n}`, expires_in: 100}});
    let now = 1_000_000;
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch(), now: () => now});
    assert.equal(await source.get(), 't1');
    now += 85_000; // 15 s before expiry: still outside the 10% margin
    assert.equal(await source.get(), 't1');
    now += 6_000; // 9 s before expiry: inside the margin
    assert.equal(await source.get(), 't2');
    assert.equal(n, 2);
  });

  test('renew(rejected) fetches once per rejected token', async () => {
    let n = 0;
    answer = () => ({body: {access_token: `r${++n}`, expires_in: 3600}});
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    const first = await source.get();
    const [a, b] = await Promise.all([source.renew(first), source.renew(first)]);
    assert.equal(a, 'r2');
    assert.equal(b, 'r2');
    // A late 401 for the old token does not throw away the new one.
    assert.equal(await source.renew(first), 'r2');
    assert.equal(n, 2);
  });

  test('renew(rejected) tells the endpoint which token was refused; get() sends no body', async () => {
    let n = 0;
    answer = () => ({body: {access_token: `b${++n}`, expires_in: 3600}});
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    const before = server.requests.length;
    const first = await source.get();
    assert.equal(await source.renew(first), 'b2');
    const [plain, report] = server.requests.slice(before);
    assert.equal(plain.body, '');
    assert.equal(plain.headers['content-type'], undefined);
    assert.deepEqual(JSON.parse(report.body), {rejected: first});
    // text/plain keeps the POST a CORS simple request: no preflight for a cross-origin endpoint.
    assert.equal(report.headers['content-type'], 'text/plain;charset=UTF-8');
    assert.equal(report.headers.accept, 'application/json');
  });

  test('a renewal under way without the report is followed by one that reports', async () => {
    const hold = deferred();
    let n = 0;
    let now = 1_000_000;
    answer = async (request) => {
      n++;
      // The first renewal is held, and then answered by an issuer still holding `old`.
      if (n === 2) await hold.promise;
      return {body: {access_token: request.body ? 'fresh' : 'old', expires_in: 100}};
    };
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch(), now: () => now});
    const before = server.requests.length;
    assert.equal(await source.get(), 'old');
    now += 95_000; // inside the renewal margin: the next get() renews, without a report
    const renewal = source.get();
    const renewed = source.renew('old');
    hold.resolve();
    assert.equal(await renewal, 'old');
    assert.equal(await renewed, 'fresh');
    assert.deepEqual(
      server.requests.slice(before).map((r) => r.body),
      ['', '', JSON.stringify({rejected: 'old'})],
    );
  });

  test('an endpoint that ignores the report costs one request per renewal, not a loop', async () => {
    let n = 0;
    answer = () => {
      n++;
      return {body: {access_token: 'stuck', expires_in: 3600}};
    };
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    assert.equal(await source.get(), 'stuck');
    assert.equal(await source.renew('stuck'), 'stuck');
    assert.equal(n, 2);
  });

  test('failures are token_failed, retryable only when the endpoint may recover', async () => {
    answer = () => ({status: 401, body: {code: 'not_authorized', message: 'no'}});
    const refused = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    await assert.rejects(refused.get(), {
      code: ErrorCode.tokenFailed,
      status: 401,
      retryable: false,
    });
    answer = () => ({status: 503, body: ''});
    const down = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    await assert.rejects(down.get(), {code: ErrorCode.tokenFailed, status: 503, retryable: true});
    answer = () => ({body: '<html>'});
    const html = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    await assert.rejects(html.get(), {code: ErrorCode.tokenFailed});
    // A failure is not cached: the next call asks again.
    answer = () => ({body: {access_token: 'ok', expires_in: 60}});
    assert.equal(await html.get(), 'ok');
  });

  test("a caller's abort does not cancel the shared request", async () => {
    const hold = deferred();
    answer = async () => {
      await hold.promise;
      return {body: {access_token: 'late', expires_in: 60}};
    };
    const source = endpointTokenSource(`${server.url}/token`, {fetch: ownFetch()});
    const controller = new AbortController();
    const aborted = source.get(controller.signal);
    const patient = source.get();
    controller.abort();
    await assert.rejects(aborted, {code: ErrorCode.aborted});
    hold.resolve();
    assert.equal(await patient, 'late');
  });
});

describe('functionTokenSource', () => {
  test('reads expiresIn as seconds and renews on the same schedule', async () => {
    let n = 0;
    let now = 0;
    const source = functionTokenSource(async () => ({accessToken: `f${++n}`, expiresIn: 10}), {
      now: () => now,
    });
    assert.equal(await source.get(), 'f1');
    now = 8_900; // the margin is 10% of 10 s
    assert.equal(await source.get(), 'f1');
    now = 9_100;
    assert.equal(await source.get(), 'f2');
  });

  test('a renewal after a 401 passes the refused token to fetchToken', async () => {
    const calls: unknown[][] = [];
    let n = 0;
    const source = functionTokenSource(async (...args) => {
      calls.push(args);
      return {accessToken: `g${++n}`, expiresIn: 60};
    });
    assert.equal(await source.get(), 'g1');
    assert.equal(await source.renew('g1'), 'g2');
    // A late 401 for g1 neither calls fetchToken nor throws g2 away.
    assert.equal(await source.renew('g1'), 'g2');
    assert.deepEqual(calls, [[], [{rejected: 'g1'}]]);
  });

  test('wraps a throwing fetchToken as token_failed', async () => {
    const source = functionTokenSource(() => Promise.reject(new Error('backend down')));
    await assert.rejects(source.get(), {code: ErrorCode.tokenFailed, retryable: true});
  });
});
