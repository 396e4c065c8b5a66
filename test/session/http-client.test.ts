import assert from 'node:assert/strict';
import {after, describe, test} from 'node:test';
import {ConfiguratorError, ErrorCode} from '../../src/session/errors.js';
import {httpClient, retryAfterMs} from '../../src/session/http-client.js';
import type {TokenSource} from '../../src/session/token-source.js';
import {deferred, startLocalServer, type Answer} from './local-server.js';

/** Hands out `t1`, `t2`, ... and counts renewals. */
function countingTokens(): TokenSource & {renewals: number} {
  let n = 1;
  const source = {
    renewals: 0,
    get: async () => `t${n}`,
    renew: async (rejected: string) => {
      if (rejected === `t${n}`) {
        source.renewals++;
        n++;
      }
      return `t${n}`;
    },
  };
  return source;
}

const fastRetry = {attempts: 3, baseDelayMs: 1, maxDelayMs: 20};

describe('HttpClient', async () => {
  let answers: (Answer | (() => Promise<Answer>))[] = [];
  const server = await startLocalServer(async () => {
    const next = answers.shift() ?? {body: {ok: true}};
    return typeof next === 'function' ? next() : next;
  });
  after(() => server.close());
  const client = (tokens: TokenSource = countingTokens(), timeoutMs = 2000) =>
    httpClient({apiUrl: `${server.url}/`, tokenSource: tokens, retry: fastRetry, timeoutMs});

  test('sends the bearer token, JSON or plain text bodies and the query', async () => {
    answers = [{body: {a: 1}}, {body: {b: 2}}];
    const http = client();
    const from = server.requests.length;
    assert.deepEqual(
      await http({
        method: 'PUT',
        path: '/x',
        query: {q: true, no: undefined},
        json: {v: 1},
      }),
      {a: 1},
    );
    assert.deepEqual(await http({method: 'PUT', path: '/y', text: 'nl'}), {b: 2});
    const [json, text] = server.requests.slice(from);
    assert.equal(json.headers.authorization, 'Bearer t1');
    assert.equal(json.headers['content-type'], 'application/json');
    assert.equal(json.query.toString(), 'q=true');
    assert.equal(json.body, '{"v":1}');
    assert.equal(text.headers['content-type'], 'text/plain');
    assert.equal(text.body, 'nl');
  });

  test('a 401 renews the token once and replays the request', async () => {
    const tokens = countingTokens();
    answers = [{status: 401, body: {code: 'token_expired', message: 'expired'}}, {body: {ok: 1}}];
    const from = server.requests.length;
    assert.deepEqual(await client(tokens)({method: 'GET', path: '/z'}), {ok: 1});
    assert.equal(tokens.renewals, 1);
    const seen = server.requests.slice(from).map((r) => r.headers.authorization);
    assert.deepEqual(seen, ['Bearer t1', 'Bearer t2']);
  });

  test('a second 401 is unauthorized, without another renewal', async () => {
    const tokens = countingTokens();
    const denied = {status: 401, body: {code: 'token_invalid', message: 'Unknown token'}};
    answers = [denied, denied, denied];
    await assert.rejects(client(tokens)({method: 'GET', path: '/z'}), {
      code: ErrorCode.unauthorized,
      status: 401,
      serviceCode: 'token_invalid',
      message: 'Unknown token',
    });
    assert.equal(tokens.renewals, 1);
  });

  test('a token source that fails for a moment is asked again; a refusal is final', async () => {
    let calls = 0;
    const flaky: TokenSource = {
      get: async () => {
        calls++;
        if (calls === 1) {
          throw new ConfiguratorError(ErrorCode.tokenFailed, 'endpoint down', {retryable: true});
        }
        return 't1';
      },
      renew: async () => 't1',
    };
    answers = [{body: {ok: 3}}];
    assert.deepEqual(await client(flaky)({method: 'POST', path: '/q', json: {}}), {ok: 3});
    assert.equal(calls, 2);
    let refusals = 0;
    const refusing: TokenSource = {
      get: async () => {
        refusals++;
        throw new ConfiguratorError(ErrorCode.tokenFailed, 'forbidden', {status: 403});
      },
      renew: async () => 'never',
    };
    await assert.rejects(client(refusing)({method: 'GET', path: '/q'}), {
      code: ErrorCode.tokenFailed,
      status: 403,
    });
    assert.equal(refusals, 1);
  });

  test('retries 503 and 5xx with backoff, then succeeds', async () => {
    answers = [{status: 503, body: ''}, {status: 502, body: 'bad gateway'}, {body: {ok: 2}}];
    const from = server.requests.length;
    assert.deepEqual(await client()({method: 'GET', path: '/r'}), {ok: 2});
    assert.equal(server.requests.length - from, 3);
  });

  test('gives up after the attempts with the last failure', async () => {
    answers = [503, 503, 503, 503].map((status) => ({status, body: {code: 'x', message: 'down'}}));
    const from = server.requests.length;
    await assert.rejects(client()({method: 'GET', path: '/r'}), {
      code: ErrorCode.serviceUnavailable,
      retryable: true,
    });
    assert.equal(server.requests.length - from, 3);
  });

  test('honours Retry-After on 429', async () => {
    answers = [{status: 429, headers: {'Retry-After': '0.2'}, body: {code: 'slow', message: ''}}];
    const http = httpClient({
      apiUrl: server.url,
      tokenSource: countingTokens(),
      retry: {attempts: 2, baseDelayMs: 1, maxDelayMs: 1000},
    });
    const started = performance.now();
    assert.deepEqual(await http({method: 'GET', path: '/r'}), {ok: true});
    assert.ok(performance.now() - started >= 190, 'waited for Retry-After');
  });

  test('a Retry-After beyond maxDelayMs ends the retries at once', async () => {
    answers = [{status: 429, headers: {'Retry-After': '120'}, body: ''}];
    const from = server.requests.length;
    await assert.rejects(client()({method: 'GET', path: '/r'}), {
      code: ErrorCode.rateLimited,
      retryable: true,
    });
    assert.equal(server.requests.length - from, 1);
  });

  test('does not retry other 4xx and maps them to stable codes', async () => {
    answers = [{status: 400, body: {code: 'invalid_body', message: 'value is missing'}}];
    await assert.rejects(client()({method: 'PUT', path: '/b', json: {}}), {
      code: ErrorCode.invalidRequest,
      serviceCode: 'invalid_body',
      retryable: false,
    });
    answers = [{status: 404, body: {code: 'not_found', message: 'nope'}}];
    await assert.rejects(
      client()({method: 'GET', path: '/m', notFoundCode: ErrorCode.modelNotFound}),
      {code: ErrorCode.modelNotFound, status: 404},
    );
    answers = [{status: 409, body: 'not json'}];
    await assert.rejects(client()({method: 'GET', path: '/c'}), {
      code: ErrorCode.requestRejected,
      status: 409,
    });
    answers = [{status: 200, body: '<html>'}];
    await assert.rejects(client()({method: 'GET', path: '/h'}), {
      code: ErrorCode.badResponse,
    });
  });

  test('a POST is retried on 503 but not after a lost answer', async () => {
    answers = [{status: 503, body: ''}];
    assert.deepEqual(await client()({method: 'POST', path: '/q', json: {}}), {ok: true});
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    const http = httpClient({
      apiUrl: server.url,
      tokenSource: countingTokens(),
      fetch: failing,
      retry: fastRetry,
    });
    await assert.rejects(http({method: 'POST', path: '/q', json: {}}), {
      code: ErrorCode.network,
    });
    assert.equal(calls, 1);
    await assert.rejects(http({method: 'PUT', path: '/q', json: {}}), {
      code: ErrorCode.network,
      retryable: true,
    });
    assert.equal(calls, 1 + fastRetry.attempts);
  });

  test('times out a stalled answer per attempt', async () => {
    const release = deferred();
    const stalled = async () => {
      await release.promise;
      return {body: {late: true}};
    };
    answers = [stalled, stalled, stalled];
    const http = httpClient({
      apiUrl: server.url,
      tokenSource: countingTokens(),
      timeoutMs: 50,
      retry: {attempts: 2, baseDelayMs: 1, maxDelayMs: 1},
    });
    await assert.rejects(http({method: 'GET', path: '/slow'}), {
      code: ErrorCode.timeout,
      retryable: true,
    });
    release.resolve();
  });

  test("the caller's signal aborts the request and the backoff", async () => {
    const controller = new AbortController();
    const release = deferred();
    answers = [
      async () => {
        controller.abort();
        await release.promise;
        return {body: {}};
      },
    ];
    await assert.rejects(client()({method: 'GET', path: '/a', signal: controller.signal}), {
      code: ErrorCode.aborted,
    });
    release.resolve();
    const backoff = new AbortController();
    answers = [{status: 503, body: ''}];
    const http = httpClient({
      apiUrl: server.url,
      tokenSource: countingTokens(),
      retry: {attempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000},
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        queueMicrotask(() => backoff.abort());
        return response;
      },
    });
    await assert.rejects(http({method: 'GET', path: '/b', signal: backoff.signal}), {
      code: ErrorCode.aborted,
    });
  });

  test('an unreachable service is a retryable network error', async () => {
    const gone = await startLocalServer(() => ({}));
    await gone.close();
    const http = httpClient({
      apiUrl: gone.url,
      tokenSource: countingTokens(),
      retry: {attempts: 2, baseDelayMs: 1, maxDelayMs: 1},
    });
    await assert.rejects(http({method: 'GET', path: '/'}), {
      code: ErrorCode.network,
      retryable: true,
      status: null,
    });
  });
});

test('retryAfterMs reads seconds and HTTP dates', () => {
  assert.equal(retryAfterMs('2'), 2000);
  assert.equal(retryAfterMs(null), null);
  assert.equal(retryAfterMs('soon'), null);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now), 3000);
});
