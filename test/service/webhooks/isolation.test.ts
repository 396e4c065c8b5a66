// One subscriber cannot hold back the others: a receiver that never answers holds at most its
// target's share of the delivery slots, and a wall clock set back does not stall retries (the
// dispatcher's delays run on the monotonic clock, injected here).
import assert from 'node:assert/strict';
import {after, test} from 'node:test';
import {randomUUID} from 'node:crypto';
import {QuotationTopic} from '../../../service/events.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';
import {startReceiver, type Receiver} from './receiver.js';

const open: Array<{close(): Promise<void>}> = [];
after(async () => {
  while (open.length) await open.pop()!.close();
});

async function subscribe(service: RunningService, receiver: Receiver, identifier: string) {
  const response = await service.call('/api/2/webhooks', {
    method: 'POST',
    json: {identifier, topic: QuotationTopic.requested, callbackUrl: receiver.url},
  });
  assert.equal(response.status, 201, await response.clone().text());
}

const publish = (service: RunningService, count: number) => {
  for (let i = 0; i < count; i++) {
    service.webhooks.outbox.publish(QuotationTopic.requested, {
      quotationId: randomUUID(),
      userId: randomUUID(),
    });
  }
};

test('a receiver that never answers does not delay a healthy one', async () => {
  const stuck = await startReceiver(() => 'hold');
  const healthy = await startReceiver(() => 200);
  // Attempts to the stuck one last a minute: long past this test, so only isolation can pass it.
  const service = await startService({
    webhooks: {allowPrivateTargets: true, timeoutMs: 60_000},
  });
  open.push(healthy, stuck, service);
  await subscribe(service, stuck, 'stuck');
  await subscribe(service, healthy, 'healthy');
  publish(service, 20);
  // The stuck receiver took its share, and holds it.
  await stuck.waitFor(2);
  // Every event reaches the healthy receiver meanwhile.
  await healthy.waitFor(20);
  assert.equal(healthy.requests.length, 20);
  assert.equal(stuck.requests.length, 2, 'no more than its share at once');
  const listed = await json<Array<{status: string}>>(
    await service.call('/api/2/webhooks/healthy/deliveries'),
  );
  assert.equal(listed.filter((delivery) => delivery.status === 'delivered').length, 20);
});

test('a wall clock set back an hour does not hold a retry back', async () => {
  let stepBack = 0;
  const receiver = await startReceiver((index) => (index === 0 ? 500 : 200));
  const service = await startService({
    now: () => Date.now() - stepBack,
    // Moves only forward, by real time: the injected clock of every delay.
    monotonic: () => performance.now(),
    webhooks: {allowPrivateTargets: true, baseDelayMs: 50, maxDelayMs: 50},
  });
  open.push(receiver, service);
  await subscribe(service, receiver, 'retry');
  const firstRecorded = service.webhooks.dispatcher.nextRecord();
  publish(service, 1);
  await firstRecorded;
  // The retry is due in 50 ms; the wall clock is set back an hour now.
  stepBack = 3_600_000;
  const [, second] = await receiver.waitFor(2);
  assert.ok(second);
  assert.equal(receiver.requests.length, 2);
});
