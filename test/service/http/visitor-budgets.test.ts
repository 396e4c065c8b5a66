// A visitor's token stores and searches within budgets, per token and per address: session
// starts, quote requests and code lookups that find nothing answer 429 with Retry-After once
// spent, and come back as the (injected, monotonic) clock moves. Servers' tokens are not held.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {perMinute} from '../../../service/http/visitor-budgets.js';
import {requestDemoToken} from '../../helpers/demo-token.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const base = '/configurator/1/configurator';

class Clock {
  ms = 1_000_000;
  now = () => this.ms;
}

async function refused(answer: Response, seconds: number) {
  const body = await json<{code: string}>(answer);
  assert.equal(answer.status, 429, JSON.stringify(body));
  assert.equal(body.code, 'rate_limited');
  assert.equal(answer.headers.get('retry-after'), String(seconds));
}

describe('visitor budgets', () => {
  let service: RunningService;
  const clock = new Clock();
  let visitor: string;
  before(async () => {
    service = await startService({
      monotonic: clock.now,
      visitorBudgets: {
        starts: perMinute(3, 5),
        quotes: perMinute(2, 100),
        failedLookups: perMinute(3, 100),
      },
    });
    visitor = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
  });
  after(() => service.close());

  const start = (token: string) => service.call('/api/3/configurator/new/Office%20Chair', {token});

  test('session starts: per token, then per address; back as the clock moves', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await start(visitor)).status, 200);
    // 3 a minute: one back in 20 s.
    await refused(await start(visitor), 20);
    // The address is counted first, so a refused start spends the address's budget but never
    // the token's, which every visitor of a shop may share.
    const other = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
    assert.equal((await start(other)).status, 200);
    // The address has spent its 5 whatever the token.
    await refused(await start(other), 12);
    // A server's token is not a visitor's.
    assert.equal((await start((await service.token()) as string)).status, 200);
    clock.ms += 60_000;
    assert.equal((await start(visitor)).status, 200);
    // The sessions refused were never stored.
    const stored = service.store.collection('sessions').list().length;
    assert.equal(stored, 6);
  });

  test('quote requests: each one spends, refused or not', async () => {
    const quote = () =>
      service.call(`${base}/requestquote`, {
        method: 'POST',
        token: visitor,
        json: {quotationRequest: {email: 'not an address'}, configurationIds: []},
      });
    assert.equal((await quote()).status, 400);
    assert.equal((await quote()).status, 400);
    await refused(await quote(), 30);
  });

  test('failed code lookups are limited; codes that exist cost nothing', async () => {
    clock.ms += 60_000;
    const session = await json<{code: string}>(await start(visitor));
    for (let i = 0; i < 10; i++) {
      const found = await service.call(`${base}/open/${session.code}`, {token: visitor});
      assert.equal(found.status, 200);
    }
    for (let i = 0; i < 3; i++) {
      const miss = await service.call(`${base}/open/ZZZZZZZZ`, {token: visitor});
      assert.equal(miss.status, 404);
    }
    await refused(await service.call(`${base}/open/QQQQQQQQ`, {token: visitor}), 20);
    // Spent: no lookup runs, not even of a code that exists, until the clock moves.
    await refused(await service.call(`${base}/open/${session.code}`, {token: visitor}), 20);
    clock.ms += 20_000;
    assert.equal(
      (await service.call(`${base}/open/${session.code}`, {token: visitor})).status,
      200,
    );
  });
});
