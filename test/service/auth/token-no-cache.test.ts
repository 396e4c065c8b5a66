// RFC 6749 section 5.1: an answer that holds a token says `Cache-Control: no-store` and
// `Pragma: no-cache`, on both token schemes.
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import {demoCredentials, startService, type RunningService} from '../../helpers/node/service.js';

let service: RunningService;
before(async () => (service = await startService()));
after(() => service.close());

test('scheme 1 (/connect/token) answers a token with no-store and Pragma: no-cache', async () => {
  const response = await fetch(`${service.url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'Service.Configurator',
      client_id: demoCredentials.clientId,
      client_secret: demoCredentials.secret,
    }),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('pragma'), 'no-cache');
});

test('scheme 2 (serviceconnectlogin) answers a token with no-store and Pragma: no-cache', async () => {
  const response = await fetch(`${service.url}/api/2/auth/serviceconnectlogin`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({clientId: demoCredentials.clientId, secret: demoCredentials.secret}),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('pragma'), 'no-cache');
});
