import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import {startServiceProcess, type ServiceProcess} from '../../helpers/node/service-process.js';

interface Started {
  process: ServiceProcess;
  url: string;
  output: string;
}

/** Runs demo/server/main.ts (what `npm start` runs after building) until it printed its lines. */
async function startMain(env: Record<string, string>): Promise<Started> {
  const started = await startServiceProcess({entry: 'demo', dataDir: env.DATA_DIR, env});
  return {process: started, url: started.url, output: started.stdout() + started.stderr()};
}

function stop({process}: Started): Promise<number | null> {
  return process.stop();
}

const tokenFor = async (url: string, clientId: string, secret: string) => {
  const response = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      scope: 'Service.Api',
    }),
  });
  return {status: response.status, body: (await response.json()) as {access_token: string}};
};

/** Subscribes a webhook on 127.0.0.1 with the default credentials of `startMain` below. */
async function subscribeLoopback(url: string): Promise<Response> {
  const {body} = await tokenFor(url, 'shop', 's3cret');
  return fetch(`${url}/api/2/webhooks`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${body.access_token}`, 'Content-Type': 'application/json'},
    body: JSON.stringify({
      identifier: 'local',
      topic: 'quotation.requested',
      callbackUrl: 'http://127.0.0.1:9/hooks',
    }),
  });
}

describe('npm start with WEBHOOKS_ALLOW_PRIVATE_TARGETS=1', () => {
  test('lets webhooks target loopback addresses, for local development', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'configurator-main-'));
    const running = await startMain({
      DATA_DIR: dataDir,
      CLIENT_ID: 'shop',
      CLIENT_SECRET: 's3cret',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    });
    try {
      const response = await subscribeLoopback(running.url);
      assert.equal(response.status, 201, await response.clone().text());
    } finally {
      await stop(running);
      rmSync(dataDir, {recursive: true, force: true});
    }
  });
});

describe('npm start (demo/server/main.ts)', () => {
  let dataDir: string;
  let running: Started;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'configurator-main-'));
    running = await startMain({DATA_DIR: dataDir, CLIENT_ID: 'shop', CLIENT_SECRET: 's3cret'});
  });
  after(async () => {
    await stop(running);
    rmSync(dataDir, {recursive: true, force: true});
  });

  test('prints the URL line and the credentials', () => {
    assert.match(running.output, /^Reference service and demo: http:\/\/127\.0\.0\.1:\d+\/$/m);
    assert.match(running.output, /shop/);
  });

  test('names where the secret comes from, never its value', () => {
    assert.match(running.output, /secret from CLIENT_SECRET/);
    assert.doesNotMatch(running.output, /s3cret/);
  });

  test('serves none of its own source, however the path is spelt', async () => {
    for (const path of [
      '/server/main.ts',
      '/server%2Fmain.ts',
      '/server%2fdemo-token-route.ts',
      '/%73erver/main.ts',
      '/src%2F..%2Fserver%2Fmain.ts',
      '/server%5Cmain.ts',
    ]) {
      const answer = await fetch(`${running.url}${path}`);
      const text = await answer.text();
      // Not a file: it falls through to the service, which knows no such path either.
      assert.ok(
        [401, 404].includes(answer.status),
        `${path}: ${answer.status} ${text.slice(0, 80)}`,
      );
      assert.doesNotMatch(text, /startService/, path);
    }
    // What the demo means to serve still is.
    assert.equal((await fetch(`${running.url}/frameworks.css`)).status, 200);
    assert.equal((await fetch(`${running.url}/src/demo-shared.js`)).status, 200);
  });

  test('gives its pages a policy, no framing and a referrer policy', async () => {
    for (const path of ['/', '/index.html', '/cms.html']) {
      const page = await fetch(`${running.url}${path}`);
      assert.equal(page.status, 200, path);
      const policy = page.headers.get('content-security-policy') ?? '';
      assert.match(policy, /frame-ancestors 'none'/, path);
      assert.match(policy, /script-src 'self'/, path);
      assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/, path);
      assert.equal(page.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(page.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
    }
    // The index page's inline module script is allowed by its hash, and only by it.
    const policy = (await fetch(`${running.url}/`)).headers.get('content-security-policy')!;
    assert.equal(policy.match(/'sha256-[A-Za-z0-9+/=]+'/g)?.length, 1);
  });

  test('serves the demo at / and the service beside it', async () => {
    const page = await fetch(`${running.url}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.equal((await fetch(`${running.url}/health`)).status, 200);
    const dist = await fetch(`${running.url}/dist/no-such-file.js`);
    assert.equal(dist.status, 404);
  });

  test('uses CLIENT_ID and CLIENT_SECRET, not the demo pair', async () => {
    assert.equal((await tokenFor(running.url, 'shop', 's3cret')).status, 200);
    assert.equal((await tokenFor(running.url, 'demo-client', 'demo-secret')).status, 401);
  });

  test('answers the demo token endpoint for its own origin', async () => {
    const response = await fetch(`${running.url}/api/configurator-token`, {
      method: 'POST',
      headers: {Origin: running.url, Accept: 'application/json'},
    });
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(typeof (body.access_token ?? body.accessToken), 'string');
  });

  test('refuses private webhook targets by default', async () => {
    const response = await subscribeLoopback(running.url);
    assert.equal(response.status, 400, await response.clone().text());
    assert.match(((await response.json()) as {message: string}).message, /private/);
  });

  test('keeps sessions and tokens in DATA_DIR across a restart', async () => {
    const {body} = await tokenFor(running.url, 'shop', 's3cret');
    const headers = {Authorization: `Bearer ${body.access_token}`};
    const started = await fetch(`${running.url}/api/3/configurator/new/Office%20Chair`, {headers});
    const session = (await started.json()) as Configuration;
    assert.equal(await stop(running), 0, 'exits cleanly on SIGTERM');

    running = await startMain({DATA_DIR: dataDir, CLIENT_ID: 'shop', CLIENT_SECRET: 's3cret'});
    const reopened = await fetch(`${running.url}/configurator/1/configurator/open/${session.id}`, {
      headers,
    });
    assert.equal(reopened.status, 200);
    assert.equal(((await reopened.json()) as Configuration).code, session.code);
  });
});
