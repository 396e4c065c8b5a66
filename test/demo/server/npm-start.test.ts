// `npm start` as a visitor meets it: demo/server/main.ts in its own process, the demo page's token
// endpoint on the same origin. Whatever the page is handed must be a shopper's token.
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import {startServiceProcess, type ServiceProcess} from '../../helpers/node/service-process.js';

let service: ServiceProcess;
let url: string;

before(async () => {
  service = await startServiceProcess({entry: 'demo'});
  url = service.url;
});

after(() => service.stop());

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
