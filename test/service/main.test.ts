// `npm run service` (service/main.ts): the reference service alone, with none of what the demo
// host adds (pages, the built widget, the demo token endpoint: test/demo/server/).
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import {startServiceProcess, type ServiceProcess} from '../helpers/node/service-process.js';

let service: ServiceProcess;
before(async () => {
  service = await startServiceProcess();
});
after(() => service.stop());

test('prints its URL and the credentials it accepts', () => {
  assert.match(service.stdout(), /^Reference service: http:\/\/127\.0\.0\.1:\d+\/$/m);
  assert.match(service.stdout(), /client id demo-client, secret demo-secret/);
});

test('names where a secret of its own comes from, never its value', async () => {
  const own = await startServiceProcess({env: {CLIENT_SECRET: 'not-for-logs-1234'}});
  try {
    assert.match(own.stdout(), /secret from CLIENT_SECRET/);
    assert.doesNotMatch(own.stdout() + own.stderr(), /not-for-logs-1234/);
  } finally {
    await own.stop();
  }
});

test('serves the service', async () => {
  assert.equal((await fetch(`${service.url}/health`)).status, 200);
  const token = await fetch(`${service.url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'demo-client',
      client_secret: 'demo-secret',
      scope: 'Service.Configurator',
    }),
  });
  assert.equal(token.status, 200);
});

test('serves no demo page, widget file or demo token endpoint', async () => {
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/index.html'],
    ['GET', '/dist/product-configurator.js'],
    ['POST', '/api/configurator-token'],
  ] as const) {
    const answer = await service.call(path, {method});
    assert.equal(answer.status, 404, `${method} ${path}`);
    assert.equal(((await answer.json()) as {code: string}).code, 'not_found', path);
  }
});

test('stops cleanly on SIGTERM', async () => {
  assert.equal(await service.stop(), 0);
});
