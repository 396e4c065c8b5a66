import assert from 'node:assert/strict';
import {test} from 'node:test';
import {MemoryStore} from '../../../service/store/index.js';
import {
  WebhookOutbox,
  retryDelay,
  signDelivery,
  verifyDelivery,
  webhookCollections,
} from '../../../service/webhooks/index.js';

test('an event is kept if and only if the change that caused it is', () => {
  const store = new MemoryStore();
  store.collection(webhookCollections.subscriptions).put({
    id: 'erp',
    identifier: 'erp',
    topic: 'quotation.submitted',
    callbackUrl: 'http://127.0.0.1:9/hooks',
    secret: 'a-secret-of-some-length',
    createdAt: new Date().toISOString(),
  } as {id: string});
  const outbox = new WebhookOutbox({store});
  const quotations = store.collection<{id: string; status: string}>('quotations');
  const content = {
    quotationId: 'a0000000-0000-4000-8000-000000000000',
    userId: 'b0000000-0000-4000-8000-000000000000',
  };

  assert.throws(() =>
    store.transaction(() => {
      quotations.put({id: content.quotationId, status: 'submitted'});
      outbox.publish('quotation.submitted', content);
      throw new Error('the change fails after publishing');
    }),
  );
  assert.equal(quotations.list().length, 0);
  assert.equal(store.collection(webhookCollections.deliveries).list().length, 0);
  assert.equal(store.collection(webhookCollections.events).list().length, 0);

  store.transaction(() => {
    quotations.put({id: content.quotationId, status: 'submitted'});
    outbox.publish('quotation.submitted', content);
    // Nobody subscribed to this topic: recorded as an event, delivered to no one.
    outbox.publish('quotation.accepted', content);
  });
  const [delivery, ...others] = store
    .collection<{id: string; body: string; status: string}>(webhookCollections.deliveries)
    .list();
  assert.equal(others.length, 0);
  assert.equal(delivery!.status, 'pending');
  assert.equal(delivery!.body, JSON.stringify({topic: 'quotation.submitted', content}));
  assert.equal(store.collection(webhookCollections.events).list().length, 2);
});

test('signatures verify with the right secret, body and a fresh timestamp only', () => {
  const body = '{"topic":"quotation.requested","content":{"quotationId":"q","userId":"u"}}';
  const now = 1_700_000_000;
  const signature = signDelivery('s3cret-s3cret-s3cret', now, body);
  assert.match(signature, /^v1=[0-9a-f]{64}$/);
  const headers = {timestamp: String(now), signature};
  assert.ok(verifyDelivery('s3cret-s3cret-s3cret', headers, body, {nowSeconds: now + 10}));
  assert.ok(!verifyDelivery('other-secret-entirely', headers, body, {nowSeconds: now}));
  assert.ok(!verifyDelivery('s3cret-s3cret-s3cret', headers, `${body} `, {nowSeconds: now}));
  assert.ok(!verifyDelivery('s3cret-s3cret-s3cret', headers, body, {nowSeconds: now + 301}));
  assert.ok(
    !verifyDelivery('s3cret-s3cret-s3cret', {timestamp: 'x', signature}, body, {nowSeconds: now}),
  );
  assert.ok(
    !verifyDelivery('s3cret-s3cret-s3cret', {timestamp: String(now), signature: null}, body, {
      nowSeconds: now,
    }),
  );
});

test('retry delays grow exponentially with jitter, up to the cap', () => {
  const options = {baseDelayMs: 1000, maxDelayMs: 10_000};
  assert.equal(
    retryDelay(1, options, () => 0),
    500,
  );
  assert.equal(
    retryDelay(1, options, () => 1),
    1000,
  );
  assert.equal(
    retryDelay(3, options, () => 1),
    4000,
  );
  assert.equal(
    retryDelay(3, options, () => 0),
    2000,
  );
  assert.equal(
    retryDelay(10, options, () => 1),
    10_000,
  );
  assert.equal(
    retryDelay(10, options, () => 0),
    5000,
  );
});
