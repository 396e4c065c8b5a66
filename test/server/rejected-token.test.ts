// A caller reports the token the service refused (`{"rejected": "<token>"}`): the helper drops
// it only when it is the live token, renews once however many report it, and never lets a
// report (or a guess) cause upstream traffic otherwise. Real HTTP on both sides.
import assert from 'node:assert/strict';
import {createServer, request as httpRequest} from 'node:http';
import type {AddressInfo} from 'node:net';
import {test} from 'node:test';
import {serve as honoServe} from '@hono/node-server';
import {
  createTokenEndpoint,
  toNodeHandler,
  type TokenEndpointHandler,
  type TokenEndpointOptions,
} from '../../src/server/token-endpoint.js';
import {sameToken} from '../../src/server/token-cache.js';
import {Clock, EndpointServer, pageOrigin, useTokenEndpointFile} from './harness.js';

const {secret, recorder, cleanup, upstream} = useTokenEndpointFile();

/** The endpoint over real HTTP, counting requests whose body has been read in full. */
async function serve(options: Partial<TokenEndpointOptions> = {}) {
  const clock = new Clock();
  const handler = createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId: 'shop',
    clientSecret: secret,
    allowedOrigins: [pageOrigin],
    rateLimit: false,
    now: clock.now,
    log: recorder.log,
    ...options,
  } as TokenEndpointOptions);
  const bodies = {read: 0, waiters: [] as Array<() => void>};
  // Counts a request once its body has arrived, so a test knows every report reached the cache.
  const counting: TokenEndpointHandler = async (request, context) => {
    await request.clone().arrayBuffer();
    bodies.read++;
    for (const wake of bodies.waiters) wake();
    return handler(request, context);
  };
  const server = await new EndpointServer(counting, recorder).start();
  cleanup.push(() => server.close());
  const bodiesRead = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (bodies.read >= count ? (resolve(), true) : false);
      if (!check()) bodies.waiters.push(() => void check());
    });
  return {server, clock, bodiesRead};
}

interface Posted {
  status: number;
  body: Record<string, unknown>;
}

/** A POST from the page, with `body` sent as it is (a string) or as JSON. */
async function post(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Posted> {
  const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      origin: pageOrigin,
      accept: 'application/json',
      ...(text === undefined ? {} : {'content-type': 'text/plain;charset=UTF-8'}),
      ...headers,
    },
    body: text,
  });
  const raw = await response.text();
  recorder.answers.push({
    status: response.status,
    headers: response.headers,
    text: raw,
    json: () => JSON.parse(raw) as Record<string, unknown>,
  });
  return {status: response.status, body: JSON.parse(raw) as Record<string, unknown>};
}

const tokenOf = (answer: Posted) => {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.access_token as string;
};

test('20 callers reporting the live token at once cause one upstream request', async () => {
  const {server, clock, bodiesRead} = await serve();
  const live = tokenOf(await post(server.url));
  const calls = upstream.calls.length;
  clock.advance(10);
  const logsBefore = recorder.logs.length;
  const release = upstream.hold();
  const reports = Array.from({length: 20}, () => post(server.url, {rejected: live}));
  // Every report has arrived whole before the held renewal may answer.
  await bodiesRead(21);
  release();
  const answers = await Promise.all(reports);
  const renewed = new Set(answers.map(tokenOf));
  assert.equal(renewed.size, 1);
  assert.ok(!renewed.has(live));
  assert.equal(upstream.calls.length - calls, 1);
  // The shape of the answer did not change, and neither did what later callers get.
  assert.deepEqual(Object.keys(answers[0].body).sort(), [
    'access_token',
    'expires_in',
    'token_type',
  ]);
  assert.equal(tokenOf(await post(server.url)), [...renewed][0]);
  const logged = recorder.logs.slice(logsBefore);
  assert.deepEqual(
    logged.map((entry) => entry.code),
    ['token_rejected'],
  );
});

test('a report of any other token changes nothing and costs no upstream request', async () => {
  const {server, clock} = await serve();
  const first = tokenOf(await post(server.url));
  clock.advance(10);
  const second = tokenOf(await post(server.url, {rejected: first}));
  assert.notEqual(second, first);
  const calls = upstream.calls.length;
  const logsBefore = recorder.logs.length;
  for (const rejected of [
    first, // already replaced: a late 401 of another element
    'token-999', // a guess
    `${second}x`, // the live token with a byte more
    second.slice(0, -1), // and with a byte less
    second.toUpperCase(),
  ]) {
    clock.advance(10);
    assert.equal(tokenOf(await post(server.url, {rejected})), second, rejected);
  }
  assert.equal(upstream.calls.length, calls);
  assert.equal(recorder.logs.length, logsBefore);
});

test('a token held for less than rejectedTokenMinAgeSeconds is kept, then renewed', async () => {
  const {server, clock} = await serve({rejectedTokenMinAgeSeconds: 30});
  const live = tokenOf(await post(server.url));
  const calls = upstream.calls.length;
  clock.advance(29);
  assert.equal(tokenOf(await post(server.url, {rejected: live})), live);
  assert.equal(upstream.calls.length, calls);
  clock.advance(1);
  assert.notEqual(tokenOf(await post(server.url, {rejected: live})), live);
  assert.equal(upstream.calls.length, calls + 1);
});

test('rejectedTokenMinAgeSeconds: 0 honours a report at once; a negative value is refused', async () => {
  const {server} = await serve({rejectedTokenMinAgeSeconds: 0});
  const live = tokenOf(await post(server.url));
  assert.notEqual(tokenOf(await post(server.url, {rejected: live})), live);
  assert.throws(
    () =>
      createTokenEndpoint({
        scheme: 'client-credentials',
        authUrl: upstream.url,
        clientId: 'shop',
        clientSecret: secret,
        allowedOrigins: [pageOrigin],
        rejectedTokenMinAgeSeconds: -1,
      }),
    {name: 'TypeError', message: /rejectedTokenMinAgeSeconds/},
  );
});

test('a failed renewal is shared by the reporters and the next caller tries again', async () => {
  const {server, clock} = await serve();
  const live = tokenOf(await post(server.url));
  clock.advance(10);
  upstream.mode = 'unavailable';
  try {
    const failed = await post(server.url, {rejected: live});
    assert.equal(failed.status, 502);
    assert.equal(failed.body.code, 'upstream_unavailable');
  } finally {
    upstream.mode = 'ok';
  }
  // The refused token is not handed out again.
  assert.notEqual(tokenOf(await post(server.url)), live);
});

test('reports answer to the origin check and the rate limit first', async () => {
  const {server, clock} = await serve({rateLimit: {burst: 2, perMinute: 1}});
  const live = tokenOf(await post(server.url));
  clock.advance(10);
  const calls = upstream.calls.length;
  const foreign = await post(server.url, {rejected: live}, {origin: 'https://evil.example'});
  assert.equal(foreign.status, 403);
  assert.equal(tokenOf(await post(server.url, {rejected: 'not-it'})), live);
  const limited = await post(server.url, {rejected: live});
  assert.equal(limited.status, 429);
  assert.equal(limited.body.code, 'rate_limited');
  assert.equal(upstream.calls.length, calls);
});

test('bodies: empty and {} ask for the token as before; malformed reports are 400', async () => {
  const {server} = await serve();
  const live = tokenOf(await post(server.url));
  assert.equal(tokenOf(await post(server.url, '')), live);
  assert.equal(tokenOf(await post(server.url, {})), live);
  assert.equal(tokenOf(await post(server.url, {rejected: null, other: 1})), live);
  // application/json works as well as text/plain.
  assert.equal(
    tokenOf(await post(server.url, {rejected: 'x'}, {'content-type': 'application/json'})),
    live,
  );
  for (const body of [
    '{"rejected":',
    'rejected=abc',
    '[]',
    '"abc"',
    {rejected: 5},
    {rejected: ''},
  ]) {
    const answer = await post(server.url, body);
    assert.equal(answer.status, 400, String(body));
    assert.equal(answer.body.code, 'invalid_request');
  }
});

test('a body larger than a report is 413, also when streamed without a length', async () => {
  const {server} = await serve();
  const big = JSON.stringify({rejected: 'y'.repeat(20_000)});
  const declared = await post(server.url, big);
  assert.equal(declared.status, 413);
  assert.equal(declared.body.code, 'payload_too_large');
  const url = new URL(server.url);
  const streamed = await new Promise<{status: number; body: string}>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {origin: pageOrigin, 'transfer-encoding': 'chunked'},
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({status: res.statusCode ?? 0, body}));
      },
    );
    req.on('error', reject);
    for (let i = 0; i < 40; i++) req.write('z'.repeat(1000));
    req.end();
  });
  assert.equal(streamed.status, 413);
  assert.equal(JSON.parse(streamed.body).code, 'payload_too_large');
});

test('through toNodeHandler, a body an Express parser already read still reports', async () => {
  const clock = new Clock();
  const listener = toNodeHandler(
    createTokenEndpoint({
      scheme: 'client-credentials',
      authUrl: upstream.url,
      clientId: 'shop',
      clientSecret: secret,
      allowedOrigins: [pageOrigin],
      now: clock.now,
      log: recorder.log,
    }),
  );
  // What express.json() or express.text() leave behind: the stream read, the result in req.body.
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const parsed = req.headers['content-type']?.startsWith('application/json')
      ? (JSON.parse(text) as unknown)
      : text;
    listener(Object.assign(req, {body: parsed}), res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/configurator-token`;
  const live = tokenOf(await post(url));
  clock.advance(10);
  const renewed = tokenOf(await post(url, {rejected: live}, {'content-type': 'application/json'}));
  assert.notEqual(renewed, live);
  clock.advance(10);
  assert.notEqual(tokenOf(await post(url, {rejected: renewed})), renewed);
});

test('served by @hono/node-server directly, the web Request carries the report', async () => {
  const clock = new Clock();
  const handler = createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId: 'shop',
    clientSecret: secret,
    allowedOrigins: [pageOrigin],
    now: clock.now,
    log: recorder.log,
  });
  const server = await new Promise<ReturnType<typeof honoServe>>((resolve) => {
    const s = honoServe({fetch: handler, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const live = tokenOf(await post(url));
  clock.advance(10);
  const calls = upstream.calls.length;
  assert.notEqual(tokenOf(await post(url, {rejected: live})), live);
  assert.equal(upstream.calls.length, calls + 1);
});

test('sameToken compares whole tokens only', () => {
  assert.equal(sameToken('abc', 'abc'), true);
  assert.equal(sameToken('', ''), true);
  for (const [a, b] of [
    ['abc', 'abd'],
    ['abc', 'ab'],
    ['ab', 'abc'],
    ['abc', 'abc\u0000'],
    ['é', 'e'],
  ]) {
    assert.equal(sameToken(a, b), false, `${a} / ${b}`);
  }
});

test('no answer or log line carried the secret, and no log line a token', () => {
  const transcript = recorder.transcript();
  assert.ok(!transcript.includes(secret));
  assert.ok(!transcript.includes(encodeURIComponent(secret)));
  const logs = recorder.logs.map((entry) => JSON.stringify(entry)).join('\n');
  assert.ok(recorder.logs.some((entry) => entry.code === 'token_rejected'));
  for (const answer of recorder.answers) {
    if (answer.status !== 200) continue;
    const token = answer.json().access_token as string;
    assert.ok(!logs.includes(token), 'a log line holds a token');
  }
});
