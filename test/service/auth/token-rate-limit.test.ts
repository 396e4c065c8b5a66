// Token issuing limits over real HTTP: a bucket per address and one per client, shared by both
// schemes, on a clock the test moves.
import assert from 'node:assert/strict';
import {afterEach, describe, test} from 'node:test';
import {addressKey, defaultTokenRateLimits} from '../../../service/auth/index.js';
import type {AppOptions} from '../../../service/app.js';
import {
  demoCredentials,
  json,
  startService,
  type RunningService,
} from '../../helpers/node/service.js';

let running: RunningService | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

class Clock {
  ms = 1_700_000_000_000;
  now = () => this.ms;
}

async function service(options: AppOptions) {
  running = await startService(options);
  return running;
}

const scheme1 = (service: RunningService, secret: string = demoCredentials.secret) =>
  fetch(`${service.url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demoCredentials.clientId,
      client_secret: secret,
      scope: 'Service.Configurator',
    }),
  });
const scheme2 = (service: RunningService, secret: string = demoCredentials.secret) =>
  fetch(`${service.url}/api/2/auth/serviceconnectlogin`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({clientId: demoCredentials.clientId, secret}),
  });

describe('token issuing rate limits', () => {
  test('per address: the burst passes, the next request is 429 with Retry-After, then it refills', async () => {
    const clock = new Clock();
    const svc = await service({
      now: clock.now,
      monotonic: clock.now,
      tokenRateLimits: {perAddress: {burst: 3, perMinute: 6}},
    });
    for (let i = 0; i < 3; i++) assert.equal((await scheme1(svc)).status, 200);
    const limited = await scheme1(svc);
    assert.equal(limited.status, 429);
    // 6 a minute: one every 10 seconds.
    assert.equal(limited.headers.get('retry-after'), '10');
    assert.equal(limited.headers.get('cache-control'), 'no-store');
    const body = await json(limited);
    assert.equal(body.code, 'rate_limited');
    assert.equal(body.error, 'temporarily_unavailable', 'scheme 1 keeps the OAuth shape');
    assert.equal(body.access_token, undefined);
    // The other scheme shares the address's bucket.
    const login = await scheme2(svc);
    assert.equal(login.status, 429);
    assert.equal((await json(login)).code, 'rate_limited');

    clock.ms += 9_000;
    assert.equal((await scheme2(svc)).status, 429);
    clock.ms += 1_000;
    assert.equal((await scheme2(svc)).status, 200);
    assert.equal((await scheme1(svc)).status, 429);
  });

  test('per address: wrong secrets spend the budget too, so guessing is bounded', async () => {
    const clock = new Clock();
    const svc = await service({
      now: clock.now,
      monotonic: clock.now,
      tokenRateLimits: {perAddress: {burst: 2, perMinute: 1}},
    });
    assert.equal((await scheme1(svc, 'guess-1')).status, 401);
    assert.equal((await scheme2(svc, 'guess-2')).status, 401);
    const third = await scheme1(svc, 'guess-3');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
  });

  test('per client: counts issued tokens only, so nobody without the secret spends them', async () => {
    const clock = new Clock();
    const svc = await service({
      now: clock.now,
      monotonic: clock.now,
      tokenRateLimits: {perClient: {burst: 2, perMinute: 2}},
    });
    for (let i = 0; i < 5; i++) assert.equal((await scheme1(svc, 'wrong')).status, 401);
    assert.equal((await scheme1(svc)).status, 200);
    assert.equal((await scheme2(svc)).status, 200);
    const limited = await scheme1(svc);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '30');
    assert.match(String((await json(limited)).message), /client/);
    clock.ms += 30_000;
    assert.equal((await scheme1(svc)).status, 200);
  });

  test('the defaults never slow a correct caller: 200 tokens in a row from one address', async () => {
    const svc = await service({});
    assert.ok(defaultTokenRateLimits.perAddress.burst >= 200);
    const answers = await Promise.all(
      Array.from({length: 200}, (_, i) => (i % 2 ? scheme1(svc) : scheme2(svc))),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      answers.map(() => 200),
    );
    await Promise.all(answers.map((a) => a.body?.cancel()));
  });

  test('false turns the limits off', async () => {
    const svc = await service({tokenRateLimits: false});
    const answers = await Promise.all(Array.from({length: 350}, () => scheme2(svc)));
    assert.ok(answers.every((a) => a.status === 200));
    await Promise.all(answers.map((a) => a.body?.cancel()));
  });

  test('bearer calls are not limited by the token limits', async () => {
    const clock = new Clock();
    const svc = await service({
      now: clock.now,
      monotonic: clock.now,
      tokenRateLimits: {perAddress: {burst: 1, perMinute: 1}},
    });
    const token = String((await json(await scheme1(svc))).access_token);
    for (let i = 0; i < 5; i++) {
      const response = await svc.call('/configurator/1/configurator/configurationmodels', {token});
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
  });

  test('a malformed limit is a start-up error', async () => {
    await assert.rejects(
      service({tokenRateLimits: {perClient: {burst: 0, perMinute: 10}}}),
      /rateLimits\.perClient\.burst/,
    );
  });
});

describe('address keys', () => {
  test('IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:0db8:0001:0002:ffff:0:0:9'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.equal(addressKey(undefined), 'unknown');
    // An embedded IPv4 tail, a zone, and what is not an IPv6 address at all.
    assert.equal(addressKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(addressKey('user:2001'), 'user:2001');
    assert.equal(addressKey('1:2:3'), '1:2:3');
    assert.equal(addressKey('1::2::3'), '1::2::3');
  });
});
