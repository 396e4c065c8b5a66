import assert from 'node:assert/strict';
import {test} from 'node:test';
import {WebhookDispatcher} from '../../../service/webhooks/dispatcher.js';
import {DeliveryStatus, type DeliveryRecord} from '../../../service/webhooks/records.js';
import {MemoryStore} from '../../../service/store/index.js';
import {countingStore, queryPlan} from '../../helpers/node/counting-store.js';

const day = 24 * 60 * 60 * 1000;

function delivery(id: string, status: DeliveryStatus, at: number): DeliveryRecord {
  const iso = new Date(at).toISOString();
  return {
    id,
    eventId: `event-${id}`,
    subscriptionId: 'subscription',
    identifier: 'hook',
    topic: 'quotation.requested',
    callbackUrl: 'https://receiver.example/hook',
    body: '{}',
    status,
    attempts: [],
    // Far off: nothing is attempted while the test looks.
    nextAttemptAt:
      status === DeliveryStatus.pending ? new Date(at + 365 * day).toISOString() : null,
    createdAt: iso,
    updatedAt: iso,
  };
}

test('pruning finished deliveries reads those past the retention and one batch more', async () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const memory = new MemoryStore();
  const records = memory.collection<DeliveryRecord>('webhookdeliveries');
  memory.transaction(() => {
    for (let i = 0; i < 1200; i++) {
      const status = i % 2 ? DeliveryStatus.delivered : DeliveryStatus.failed;
      records.put(delivery(`old-${i}`, status, now - 30 * day + i));
    }
    // Old, but still pending (a retry far off): never pruned, only stepped over.
    for (let i = 0; i < 3; i++) {
      records.put(delivery(`stuck-${i}`, DeliveryStatus.pending, now - 20 * day + i));
    }
    for (let i = 0; i < 3000; i++) {
      records.put(delivery(`new-${i}`, DeliveryStatus.delivered, now - day + i));
    }
  });
  const {store, counted} = countingStore(memory, 'webhookdeliveries');
  // The dispatcher prunes when it is made, then reads the pending deliveries into its index.
  const dispatcher = new WebhookDispatcher({store, now: () => now, retentionMs: 7 * day});
  try {
    // 1,203 past the retention, one batch of 500 more at most, and the 3 pending ones again.
    assert.ok(counted.read <= 1203 + 500 + 3, `read ${counted.read} deliveries`);
    const left = records.list();
    assert.equal(left.length, 3003);
    assert.ok(left.every((d) => !d.id.startsWith('old-')));
    assert.equal(left.filter((d) => d.id.startsWith('stuck-')).length, 3);
    counted.read = 0;
    assert.equal(dispatcher.prune(), 0);
    assert.ok(counted.read <= 500 + 3, `read ${counted.read} deliveries`);
  } finally {
    await dispatcher.close();
    await memory.close();
  }
});

test("the prune's query is answered from the index on the last change, in its order", () => {
  const plan = queryPlan('webhookdeliveries', {orderBy: 'updatedAt', skip: 0, limit: 500});
  assert.match(plan, /USING INDEX webhookdeliveries_updatedAt/);
  assert.doesNotMatch(plan, /TEMP B-TREE/);
});
