// When the authorization server is down, slow, refusing or talking nonsense: a clear status,
// a stable code, and not a trace of the secret or of what the upstream said.
import assert from 'node:assert/strict';
import {mock, test} from 'node:test';
import {
  createTokenEndpoint,
  type TokenEndpointBaseOptions,
  type TokenEndpointOptions,
} from '../../src/server/token-endpoint.js';
import {
  EndpointServer,
  FakeUpstream,
  pageOrigin,
  startReferenceService,
  type Answer,
  type UpstreamMode,
  useTokenEndpointFile,
} from './harness.js';

const {secret, recorder, cleanup, upstream} = useTokenEndpointFile();

const schemes = () =>
  [
    {scheme: 'client-credentials', authUrl: upstream.url, clientId: 'shop', clientSecret: secret},
    {scheme: 'application-login', baseUrl: upstream.url, applicationId: 'shop', secret},
  ] as const;

async function serveEndpoint(
  scheme: ReturnType<typeof schemes>[number],
  options: Partial<TokenEndpointBaseOptions> = {},
) {
  const handler = createTokenEndpoint({
    ...scheme,
    allowedOrigins: [pageOrigin],
    log: recorder.log,
    rateLimit: false,
    // Far above what any answer here takes on a loaded machine: only the test about the timeout
    // sets a short one, so an upstream that refuses or answers is never taken for a slow one.
    upstreamTimeoutMs: 60_000,
    ...options,
  });
  const server = await new EndpointServer(handler, recorder).start();
  cleanup.push(() => server.close());
  return server;
}

function assertError(answer: Answer, status: number, code: string) {
  assert.equal(answer.status, status);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.deepEqual(Object.keys(answer.json()).sort(), ['code', 'message']);
  assert.equal(answer.json().code, code);
}

const cases: Array<[UpstreamMode, string]> = [
  ['unavailable', 'upstream_unavailable'],
  ['hang', 'upstream_unavailable'],
  ['reject', 'upstream_rejected'],
  ['reject-echoing', 'upstream_rejected'],
  ['redirect', 'upstream_rejected'],
  ['garbage', 'upstream_invalid_response'],
  ['incomplete', 'upstream_invalid_response'],
  // Refused once the body passes what a token answer can be, not read until the timeout.
  ['endless', 'upstream_invalid_response'],
];

for (const [mode, code] of cases) {
  test(`upstream "${mode}" becomes 502 ${code}, for both schemes`, async () => {
    for (const scheme of schemes()) {
      upstream.mode = mode;
      const endpoint = await serveEndpoint(scheme);
      const before = recorder.logs.length;
      const answer = await endpoint.request();
      assertError(answer, 502, code);
      // The operator learns what happened; the page learns only the code.
      const logged = recorder.logs.slice(before);
      assert.equal(logged.length, 1);
      assert.equal(logged[0]?.code, code);
      assert.ok(!answer.text.includes('maintenance') && !answer.text.includes('invalid_client'));
      assert.ok(!answer.text.includes('could not use') && !answer.text.includes('<html>'));
    }
    upstream.mode = 'ok';
  });
}

test('a timeout is logged as such and does not hold the caller longer than the limit', async () => {
  upstream.mode = 'hang';
  const endpoint = await serveEndpoint(schemes()[0], {upstreamTimeoutMs: 150});
  const started = performance.now();
  assertError(await endpoint.request(), 502, 'upstream_unavailable');
  // The option's deadline released the caller, not the default of 10 s (nor the upstream,
  // which never answers): the log names it, and the answer came well before the default.
  assert.match(recorder.logs.at(-1)?.message ?? '', /within 150 ms/);
  assert.ok(performance.now() - started < 9_000);
  upstream.mode = 'ok';
});

test('an upstream that is not listening becomes upstream_unavailable', async () => {
  const gone = await new FakeUpstream().start();
  await gone.close();
  const endpoint = await serveEndpoint({...schemes()[0], authUrl: gone.url});
  assertError(await endpoint.request(), 502, 'upstream_unavailable');
  assert.match(recorder.logs.at(-1)?.message ?? '', /ECONNREFUSED/);
});

test('wrong credentials at the reference service become upstream_rejected', async () => {
  const service = await startReferenceService({clientId: 'shop', secret: 'the-right-one'});
  cleanup.push(service.close);
  for (const scheme of [
    {scheme: 'client-credentials', authUrl: service.url, clientId: 'shop', clientSecret: secret},
    {scheme: 'application-login', baseUrl: service.url, applicationId: 'shop', secret},
  ] as const) {
    const endpoint = await serveEndpoint(scheme);
    assertError(await endpoint.request(), 502, 'upstream_rejected');
  }
});

test('a failure is not cached: concurrent callers share it, the next call tries again', async () => {
  upstream.calls.length = 0;
  upstream.mode = 'unavailable';
  const endpoint = await serveEndpoint(schemes()[0]);
  const release = upstream.hold();
  const answers = Array.from({length: 10}, () => endpoint.request());
  await Promise.all([upstream.arrivals(1), endpoint.receivedAtLeast(10)]);
  release();
  for (const answer of await Promise.all(answers)) assertError(answer, 502, 'upstream_unavailable');
  assert.equal(upstream.calls.length, 1);

  upstream.mode = 'ok';
  const recovered = await endpoint.request();
  assert.equal(recovered.status, 200);
  assert.equal(upstream.calls.length, 2);
});

test('the default log writes to the console, without the secret', async () => {
  const lines: string[] = [];
  const warn = mock.method(
    console,
    'warn',
    (...args: unknown[]) => void lines.push(args.join(' ')),
  );
  try {
    upstream.mode = 'reject-echoing';
    const handler = createTokenEndpoint({
      ...schemes()[0],
      allowedOrigins: [pageOrigin],
      rateLimit: false,
    });
    const answer = await handler(
      new Request('http://127.0.0.1/token', {method: 'POST', headers: {origin: pageOrigin}}),
    );
    assert.equal(answer.status, 502);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', /^\[token-endpoint\] upstream_rejected: .*answered 400/);
    assert.ok(!lines.join('\n').includes(secret));
  } finally {
    warn.mock.restore();
    upstream.mode = 'ok';
  }
});

test('a log line that would quote the secret is redacted', async () => {
  const lines: string[] = [];
  const handler = createTokenEndpoint({
    ...schemes()[0],
    allowedOrigins: [pageOrigin],
    log: (entry) => lines.push(entry.message),
    // A runtime whose network error quotes the request it failed to send.
    fetch: async (_input, init) => {
      throw new TypeError('fetch failed', {cause: {code: `EBADBODY ${String(init?.body)}`}});
    },
  });
  const answer = await handler(
    new Request('http://127.0.0.1/token', {method: 'POST', headers: {origin: pageOrigin}}),
    {clientAddress: '192.0.2.1'},
  );
  assert.equal(answer.status, 502);
  assert.equal(lines.length, 1);
  assert.match(lines[0] ?? '', /EBADBODY .*\[redacted\]/);
  assert.ok(!lines[0]?.includes(secret) && !lines[0]?.includes(encodeURIComponent(secret)));
  assert.ok(!(await answer.text()).includes('EBADBODY'));
});

test('a misconfiguration fails at creation, naming the option but never its value', () => {
  const good: TokenEndpointOptions = {...schemes()[0], allowedOrigins: [pageOrigin]};
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{authUrl: `not a url ${secret}`}, /authUrl/],
    [{authUrl: 'http://auth.example'}, /https/],
    [{clientSecret: ''}, /clientSecret/],
    [{clientId: undefined}, /clientId/],
    [{allowedOrigins: []}, /allowedOrigins/],
    [{allowedOrigins: ['*']}, /allowedOrigins/],
    // The URL parser takes these; they would match no page.
    [{allowedOrigins: ['https://*.shop.example']}, /allowedOrigins/],
    [{allowedOrigins: ['http://*:8080']}, /allowedOrigins/],
    [{rateLimit: {burst: 0}}, /rateLimit\.burst/],
    [{upstreamTimeoutMs: 0}, /upstreamTimeoutMs/],
    [{renewBeforeExpirySeconds: -1}, /renewBeforeExpirySeconds/],
    [{scheme: 'password'}, /scheme/],
  ];
  for (const [change, message] of bad) {
    assert.throws(
      () => createTokenEndpoint({...good, ...change} as unknown as TokenEndpointOptions),
      (error: Error) =>
        error instanceof TypeError &&
        message.test(error.message) &&
        !error.message.includes(secret),
    );
  }
  assert.doesNotThrow(() =>
    createTokenEndpoint({...good, authUrl: 'http://auth.internal', allowHttp: true}),
  );
});

test('no answer or log line carried the secret', () => {
  assert.ok(recorder.answers.length > 15);
  assert.ok(recorder.logs.length > 15);
  const transcript = recorder.transcript();
  assert.ok(!transcript.includes(secret));
  assert.ok(!transcript.includes(encodeURIComponent(secret)));
  // The echoing upstream did receive it: the scan looked for something that was there to leak.
  assert.ok(upstream.calls.some((call) => call.body.includes(encodeURIComponent(secret))));
});
