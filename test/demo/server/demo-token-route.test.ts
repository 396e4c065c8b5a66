// The demo's mount, as `npm start` wires it: the reference service issues tokens to itself over
// loopback for pages served from its own origin.
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {test} from 'node:test';
import {serve} from '@hono/node-server';
import {Hono} from 'hono';
import {demoTokenRoute} from '../../../demo/server/demo-token-route.js';

test('the demo route hands its own pages a token the service accepts', async () => {
  const {createApp} = await import('../../../service/app.js');
  const credentials = {clientId: 'demo-client', clientSecret: 'demo-secret'};
  const {app} = createApp({
    applications: [{clientId: credentials.clientId, secret: credentials.clientSecret}],
  });
  const site = new Hono();
  site.all(
    '/api/configurator-token',
    demoTokenRoute({host: '127.0.0.1', ...credentials, allowedOrigins: '*'}, () => server),
  );
  site.all('*', (c) => app.fetch(c.req.raw));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({fetch: site.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  try {
    const {port} = server.address() as AddressInfo;
    const own = `http://127.0.0.1:${port}`;
    const ask = (origin: string) =>
      fetch(`${own}/api/configurator-token`, {method: 'POST', headers: {origin}});

    for (const origin of [own, `http://localhost:${port}`]) {
      const answer = await ask(origin);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      const body = (await answer.json()) as {access_token: string; expires_in: number};
      assert.ok(body.expires_in > 3500);
      const call = await fetch(`${own}/api/2/no-such-entity`, {
        headers: {authorization: `Bearer ${body.access_token}`},
      });
      assert.notEqual(call.status, 401);
      // A visitor's token: the shopper's journey, never the back office.
      const bearer = {headers: {authorization: `Bearer ${body.access_token}`}};
      const customers = await fetch(`${own}/api/2/crmaccounts`, bearer);
      assert.equal(customers.status, 403);
      assert.equal(((await customers.json()) as {code: string}).code, 'insufficient_scope');
      const session = await fetch(`${own}/api/3/configurator/new/Office%20Chair`, bearer);
      assert.equal(session.status, 200);
      await session.body?.cancel();
    }

    // ALLOWED_ORIGINS=* means any page, for the token endpoint as for the API.
    const foreign = await ask('https://elsewhere.example');
    assert.equal(foreign.status, 200);
    assert.equal(foreign.headers.get('access-control-allow-origin'), 'https://elsewhere.example');
    assert.ok(!(await foreign.text()).includes('demo-secret'));
    assert.equal((await fetch(`${own}/api/configurator-token`)).status, 405);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('with a list (or none), the demo route refuses other pages readably', async () => {
  const {createApp} = await import('../../../service/app.js');
  const {app} = createApp();
  for (const allowedOrigins of [[], ['https://shop.example']]) {
    const site = new Hono();
    site.all(
      '/api/configurator-token',
      demoTokenRoute(
        {host: '127.0.0.1', clientId: 'demo-client', clientSecret: 'demo-secret', allowedOrigins},
        () => server,
      ),
    );
    site.all('*', (c) => app.fetch(c.req.raw));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({fetch: site.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
    });
    try {
      const {port} = server.address() as AddressInfo;
      const ask = (origin: string) =>
        fetch(`http://127.0.0.1:${port}/api/configurator-token`, {
          method: 'POST',
          headers: {origin},
        });
      const foreign = await ask('https://evil.example');
      assert.equal(foreign.status, 403);
      assert.equal(foreign.headers.get('access-control-allow-origin'), 'https://evil.example');
      const text = await foreign.text();
      assert.equal(JSON.parse(text).code, 'origin_not_allowed');
      assert.ok(!text.includes('demo-secret'));
      assert.equal((await ask(`http://localhost:${port}`)).status, 200);
      if (allowedOrigins.length) assert.equal((await ask('https://shop.example')).status, 200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
});
