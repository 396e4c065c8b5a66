// The runtime edges: Node's http module through toNodeHandler, and @hono/node-server serving
// the web-standard handler directly.
import assert from 'node:assert/strict';
import {createServer, request as httpRequest} from 'node:http';
import type {AddressInfo} from 'node:net';
import {test} from 'node:test';
import {serve} from '@hono/node-server';
import {
  createTokenEndpoint,
  toNodeHandler,
  type TokenEndpointLogEntry,
} from '../../src/server/token-endpoint.js';
import {pageOrigin, useTokenEndpointFile} from './harness.js';

const {secret, cleanup, upstream} = useTokenEndpointFile();

const endpoint = (logs: TokenEndpointLogEntry[] = []) =>
  createTokenEndpoint({
    scheme: 'client-credentials',
    authUrl: upstream.url,
    clientId: 'shop',
    clientSecret: secret,
    allowedOrigins: [pageOrigin],
    rateLimit: {burst: 1, perMinute: 1},
    log: (entry) => logs.push(entry),
  });

async function listen(server: ReturnType<typeof createServer>) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('http.createServer takes the adapter as it is; an oversized body is drained', async () => {
  const url = await listen(createServer(toNodeHandler(endpoint())));
  const answer = await fetch(url, {
    method: 'POST',
    headers: {origin: pageOrigin, 'content-type': 'application/json'},
    body: JSON.stringify({rejected: 'x'.repeat(100_000)}),
  });
  // No report is that large: refused, but only after the origin and rate checks.
  assert.equal(answer.status, 413);
  assert.equal((await answer.json()).code, 'payload_too_large');
  // Same connection, next request: the body left unread did not wedge it.
  assert.equal((await fetch(url, {method: 'POST', headers: {origin: pageOrigin}})).status, 429);
});

test('methods a web Request refuses still get 405', async () => {
  const url = new URL(await listen(createServer(toNodeHandler(endpoint()))));
  const answer = await new Promise<{status: number; allow: string | undefined; body: string}>(
    (resolve, reject) => {
      const req = httpRequest(
        {host: url.hostname, port: url.port, method: 'TRACE', path: '/'},
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () =>
            resolve({status: res.statusCode ?? 0, allow: res.headers.allow, body}),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  assert.equal(answer.status, 405);
  assert.equal(answer.allow, 'POST');
  assert.equal(JSON.parse(answer.body).code, 'method_not_allowed');
});

test('a handler that rejects becomes 500 internal_error, not a hung connection', async () => {
  const url = await listen(createServer(toNodeHandler(() => Promise.reject(new Error('boom')))));
  const answer = await fetch(url, {method: 'POST'});
  assert.equal(answer.status, 500);
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.equal((await answer.json()).code, 'internal_error');
});

test('@hono/node-server serves the handler directly, socket address included', async () => {
  const logs: TokenEndpointLogEntry[] = [];
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({fetch: endpoint(logs), port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const post = () => fetch(url, {method: 'POST', headers: {origin: pageOrigin}});
  assert.equal((await post()).status, 200);
  const limited = await post();
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '60');
  assert.deepEqual(logs, [], 'the socket address served as the key');
});
