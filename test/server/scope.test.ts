// The scope the helper asks for, over real HTTP: a shopper's by default, against the reference
// service on both schemes; a service that refuses it or grants more makes a 502 that names the
// option, and the helper never asks again with a wider scope.
import assert from 'node:assert/strict';
import {before, test} from 'node:test';
import {createTokenEndpoint, shopperScope} from '../../src/server/token-endpoint.js';
import {
  EndpointServer,
  pageOrigin,
  startReferenceService,
  useTokenEndpointFile,
} from './harness.js';

const {secret, recorder, cleanup, upstream} = useTokenEndpointFile();
const clientId = 'shop-backend';
let service: Awaited<ReturnType<typeof startReferenceService>>;
let held: Awaited<ReturnType<typeof startReferenceService>>;

before(async () => {
  service = await startReferenceService({clientId, secret});
  cleanup.push(service.close);
  // An application the service holds to the shopper's scope.
  held = await startReferenceService({clientId, secret, scopes: ['Service.Configurator']});
  cleanup.push(held.close);
});

async function serveEndpoint(options: Parameters<typeof createTokenEndpoint>[0]) {
  const server = await new EndpointServer(createTokenEndpoint(options), recorder).start();
  cleanup.push(() => server.close());
  return server;
}

const base = {allowedOrigins: [pageOrigin], log: recorder.log};
const schemes = (url: string) =>
  [
    {scheme: 'client-credentials', authUrl: url, clientId, clientSecret: secret},
    {scheme: 'application-login', baseUrl: url, applicationId: clientId, secret},
  ] as const;

/** What a handed-out token reaches on the reference service. */
async function reach(token: string) {
  const call = async (path: string) => {
    const response = await fetch(`${service.url}${path}`, {
      headers: {authorization: `Bearer ${token}`},
    });
    await response.body?.cancel();
    return response.status;
  };
  return {
    crmAccounts: await call('/api/2/crmaccounts'),
    webhooks: await call('/api/2/webhooks'),
    session: await call('/api/3/configurator/new/Office%20Chair'),
  };
}

test('by default both schemes hand out a Service.Configurator token', async () => {
  assert.equal(shopperScope, 'Service.Configurator');
  for (const scheme of schemes(service.url)) {
    const endpoint = await serveEndpoint({...base, ...scheme});
    const answer = await endpoint.request();
    assert.equal(answer.status, 200, scheme.scheme);
    assert.deepEqual(
      await reach(String(answer.json().access_token)),
      {crmAccounts: 403, webhooks: 403, session: 200},
      scheme.scheme,
    );
  }
  assert.ok(!recorder.logs.some((entry) => entry.code === 'wide_scope'));
});

test('scope: Service.Api is honoured when set on purpose, with a warning', async () => {
  const before = recorder.logs.length;
  const endpoint = await serveEndpoint({
    ...base,
    ...schemes(service.url)[0],
    scope: 'Service.Api',
  });
  const warning = recorder.logs.slice(before).find((entry) => entry.code === 'wide_scope');
  assert.equal(warning?.level, 'warn');
  assert.match(warning?.message ?? '', /Service\.Configurator/);
  const answer = await endpoint.request();
  assert.equal((await reach(String(answer.json().access_token))).crmAccounts, 200);
});

test('a service that refuses the scope is a 502 upstream_scope_refused naming the option', async () => {
  for (const scheme of schemes(upstream.url)) {
    upstream.mode = 'invalid-scope';
    upstream.calls.length = 0;
    const endpoint = await serveEndpoint({...base, ...scheme});
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await endpoint.request();
      assert.equal(answer.status, 502, scheme.scheme);
      const body = answer.json();
      assert.equal(body.code, 'upstream_scope_refused');
      assert.match(String(body.message), /`scope` option/);
      assert.match(String(body.message), /Service\.Configurator/);
      assert.ok(!answer.text.includes('Only the scope'), 'the upstream text is not copied');
    }
    // Never a fallback: each failure cost one upstream request, each for the same scope.
    assert.equal(upstream.calls.length, 2);
    for (const call of upstream.calls) {
      const scope =
        scheme.scheme === 'client-credentials'
          ? new URLSearchParams(call.body).get('scope')
          : (JSON.parse(call.body) as {scope?: string}).scope;
      assert.equal(scope, 'Service.Configurator');
    }
  }
  const logged = recorder.logs.filter((entry) => entry.code === 'upstream_scope_refused');
  assert.ok(logged.length >= 4 && logged.every((entry) => entry.level === 'warn'));
  upstream.mode = 'ok';
});

test('the reference service refusing a wider scope than the application may have is the same 502', async () => {
  for (const scheme of schemes(held.url)) {
    const refused = await serveEndpoint({...base, ...scheme, scope: 'Service.Api'});
    const answer = await refused.request();
    assert.equal(answer.status, 502, scheme.scheme);
    assert.equal(answer.json().code, 'upstream_scope_refused');
    const fine = await serveEndpoint({...base, ...scheme});
    assert.equal((await fine.request()).status, 200);
  }
  // An unknown scope name is refused by the service the same way.
  const unknown = await serveEndpoint({
    ...base,
    ...schemes(service.url)[0],
    scope: 'Service.Shopper',
  });
  const answer = await unknown.request();
  assert.equal(answer.json().code, 'upstream_scope_refused');
  assert.match(String(answer.json().message), /Service\.Shopper/);
});

// A grant wider than asked, or one whose scope is not text (never read as "as asked"): the
// token never reaches the page.
for (const [mode, what, code] of [
  ['wide-scope', 'more than the scope asked for', 'upstream_scope_widened'],
  ['scope-list', 'a scope that is not text', 'upstream_invalid_response'],
] as const) {
  test(`a token granted with ${what} is not handed out`, async () => {
    upstream.mode = mode;
    for (const scheme of schemes(upstream.url)) {
      const endpoint = await serveEndpoint({...base, ...scheme});
      const answer = await endpoint.request();
      assert.equal(answer.status, 502, scheme.scheme);
      assert.equal(answer.json().code, code);
      assert.ok(!answer.text.includes('token-'), 'the token never reaches the page');
    }
    upstream.mode = 'ok';
  });
}

test('an answer without a scope is taken as the scope asked for (OAuth)', async () => {
  upstream.mode = 'ok';
  const endpoint = await serveEndpoint({...base, ...schemes(upstream.url)[0]});
  assert.equal((await endpoint.request()).status, 200);
});

test('a malformed scope option is a TypeError naming the option, not the value', () => {
  for (const scope of ['', ' Service.Configurator', 'a  b', 'quote"d', 42]) {
    assert.throws(
      () =>
        createTokenEndpoint({
          ...base,
          ...schemes(upstream.url)[0],
          scope: scope as string,
        }),
      (error: unknown) => error instanceof TypeError && /`scope`/.test(error.message),
      String(scope),
    );
  }
});

test('no answer or log line carries the secret', () => {
  assert.ok(!recorder.transcript().includes(secret));
});
