// Retrying a quote request never stores a second quotation: the same Idempotency-Key, or the
// same request within the repeat window, answers the first one.
import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';
import type {QuotationEventContent} from '../../../service/events.js';
import {repeatWindowMs} from '../../../service/quotations/index.js';
import type {Configuration, QuoteRequestResult} from '../../../src/wire/index.js';
import {chairNode, startChair} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

let service: RunningService;
let wall = Date.parse('2026-03-01T10:00:00Z');
const published: QuotationEventContent[] = [];
before(async () => {
  service = await startService({
    now: () => wall,
    tokenLifetimeSeconds: 86_400,
    events: {publish: (_topic, content) => published.push(content)},
  });
});
after(() => service.close());

const readyChair = async (key = 'warranty-5') => {
  const session = await startChair(service);
  const answer = await service.call(`/api/3/configurator/${session.id}`, {
    method: 'PUT',
    json: {featureModelNodeId: chairNode(key), value: 1, isSelection: true},
  });
  return json<Configuration>(answer);
};
const quote = (id: string, init: {key?: string; email?: string} = {}) =>
  service.call('/configurator/1/configurator/requestquote', {
    method: 'POST',
    headers: init.key === undefined ? {} : {'Idempotency-Key': init.key},
    json: {quotationRequest: {email: init.email ?? 'a@example.com'}, configurationIds: [id]},
  });
const quotations = () => service.store.collection('quotations').list().length;
const accounts = () => service.store.collection('crmaccounts').list().length;

test('the same Idempotency-Key answers the first quotation and stores nothing more', async () => {
  const chair = await readyChair();
  const before = {quotations: quotations(), accounts: accounts(), events: published.length};
  const first = await json<QuoteRequestResult>(await quote(chair.id, {key: 'order-1'}));
  // A retry much later, after the repeat window: the key still holds.
  wall += repeatWindowMs * 3;
  const again = await quote(chair.id, {key: 'order-1'});
  assert.equal(again.status, 200);
  assert.deepEqual(await json<QuoteRequestResult>(again), first);
  assert.equal(quotations(), before.quotations + 1);
  assert.equal(accounts(), before.accounts + 1);
  assert.equal(published.length, before.events + 1);
  // The same key for another request is a mistake, not a replay.
  const other = await quote(chair.id, {key: 'order-1', email: 'b@example.com'});
  assert.equal(other.status, 409);
  assert.equal((await json<{code: string}>(other)).code, 'conflict');
  // A key that is no key is refused, so nobody believes it was honoured.
  assert.equal((await quote(chair.id, {key: 'with space'})).status, 400);
});

test('the same request without a key, within the window, answers the first quotation', async () => {
  const chair = await readyChair();
  const before = quotations();
  const first = await json<QuoteRequestResult>(await quote(chair.id));
  wall += repeatWindowMs - 1000;
  assert.deepEqual(await json<QuoteRequestResult>(await quote(chair.id)), first);
  assert.equal(quotations(), before + 1);
  // Past the window it is a new request.
  wall += 2000;
  const later = await json<QuoteRequestResult>(await quote(chair.id));
  assert.notEqual(later.quotationId, first.quotationId);
  assert.equal(quotations(), before + 2);
});

test('a changed configuration or customer is a new request, even within the window', async () => {
  const chair = await readyChair();
  const first = await json<QuoteRequestResult>(await quote(chair.id));
  const other = await json<QuoteRequestResult>(await quote(chair.id, {email: 'c@example.com'}));
  assert.notEqual(other.quotationId, first.quotationId);
  await service.call(`/api/3/configurator/${chair.id}`, {
    method: 'PUT',
    json: {featureModelNodeId: chairNode('headrest'), value: 1, isSelection: true},
  });
  const changed = await json<QuoteRequestResult>(await quote(chair.id));
  assert.notEqual(changed.quotationId, first.quotationId);
});
