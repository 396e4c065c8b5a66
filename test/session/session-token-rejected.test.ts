// The service refuses a token before it expires (revoked, or a restart with a fresh token
// store) while the host's token endpoint still caches it. The session's renewal after the 401
// reports the refused token, the endpoint fetches one new token, and the replayed update
// succeeds. Real HTTP throughout: session -> token endpoint (toNodeHandler) -> service.
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, test} from 'node:test';
import {
  createTokenEndpoint,
  toNodeHandler,
  type TokenEndpointLogEntry,
} from '../../src/server/token-endpoint.js';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {endpointTokenSource} from '../../src/session/token-source.js';
import {demoCredentials, startService, type RunningService} from '../helpers/node/service.js';
import {fetchFromShop, nodeNamed, shopOrigin} from './helpers.js';

interface Host {
  url: string;
  /** Requests the page made to the endpoint, and the reports among them. */
  posts: {body: string}[];
  /** Requests the endpoint made to the service's token operation. */
  upstream: number;
  logs: TokenEndpointLogEntry[];
  /** Moves the endpoint's clock, so its token is old enough for a report to renew it. */
  age(seconds: number): void;
}

async function startHost(service: RunningService): Promise<Host> {
  let skew = 0;
  const host: Host = {
    url: '',
    posts: [],
    upstream: 0,
    logs: [],
    age: (seconds) => void (skew += seconds * 1000),
  };
  const listener = toNodeHandler(
    createTokenEndpoint({
      scheme: 'client-credentials',
      authUrl: service.url,
      clientId: demoCredentials.clientId,
      clientSecret: demoCredentials.secret,
      allowedOrigins: [shopOrigin],
      now: () => Date.now() + skew,
      fetch: (input, init) => {
        host.upstream++;
        return fetch(input, init);
      },
      log: (entry) => host.logs.push(entry),
    }),
  );
  const server = createServer((req, res) => {
    // Seen from outside, as the page sent it; the endpoint reads the body itself.
    const seen = {body: ''};
    host.posts.push(seen);
    req.on('data', (chunk: Buffer) => (seen.body += chunk.toString()));
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/configurator-token`;
  return host;
}

/** What the service's restart with a fresh store, or a revocation, does to issued tokens. */
function forgetAllTokens(service: RunningService) {
  const tokens = service.store.collection<{id: string}>('tokens');
  for (const record of tokens.list()) tokens.delete(record.id);
}

/** A fetch of its own per test, so the page-wide sharing of token sources does not leak. */
const ownShopFetch = (): typeof fetch => (input, init) => fetchFromShop(input, init);

test('a token the service refused early is replaced with one upstream request', async () => {
  const service = await startService();
  after(() => service.close());
  const host = await startHost(service);
  const session = new ConfiguratorSession({
    apiUrl: service.url,
    tokenSource: endpointTokenSource(host.url, {fetch: ownShopFetch()}),
    retry: {attempts: 1},
  });
  after(() => session.dispose());

  const configuration = await session.start('Office Chair');
  assert.equal(host.upstream, 1);
  assert.equal(host.posts.length, 1);
  host.age(60);
  forgetAllTokens(service);

  const footRing = nodeNamed(configuration, 'Foot ring').id;
  await session.select(footRing, true);
  assert.equal(session.snapshot.values.get(footRing), 1);
  assert.equal(host.upstream, 2, 'exactly one more token from the service');
  assert.equal(host.posts.length, 2, 'one renewal, which reported the refused token');
  const report = JSON.parse(host.posts[1].body) as {rejected: string};
  assert.equal(typeof report.rejected, 'string');
  assert.deepEqual(
    host.logs.map((entry) => entry.code),
    ['token_rejected'],
  );
  assert.ok(!JSON.stringify(host.logs).includes(report.rejected));
  assert.ok(!JSON.stringify(host.logs).includes(demoCredentials.secret));

  // The new token keeps working, with no further token traffic.
  await session.select(nodeNamed(configuration, 'Headrest').id, true);
  assert.equal(host.upstream, 2);
  assert.equal(host.posts.length, 2);
});

test('sessions on one page that hit the refused token together renew it once', async () => {
  const service = await startService();
  after(() => service.close());
  const host = await startHost(service);
  const pageFetch = ownShopFetch();
  const sessions = [0, 1, 2].map(
    () =>
      new ConfiguratorSession({
        apiUrl: service.url,
        tokenSource: endpointTokenSource(host.url, {fetch: pageFetch}),
        retry: {attempts: 1},
      }),
  );
  after(() => sessions.forEach((session) => session.dispose()));
  const started = await Promise.all(sessions.map((session) => session.start('Office Chair')));
  assert.equal(host.upstream, 1);
  host.age(60);
  forgetAllTokens(service);

  await Promise.all(
    sessions.map((session, i) => session.select(nodeNamed(started[i], 'Foot ring').id, true)),
  );
  sessions.forEach((session, i) =>
    assert.equal(session.snapshot.values.get(nodeNamed(started[i], 'Foot ring').id), 1),
  );
  assert.equal(host.upstream, 2);
  assert.equal(host.posts.length, 2);
});

test('without the report (an older page) the endpoint hands back the refused token', async () => {
  const service = await startService();
  after(() => service.close());
  const host = await startHost(service);
  const first = (await (
    await fetchFromShop(host.url, {method: 'POST', headers: {accept: 'application/json'}})
  ).json()) as {access_token: string};
  host.age(60);
  forgetAllTokens(service);
  // What a page without the report gets: the same token, refused again by the service.
  const again = (await (
    await fetchFromShop(host.url, {method: 'POST', headers: {accept: 'application/json'}})
  ).json()) as {access_token: string};
  assert.equal(again.access_token, first.access_token);
  const refused = await fetch(`${service.url}/api/3/configurator/new/Office%20Chair`, {
    headers: {authorization: `Bearer ${again.access_token}`},
  });
  assert.equal(refused.status, 401);
  await refused.body?.cancel();
  assert.equal(host.upstream, 1);
});
