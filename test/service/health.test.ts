import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createApp} from '../../service/app.js';

test('answers health and unknown paths with JSON', async () => {
  const {app} = createApp();
  const ok = await app.request('/health');
  assert.equal(ok.status, 200);
  const missing = await app.request('/nope');
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).code, 'not_found');
});
