// `npm start` as a visitor meets it: service/main.ts in its own process, the demo page's token
// endpoint on the same origin. Whatever the page is handed must be a shopper's token.
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, test} from 'node:test';

let child: ChildProcess;
let url: string;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'configurator-npm-start-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`service/main.ts exited (${code}): ${output}`)));
  });
});

after(async () => {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, {recursive: true, force: true});
});

test('the demo token endpoint hands the page a Service.Configurator token, never Service.Api', async () => {
  const tokens = new Set<string>();
  for (const origin of [url, url.replace('127.0.0.1', 'localhost')]) {
    const answer = await fetch(`${url}/api/configurator-token`, {
      method: 'POST',
      headers: {origin, accept: 'application/json'},
    });
    assert.equal(answer.status, 200);
    tokens.add(((await answer.json()) as {access_token: string}).access_token);
  }
  for (const token of tokens) {
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
      });
      await response.body?.cancel();
      return {status: response.status, challenge: response.headers.get('www-authenticate')};
    };
    for (const path of ['/api/2/crmaccounts', '/api/2/quotations', '/api/2/webhooks']) {
      assert.deepEqual(await call(path), {
        status: 403,
        challenge: 'Bearer error="insufficient_scope", scope="Service.Api"',
      });
    }
    const subscribe = await call('/api/2/webhooks', {
      method: 'POST',
      body: JSON.stringify({identifier: 'x', topic: 'quotation.requested', callbackUrl: url}),
    });
    assert.equal(subscribe.status, 403);
    // What the demo page itself calls: the models list and a session.
    assert.equal(
      (await call('/configurator/3/configurator/configurationmodels?lang=en')).status,
      200,
    );
    assert.equal((await call('/api/3/configurator/new/Office%20Chair?lang=en')).status, 200);
  }
});
