// The whole token path of a page: endpointTokenSource -> the host's token endpoint (src/server)
// -> the service's scheme 1 -> the session's bearer calls, all over real HTTP on 127.0.0.1.
import assert from 'node:assert/strict';
import {after, test} from 'node:test';
import {ConfiguratorSession} from '../../src/session/configurator-session.js';
import {ErrorCode} from '../../src/session/errors.js';
import {endpointTokenSource} from '../../src/session/token-source.js';
import {fetchFromShop, nodeNamed, startService, startTokenEndpoint} from './helpers.js';

test('sessions on one page share the token of one endpoint', async () => {
  const svc = await startService();
  const endpoint = await startTokenEndpoint(svc.url);
  after(() => Promise.all([svc.close(), endpoint.close()]));

  const make = () =>
    new ConfiguratorSession({
      apiUrl: svc.url,
      tokenSource: endpointTokenSource(endpoint.url, {fetch: fetchFromShop}),
    });
  const first = make();
  const second = make();
  after(() => {
    first.dispose();
    second.dispose();
  });
  const [a, b] = await Promise.all([first.start('Office Chair'), second.start('Office Chair')]);
  assert.notEqual(a.id, b.id);
  assert.equal(endpoint.requests, 1);
  await first.select(nodeNamed(a, 'Foot ring').id, true);
  await second.select(nodeNamed(b, 'Headrest').id, true);
  assert.equal(endpoint.requests, 1);
  assert.equal(first.snapshot.values.get(nodeNamed(a, 'Foot ring').id), 1);
});

test('a page origin the endpoint refuses is origin_not_allowed, not retried as a session error', async () => {
  const svc = await startService();
  const endpoint = await startTokenEndpoint(svc.url);
  after(() => Promise.all([svc.close(), endpoint.close()]));
  const stranger: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Origin', 'http://evil.example');
    return fetch(input, {...init, headers});
  };
  const session = new ConfiguratorSession({
    apiUrl: svc.url,
    tokenSource: endpointTokenSource(endpoint.url, {fetch: stranger}),
  });
  after(() => session.dispose());
  // The refusal is readable (the endpoint sends CORS headers with it), so it is named.
  await assert.rejects(session.start('Office Chair'), {
    code: ErrorCode.originNotAllowed,
    status: 403,
    retryable: false,
  });
  assert.equal(session.snapshot.status, 'error');
  assert.equal(svc.requests.filter((r) => r.path.startsWith('/api/3/')).length, 0);
});
