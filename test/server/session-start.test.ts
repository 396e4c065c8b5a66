// `startSessions`: the helper starts the session a page names in its token request, with the
// token it hands over, and answers the service's start beside it. Real HTTP to the reference
// service, which issues the token and starts the session; faults are injected in the helper's
// `fetch` only where the service cannot be made to misbehave.
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';
import {serve} from '@hono/node-server';
import {createServer} from 'node:http';
import {
  createTokenEndpoint,
  toNodeHandler,
  type TokenEndpointLogEntry,
  type TokenEndpointOptions,
} from '../../src/server/token-endpoint.js';
import {maxAnswerBytes} from '../../src/server/session-start.js';
import {createApp} from '../../service/app.js';
import {chairNode} from '../helpers/node/configurator.js';

const pageOrigin = 'https://shop.example';
let service: ReturnType<typeof serve>;
let serviceUrl = '';

before(async () => {
  const {app} = createApp();
  service = await new Promise((resolve) => {
    const s = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
after(() => new Promise((resolve) => service.close(resolve)));

interface Call {
  url: string;
  authorization: string | null;
}

/** The helper against the reference service, its outgoing requests counted (and `fault`ed). */
function endpoint(
  options: Partial<TokenEndpointOptions> = {},
  fault?: (url: string, signal?: AbortSignal | null) => Promise<Response> | undefined,
) {
  const calls: Call[] = [];
  const logs: TokenEndpointLogEntry[] = [];
  const handler = createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: serviceUrl,
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    allowedOrigins: [pageOrigin],
    rateLimit: false,
    startSessions: {apiUrl: serviceUrl},
    log: (entry) => logs.push(entry),
    fetch: (input, init) => {
      const url = String(input);
      calls.push({url, authorization: new Headers(init?.headers).get('authorization')});
      return fault?.(url, init?.signal) ?? fetch(input, init);
    },
    ...options,
  } as TokenEndpointOptions);
  const ask = async (body?: unknown) => {
    const response = await handler(
      new Request('https://shop.example/api/configurator-token', {
        method: 'POST',
        headers: {origin: pageOrigin, 'content-type': 'text/plain;charset=UTF-8'},
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return {status: response.status, body: (await response.json()) as Record<string, unknown>};
  };
  const starts = () => calls.filter((c) => c.url.includes('/configurator/new/'));
  return {ask, handler, calls, starts, logs};
}

test('a start in the token request comes back as the session, started with that token', async () => {
  const {ask, starts, logs} = endpoint();
  const {status, body} = await ask({start: {model: 'Office Chair', lang: 'nl'}});
  assert.equal(status, 200);
  assert.equal(typeof body.access_token, 'string');
  assert.ok((body.expires_in as number) > 0);
  const configuration = body.configuration as {id: string; languageIso: string};
  assert.equal(configuration.languageIso, 'nl');
  // Last: the page cuts the start out of the answer's text instead of parsing it twice.
  assert.equal(Object.keys(body).at(-1), 'configuration');
  assert.deepEqual(
    starts().map((c) => [c.url, c.authorization]),
    [
      [
        `${serviceUrl}/api/3/configurator/new/Office%20Chair?lang=nl`,
        `Bearer ${body.access_token as string}`,
      ],
    ],
  );
  // The page's token reaches the session: its first change is answered.
  const update = await fetch(`${serviceUrl}/api/3/configurator/${configuration.id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${body.access_token as string}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      featureModelNodeId: chairNode('frame-silver'),
      value: 1,
      isSelection: true,
    }),
  });
  assert.equal(update.status, 200);
  assert.equal(((await update.json()) as {id: string}).id, configuration.id);
  assert.deepEqual(logs, []);
});

test('a token request without a start, or a helper without startSessions, starts nothing', async () => {
  for (const [options, body] of [
    [{}, undefined],
    [{}, {}],
    [{startSessions: undefined}, {start: {model: 'Office Chair', lang: 'en'}}],
  ] as const) {
    const {ask, starts} = endpoint(options, undefined);
    const answer = await ask(body);
    assert.equal(answer.status, 200);
    assert.equal('configuration' in answer.body, false);
    assert.deepEqual(starts(), []);
  }
});

test('a report and a start together: the token is renewed and the session started', async () => {
  const {ask, starts} = endpoint({rejectedTokenMinAgeSeconds: 0});
  const first = await ask();
  const second = await ask({rejected: first.body.access_token, start: {model: 'Office Chair'}});
  assert.notEqual(second.body.access_token, first.body.access_token);
  assert.equal(typeof (second.body.configuration as {id?: unknown}).id, 'string');
  // Without a language, the service's default.
  assert.deepEqual(
    starts().map((c) => c.url),
    [`${serviceUrl}/api/3/configurator/new/Office%20Chair`],
  );
});

test('a model the service does not know: the token alone, and the operator is told why', async () => {
  const {ask, starts, logs} = endpoint();
  const {status, body} = await ask({start: {model: 'No such chair <script>', lang: 'en'}});
  assert.equal(status, 200);
  assert.equal('configuration' in body, false);
  assert.equal(starts().length, 1);
  assert.deepEqual(
    logs.map((l) => [l.level, l.code]),
    [['warn', 'session_not_started']],
  );
  assert.match(logs[0]!.message, /answered 404/);
  // The page's text is not the operator's log line.
  assert.doesNotMatch(logs[0]!.message, /No such chair|script/);
});

test('names that are not names, and languages that are not tags, never reach the service', async () => {
  const {ask, starts, logs} = endpoint();
  for (const start of [
    {model: '..', lang: 'en'},
    {model: '.', lang: 'en'},
    {model: 'x'.repeat(1025), lang: 'en'},
    {model: 'Office Chair', lang: 'en&x=1'},
    {model: 'Office Chair', lang: '../../2/crmaccounts'},
  ]) {
    const {status, body} = await ask({start});
    assert.equal(status, 200);
    assert.equal('configuration' in body, false);
  }
  assert.deepEqual(starts(), []);
  assert.equal(logs.length, 5);
  // A name with a slash stays one path segment.
  await ask({start: {model: '../../2/crmaccounts', lang: 'en'}});
  assert.equal(
    starts().at(-1)!.url,
    `${serviceUrl}/api/3/configurator/new/..%2F..%2F2%2Fcrmaccounts?lang=en`,
  );
});

test('a malformed start is 400 invalid_request, and nothing is asked of anyone', async () => {
  const {ask, calls} = endpoint();
  for (const start of [5, 'Office Chair', [], {}, {model: ''}, {model: 7}, {model: 'x', lang: 3}]) {
    const {status, body} = await ask({start});
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_request');
    assert.match(body.message as string, /`start`/);
  }
  assert.deepEqual(calls, []);
});

test('a service that does not answer in time, redirects, or answers what is not a configuration: the token alone', async () => {
  type Fault = (url: string, signal?: AbortSignal | null) => Promise<Response> | undefined;
  const cases: Array<[string, Fault, RegExp]> = [
    [
      'hang',
      // Answers nothing; gives up only when the helper's signal says so.
      (url, signal) =>
        url.includes('/new/')
          ? new Promise<Response>((_, reject) =>
              signal!.addEventListener('abort', () => reject(signal!.reason as Error)),
            )
          : undefined,
      /no answer from .* within 50 ms/,
    ],
    [
      'redirect',
      (url) =>
        url.includes('/new/')
          ? Promise.resolve(new Response(null, {status: 302, headers: {location: '/elsewhere'}}))
          : undefined,
      /answered 302/,
    ],
    [
      'array',
      (url) => (url.includes('/new/') ? Promise.resolve(Response.json([1, 2])) : undefined),
      /not a configuration/,
    ],
    [
      'not JSON',
      (url) => (url.includes('/new/') ? Promise.resolve(new Response('<html>')) : undefined),
      /without JSON/,
    ],
    [
      'too large',
      (url) =>
        url.includes('/new/')
          ? Promise.resolve(new Response(new Uint8Array(maxAnswerBytes + 1).fill(32)))
          : undefined,
      new RegExp(`more than ${maxAnswerBytes} bytes`),
    ],
  ];
  for (const [what, fault, logged] of cases) {
    // Only the hang waits for the deadline; the others answer, and must never be taken for a
    // slow answer however loaded the machine is.
    const timeoutMs = what === 'hang' ? 50 : 60_000;
    const {ask, logs} = endpoint({startSessions: {apiUrl: serviceUrl, timeoutMs}}, fault);
    const {status, body} = await ask({start: {model: 'Office Chair', lang: 'en'}});
    assert.equal(status, 200, what);
    assert.equal(typeof body.access_token, 'string', what);
    assert.equal('configuration' in body, false, what);
    assert.equal(logs.length, 1, what);
    assert.match(logs[0]!.message, logged, what);
  }
});

test("a large model's start (over 1 MiB) comes back with the token, compressed: one round trip", async () => {
  // An answer as long as a large model's nodes make it.
  const padding = 'x'.repeat(1.5 * 1024 * 1024);
  const {handler, starts, logs} = endpoint({}, (url) =>
    url.includes('/new/')
      ? Promise.resolve(Response.json({id: 'large', description: padding}))
      : undefined,
  );
  const answer = await handler(
    new Request('https://shop.example/api/configurator-token', {
      method: 'POST',
      headers: {origin: pageOrigin, 'accept-encoding': 'gzip'},
      body: JSON.stringify({start: {model: 'Office Chair', lang: 'en'}}),
    }),
  );
  assert.equal(answer.headers.get('content-encoding'), 'gzip');
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const text = await new Response(
    new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text();
  const body = JSON.parse(text) as {access_token: string; configuration: {description: string}};
  assert.equal(typeof body.access_token, 'string');
  assert.equal(body.configuration.description.length, padding.length);
  assert.ok(bytes.length < 64 * 1024, `${bytes.length} bytes over the wire`);
  assert.equal(starts().length, 1);
  assert.deepEqual(logs, []);
});

test('startSessions is checked when the endpoint is made, naming the option', () => {
  const make =
    (startSessions: unknown, allowHttp = false) =>
    () =>
      createTokenEndpoint({
        scheme: 'client-credentials',
        authUrl: 'https://auth.example',
        clientId: 'shop',
        clientSecret: 'secret',
        allowedOrigins: [pageOrigin],
        allowHttp,
        startSessions,
      } as TokenEndpointOptions);
  assert.throws(make({apiUrl: 'not a url'}), /`startSessions.apiUrl` must be an absolute URL/);
  assert.throws(
    make({apiUrl: 'ftp://api.example'}),
    /`startSessions.apiUrl` must be an http\(s\) URL/,
  );
  // The token crosses this connection: plain HTTP only on loopback, unless allowed.
  assert.throws(make({apiUrl: 'http://api.example'}), /`startSessions.apiUrl` must use https/);
  assert.doesNotThrow(make({apiUrl: 'http://api.example'}, true));
  assert.throws(make({apiUrl: 'https://api.example', timeoutMs: 0}), /`startSessions.timeoutMs`/);
  assert.throws(make('https://api.example'), /`startSessions` must be an object/);
  assert.doesNotThrow(make({apiUrl: new URL('https://api.example/tenant/')}));
});

test('an answer that carries a session is gzip-compressed for a page that accepts it', async () => {
  const {handler} = endpoint();
  const ask = (acceptEncoding: string | undefined) =>
    handler(
      new Request('https://shop.example/api/configurator-token', {
        method: 'POST',
        headers: {
          origin: pageOrigin,
          ...(acceptEncoding !== undefined && {'accept-encoding': acceptEncoding}),
        },
        body: JSON.stringify({start: {model: 'Office Chair', lang: 'en'}}),
      }),
    );
  const zipped = await ask('gzip, deflate, br');
  assert.equal(zipped.headers.get('content-encoding'), 'gzip');
  assert.equal(zipped.headers.get('vary'), 'Origin, Accept-Encoding');
  assert.equal(zipped.headers.get('cache-control'), 'no-store');
  const bytes = new Uint8Array(await zipped.arrayBuffer());
  const text = await new Response(
    new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text();
  assert.ok(bytes.length * 4 < text.length, `${bytes.length} bytes for ${text.length}`);
  assert.equal(
    typeof (JSON.parse(text) as {configuration: {id: string}}).configuration.id,
    'string',
  );
  for (const refused of [undefined, 'br', 'gzip;q=0', 'identity']) {
    const plain = await ask(refused);
    assert.equal(plain.headers.get('content-encoding'), null, refused);
    assert.equal(
      typeof ((await plain.json()) as {configuration: {id: string}}).configuration.id,
      'string',
    );
  }
  // A token alone stays as it was: small, never compressed.
  const tokenOnly = await handler(
    new Request('https://shop.example/api/configurator-token', {
      method: 'POST',
      headers: {origin: pageOrigin, 'accept-encoding': 'gzip'},
    }),
  );
  assert.equal(tokenOnly.headers.get('content-encoding'), null);
});

test('through toNodeHandler over real HTTP, the compressed answer reaches a client whole', async () => {
  const {handler} = endpoint();
  const server = createServer(toNodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {port} = server.address() as AddressInfo;
    // Node's fetch asks for gzip and undoes it, as a browser does.
    const answer = await fetch(`http://127.0.0.1:${port}/api/configurator-token`, {
      method: 'POST',
      headers: {origin: pageOrigin},
      body: JSON.stringify({start: {model: 'Office Chair', lang: 'fr'}}),
    });
    assert.equal(answer.headers.get('content-encoding'), 'gzip');
    const body = (await answer.json()) as {configuration: {languageIso: string}};
    assert.equal(body.configuration.languageIso, 'fr');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('expires_in leaves out the time the start took', async () => {
  let now = 1_700_000_000_000;
  const {ask} = endpoint({now: () => now}, (url) => {
    if (!url.includes('/new/')) return undefined;
    // The service takes 100 s (on the helper's clock) to start the session.
    now += 100_000;
    return Promise.resolve(Response.json({id: 'started'}));
  });
  const plain = await ask();
  const started = await ask({start: {model: 'Office Chair', lang: 'en'}});
  assert.equal((started.body.configuration as {id: string}).id, 'started');
  assert.equal(started.body.access_token, plain.body.access_token);
  assert.equal(plain.body.expires_in as number, 3600);
  assert.equal(started.body.expires_in as number, 3500);
});

test('a session id or code in the token request comes back opened, in the page language', async () => {
  const {ask, starts, calls} = endpoint();
  const first = await ask({start: {model: 'Office Chair', lang: 'en'}});
  const started = first.body.configuration as {id: string; code: string};
  const opened = await ask({start: {configuration: started.code, lang: 'de'}});
  const copy = opened.body.configuration as {id: string; languageIso: string};
  assert.equal(copy.languageIso, 'de');
  assert.equal(typeof copy.id, 'string');
  assert.equal(starts().length, 1);
  assert.deepEqual(
    calls.filter((c) => c.url.includes('/open/')).map((c) => [c.url, c.authorization]),
    [
      [
        `${serviceUrl}/configurator/3/configurator/open/${started.code}?lang=de`,
        `Bearer ${opened.body.access_token as string}`,
      ],
    ],
  );
  // A code the service does not know: the token alone, and the page opens it itself.
  const unknown = await ask({start: {configuration: 'NOSUCHCODE', lang: 'en'}});
  assert.equal(unknown.status, 200);
  assert.equal('configuration' in unknown.body, false);
});

test('a start names a model or a configuration, never both or neither', async () => {
  const {ask, calls} = endpoint();
  for (const start of [
    {model: 'Office Chair', configuration: 'ABC'},
    {lang: 'en'},
    {configuration: ''},
    {configuration: 5},
  ]) {
    const {status, body} = await ask({start});
    assert.equal(status, 400, JSON.stringify(start));
    assert.equal(body.code, 'invalid_request');
  }
  assert.deepEqual(calls, []);
});

test("a service that refuses the page's origin refuses the helper's start too: the page meets it at start", async () => {
  const {app} = createApp({allowedOrigins: ['https://other.example']});
  const strict = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  try {
    const strictUrl = `http://127.0.0.1:${(strict.address() as AddressInfo).port}`;
    const origins: (string | null)[] = [];
    const {ask, logs} = endpoint({
      authUrl: strictUrl,
      startSessions: {apiUrl: strictUrl},
      fetch: (input, init) => {
        if (String(input).includes('/configurator/new/')) {
          origins.push(new Headers(init?.headers).get('origin'));
        }
        return fetch(input, init);
      },
    });
    const {status, body} = await ask({start: {model: 'Office Chair', lang: 'en'}});
    assert.equal(status, 200, 'the token is handed over');
    assert.equal('configuration' in body, false, 'no session that would fail at the first click');
    assert.deepEqual(origins, [pageOrigin], "the start carried the page's origin");
    assert.match(
      logs.map((entry) => entry.message).join('\n'),
      /session was left for the page to start: .* answered 403/,
    );
    // The page's own start, from its origin, gets the refusal it can read and explain.
    const own = await fetch(`${strictUrl}/api/3/configurator/new/Office%20Chair`, {
      headers: {authorization: `Bearer ${body.access_token as string}`, origin: pageOrigin},
    });
    assert.equal(own.status, 403);
    assert.equal(((await own.json()) as {code: string}).code, 'origin_not_allowed');
  } finally {
    await new Promise((resolve) => strict.close(resolve));
  }
});
