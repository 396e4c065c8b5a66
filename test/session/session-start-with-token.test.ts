// A headless page gets the element's one-round-trip start too, from the module beside the
// session (`product-configurator/session/start`): its token request names the start, the host's
// endpoint (the helper with `startSessions`) answers it beside the token, and the session sends
// no request of its own for it. Real HTTP: session -> token endpoint -> service.
import assert from 'node:assert/strict';
import {after, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {startWithToken, tokenEndpointFetch} from '../../src/session/start-with-token.js';
import {endpointTokenSource} from '../../src/session/token-source.js';
import {startService} from '../helpers/node/service.js';
import {nodeNamed, shopOrigin, startTokenEndpoint} from './helpers.js';

test('a headless session starts with its token: one request, and the session is the service’s', async () => {
  const service = await startService();
  after(() => service.close());
  // The host's backend runs in this process too: it keeps the real fetch, the page gets its own.
  const original = globalThis.fetch;
  const host = await startTokenEndpoint(service.url, {
    startSessions: {apiUrl: service.url},
    fetch: (input, init) => original(input, init),
  });
  after(() => host.close());
  const endpoint = host.url;

  // The page's fetch, as a browser sends it (with its origin), counting what leaves the page.
  const sent: string[] = [];
  globalThis.fetch = (input, init = {}) => {
    sent.push(`${init.method ?? 'GET'} ${String(input)}`);
    const headers = new Headers(init.headers);
    headers.set('Origin', shopOrigin);
    return original(input, {...init, headers});
  };
  after(() => (globalThis.fetch = original));

  const early = startWithToken(endpoint, {model: 'Office Chair'}, 'nl');
  const session = new ConfiguratorSession({
    apiUrl: service.url,
    lang: 'nl',
    tokenSource: endpointTokenSource(endpoint, {fetch: tokenEndpointFetch}),
    fetch: early.fetch,
  });
  after(() => session.dispose());

  const configuration = await session.start('Office Chair');
  assert.equal(configuration.languageIso, 'nl');
  assert.deepEqual(sent, [`POST ${endpoint}`]);
  assert.deepEqual(host.bodies, [JSON.stringify({start: {model: 'Office Chair', lang: 'nl'}})]);

  // The session is the one the service started: a choice lands on it.
  const footRing = nodeNamed(configuration, 'Voetring').id;
  await session.select(footRing, true);
  assert.equal(session.snapshot.values.get(footRing), 1);
  assert.equal(session.snapshot.configuration?.id, configuration.id);
  assert.equal(sent.length, 2);
  assert.match(sent[1]!, new RegExp(`^PUT ${service.url}/api/3/configurator/${configuration.id}`));
});

test('the start in a token answer is kept as the endpoint wrote it, in any key order', async () => {
  const original = globalThis.fetch;
  after(() => (globalThis.fetch = original));
  // Spaces inside the configuration tell a cut-out text from one parsed and written again.
  const configuration = '{"id": "c-1", "values": [1, 2]}';
  const token = {access_token: 'abc', token_type: 'Bearer', expires_in: 60};
  const tokenText = JSON.stringify(token);
  const layouts = [
    // The helper's: the start last, cut out as written.
    [`${tokenText.slice(0, -1)},"configuration":${configuration}}`, configuration],
    // Any other order is parsed whole and still understood.
    [`{"configuration":${configuration},${tokenText.slice(1)}`, '{"id":"c-1","values":[1,2]}'],
    [
      `{"access_token":"abc","configuration":${configuration},"token_type":"Bearer","expires_in":60}`,
      '{"id":"c-1","values":[1,2]}',
    ],
  ];
  for (const [answer, kept] of layouts) {
    const endpoint = 'https://shop.test/token';
    globalThis.fetch = async () =>
      new Response(answer, {headers: {'Content-Type': 'application/json'}});
    const early = startWithToken(endpoint, {model: 'Office Chair'}, 'en');
    const tokenAnswer = await tokenEndpointFetch(endpoint, {method: 'POST'});
    assert.deepEqual(await tokenAnswer.json(), token, answer);
    const start = await early.fetch('https://service.test/api/3/configurator/new/Office%20Chair', {
      method: 'GET',
    });
    assert.equal(await start.text(), kept, answer);
  }
});
