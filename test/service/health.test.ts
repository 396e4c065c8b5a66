import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createApp} from '../../service/app.js';

test('answers health without a token, and unknown paths with a JSON error', async () => {
  const {app} = createApp();
  const ok = await app.request('/health');
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), {status: 'ok'});
  const missing = await app.request('/nope');
  assert.ok([401, 404].includes(missing.status), `status ${missing.status}`);
  const body = await missing.json();
  assert.equal(typeof body.code, 'string');
  assert.equal(typeof body.message, 'string');
});
