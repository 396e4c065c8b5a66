import assert from 'node:assert/strict';
import {createHmac, timingSafeEqual} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import type {AppOptions} from '../../../service/app.js';
import {
  chairNode,
  expectError,
  putRequirement,
  startChair,
} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';
import {startReceiver, type Answer, type Received, type Receiver} from './receiver.js';

type Item = Record<string, unknown> & {id: string};
interface Delivery {
  id: string;
  topic: string;
  status: string;
  payload: unknown;
  attempts: Array<{at: string; status: number | null; error: string | null; durationMs: number}>;
}

// The receivers listen on 127.0.0.1: private targets are allowed, as for local development.
const fast: AppOptions['webhooks'] = {
  baseDelayMs: 5,
  maxDelayMs: 20,
  maxAttempts: 4,
  allowPrivateTargets: true,
};

/** Started per test and closed after it, whatever happens. */
const open: Array<{close(): Promise<void>}> = [];
async function started<T extends {close(): Promise<void>}>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  open.push(value);
  return value;
}
async function closeAll() {
  while (open.length) await open.pop()!.close();
}

async function subscribe(
  service: RunningService,
  receiver: Receiver,
  topic: string,
  identifier = `${topic}-${Math.random().toString(36).slice(2)}`,
) {
  const response = await service.call('/api/2/webhooks', {
    method: 'POST',
    json: {identifier, topic, callbackUrl: receiver.url},
  });
  assert.equal(response.status, 201);
  return json<{identifier: string; topic: string; callbackUrl: string; secret: string}>(response);
}

const deliveries = async (service: RunningService, identifier: string) =>
  json<Delivery[]>(await service.call(`/api/2/webhooks/${identifier}/deliveries`));

/** The documented receiver recipe (docs/webhooks.md), written with node:crypto alone. */
function verify(secret: string, headers: Record<string, unknown>, rawBody: string): boolean {
  const timestamp = String(headers['x-configurator-timestamp']);
  const signature = String(headers['x-configurator-signature']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  return (
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

async function newQuotation(service: RunningService, body: Record<string, unknown> = {}) {
  const response = await service.call('/api/2/quotations', {method: 'POST', json: body});
  assert.equal(response.status, 201);
  return json<Item>(response);
}

describe('webhook subscriptions', () => {
  let service: RunningService;
  before(async () => {
    service = await startService({webhooks: fast});
  });
  after(() => service.close());

  test('subscribe, list without secrets, show, unsubscribe', async () => {
    const created = await service.call('/api/2/webhooks', {
      method: 'POST',
      json: {
        identifier: 'erp-sync',
        topic: 'quotation.requested',
        callbackUrl: 'https://erp.example/hooks',
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('location'), '/api/2/webhooks/erp-sync');
    const subscription = await json(created);
    assert.equal(subscription.identifier, 'erp-sync');
    assert.equal(subscription.topic, 'quotation.requested');
    assert.equal(subscription.callbackUrl, 'https://erp.example/hooks');
    assert.match(String(subscription.secret), /^[0-9a-f]{64}$/);

    const listed = await json<Item[]>(await service.call('/api/2/webhooks'));
    assert.deepEqual(
      listed.map((item) => [item.identifier, 'secret' in item]),
      [['erp-sync', false]],
    );
    const shown = await json(await service.call('/api/2/webhooks/erp-sync'));
    assert.equal('secret' in shown, false);
    assert.equal(shown.callbackUrl, 'https://erp.example/hooks');
    assert.deepEqual(await deliveries(service, 'erp-sync'), []);

    // Property names in any letter case; a secret of one's own is kept.
    const own = await service.call('/api/2/webhooks', {
      method: 'POST',
      json: {
        Identifier: 'own',
        TOPIC: 'quotation.verified',
        callbackurl: 'http://127.0.0.1:9/x',
        secret: 'sixteen-chars-long',
      },
    });
    assert.equal((await json(own)).secret, 'sixteen-chars-long');

    for (const identifier of ['erp-sync', 'own']) {
      assert.equal(
        (await service.call(`/api/2/webhooks/${identifier}`, {method: 'DELETE'})).status,
        204,
      );
    }
    await expectError(
      await service.call('/api/2/webhooks/erp-sync', {method: 'DELETE'}),
      404,
      'not_found',
    );
    await expectError(await service.call('/api/2/webhooks/erp-sync'), 404, 'not_found');
    await expectError(await service.call('/api/2/webhooks/erp-sync/deliveries'), 404, 'not_found');
  });

  test('refuses bad subscriptions with stable codes', async () => {
    const valid = {
      identifier: 'dup',
      topic: 'quotation.accepted',
      callbackUrl: 'https://x.example/h',
    };
    assert.equal(
      (await service.call('/api/2/webhooks', {method: 'POST', json: valid})).status,
      201,
    );
    await expectError(
      await service.call('/api/2/webhooks', {method: 'POST', json: valid}),
      409,
      'conflict',
    );
    const bad: Array<[unknown, string]> = [
      [{...valid, identifier: 'a1', topic: 'quotation.paid'}, 'body.topic'],
      [{...valid, identifier: 'a2', callbackUrl: '/relative'}, 'body.callbackUrl'],
      [{...valid, identifier: 'a3', callbackUrl: 'ftp://x.example/h'}, 'body.callbackUrl'],
      [
        {...valid, identifier: 'a4', callbackUrl: 'https://user:pw@x.example/h'},
        'body.callbackUrl',
      ],
      [{...valid, identifier: 'a5', callbackUrl: 42}, 'body.callbackUrl'],
      [{topic: valid.topic, callbackUrl: valid.callbackUrl}, 'body.identifier'],
      [{...valid, identifier: ''}, 'body.identifier'],
      [{...valid, identifier: 'a/b'}, 'body.identifier'],
      // A URL resolves these segments away: no path could name the subscription again.
      [{...valid, identifier: '.'}, 'body.identifier'],
      [{...valid, identifier: '..'}, 'body.identifier'],
      [{...valid, identifier: 'a6', topic: undefined}, 'body.topic'],
      [{...valid, identifier: 'a7', secret: 'short'}, 'body.secret'],
    ];
    for (const [body, field] of bad) {
      const error = await expectError(
        await service.call('/api/2/webhooks', {method: 'POST', json: body}),
        400,
        'invalid_body',
      );
      assert.equal((error.details as {field: string}).field, field, JSON.stringify(body));
    }
    const unknown = await expectError(
      await service.call('/api/2/webhooks', {
        method: 'POST',
        json: {...valid, identifier: 'a8', events: ['x']},
      }),
      400,
      'invalid_body',
    );
    assert.deepEqual((unknown.details as {fields: string[]}).fields, ['body.events']);
    await expectError(
      await service.call('/api/2/webhooks', {
        method: 'POST',
        body: '{"identifier":',
        headers: {'Content-Type': 'application/json'},
      }),
      400,
      'malformed_body',
    );
    await expectError(
      await service.call('/api/2/webhooks', {method: 'POST', json: ['x']}),
      400,
      'invalid_body',
    );
    const anonymous = await service.call('/api/2/webhooks', {token: null});
    assert.equal(anonymous.status, 401);
  });
});

describe('webhook delivery', () => {
  after(closeAll);

  test('signs each delivery so the receiver can verify it', async () => {
    const receiver = await started(startReceiver());
    const service = await started(startService({webhooks: fast}));
    const subscription = await subscribe(service, receiver, 'quotation.submitted');
    const quotation = await newQuotation(service);
    const moved = await service.call(`/api/2/quotations/${quotation.id}/submit`, {method: 'POST'});
    assert.equal(moved.status, 200);
    assert.equal((await json(moved)).status, 'submitted');

    const [request] = await receiver.waitFor(1);
    assert.equal(request!.path, '/hooks');
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers['x-configurator-event'], 'quotation.submitted');
    assert.deepEqual(JSON.parse(request!.body), {
      topic: 'quotation.submitted',
      content: {quotationId: quotation.id, userId: quotation.userId},
    });
    assert.match(String(quotation.userId), /^[0-9a-f-]{36}$/);
    assert.ok(verify(subscription.secret, request!.headers, request!.body), 'signature verifies');
    assert.equal(verify('another-secret-entirely', request!.headers, request!.body), false);
    assert.equal(
      verify(subscription.secret, request!.headers, request!.body.replace('}', ' }')),
      false,
    );

    const [delivery] = await settledDeliveries(service, subscription.identifier, 'delivered');
    assert.equal(delivery!.id, request!.headers['x-configurator-delivery']);
    assert.deepEqual(delivery!.payload, JSON.parse(request!.body));
  });

  test('retries after failures with backoff and records every attempt', async () => {
    const receiver = await started(startReceiver((index) => (index < 2 ? 500 : 200)));
    const service = await started(
      startService({
        webhooks: {baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 5, allowPrivateTargets: true},
      }),
    );
    const subscription = await subscribe(service, receiver, 'quotation.requested');
    const quotation = await newQuotation(service, {status: 'requested'});
    const requests = await receiver.waitFor(3);
    assert.equal(new Set(requests.map((r) => r.headers['x-configurator-delivery'])).size, 1);
    for (const request of requests) {
      assert.equal(JSON.parse(request.body).content.quotationId, quotation.id);
      assert.ok(verify(subscription.secret, request.headers, request.body));
    }
    const [delivery] = await settledDeliveries(service, subscription.identifier, 'delivered');
    assert.deepEqual(
      delivery!.attempts.map((attempt) => attempt.status),
      [500, 500, 200],
    );
    assert.match(String(delivery!.attempts[0]!.error), /500/);
    assert.equal(delivery!.attempts[2]!.error, null);
    for (const attempt of delivery!.attempts) assert.equal(typeof attempt.durationMs, 'number');
  });

  test('gives up after the last attempt, and records timeouts and unreachable receivers', async () => {
    const failing = await started(startReceiver(() => 503));
    const silent = await started(startReceiver((): Answer => 'hold'));
    const gone = await startReceiver();
    await gone.close();
    const service = await started(
      startService({
        webhooks: {
          baseDelayMs: 5,
          maxDelayMs: 10,
          maxAttempts: 2,
          // The silent receiver waits for the whole of it; the others answer and must fit in
          // it on a busy machine.
          timeoutMs: 2_000,
          allowPrivateTargets: true,
        },
      }),
    );
    const a = await subscribe(service, failing, 'quotation.accepted');
    const b = await subscribe(service, silent, 'quotation.accepted');
    const c = await subscribe(service, gone, 'quotation.accepted');
    const quotation = await newQuotation(service);
    for (const step of ['submit', 'accept']) {
      assert.equal(
        (await service.call(`/api/2/quotations/${quotation.id}/${step}`, {method: 'POST'})).status,
        200,
      );
    }
    await failing.waitFor(2);
    await silent.waitFor(2);
    const [failed] = await settledDeliveries(service, a.identifier, 'failed');
    assert.deepEqual(
      failed!.attempts.map((x) => x.status),
      [503, 503],
    );
    const [timedOut] = await settledDeliveries(service, b.identifier, 'failed');
    assert.deepEqual(
      timedOut!.attempts.map((x) => x.status),
      [null, null],
    );
    assert.match(String(timedOut!.attempts[0]!.error), /No answer within 2000 ms/);
    const [unreachable] = await settledDeliveries(service, c.identifier, 'failed');
    assert.equal(unreachable!.attempts.length, 2);
    assert.match(String(unreachable!.attempts[0]!.error), /fetch failed|ECONNREFUSED/);
  });

  test('request quote, submit, accept and verify each fire their topic; impossible moves fire nothing', async () => {
    const receiver = await started(startReceiver());
    const service = await started(startService({webhooks: fast}));
    for (const topic of [
      'quotation.requested',
      'quotation.submitted',
      'quotation.accepted',
      'quotation.verified',
    ]) {
      await subscribe(service, receiver, topic);
    }
    // A quotation requested in the showroom, through the configurator.
    const chair = await startChair(service);
    const answered = await putRequirement(service, chair.id, {
      featureModelNodeId: chairNode('warranty-2'),
      value: 1,
      isSelection: true,
    });
    assert.equal(answered.status, 200);
    const quote = await service.call('/configurator/1/configurator/requestquote', {
      method: 'POST',
      json: {
        quotationRequest: {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'},
        configurationIds: [chair.id],
        quantities: null,
      },
    });
    assert.equal(quote.status, 200, await quote.clone().text());
    const {quotationId} = await json<{quotationId: string}>(quote);
    const [requested] = await receiver.waitFor(1);
    const requestedBody = JSON.parse(requested!.body);
    assert.deepEqual(requestedBody.topic, 'quotation.requested');
    assert.equal(requestedBody.content.quotationId, quotationId);

    // Impossible moves: 409 invalid_transition, nothing published.
    await expectError(
      await service.call('/api/2/quotations', {
        method: 'PUT',
        json: {id: quotationId, status: 'verified'},
      }),
      409,
      'invalid_transition',
    );
    await expectError(
      await service.call(`/api/2/quotations/${quotationId}/accept`, {method: 'POST'}),
      409,
      'invalid_transition',
    );
    await expectError(
      await service.call('/api/2/quotations', {method: 'POST', json: {status: 'accepted'}}),
      409,
      'invalid_transition',
    );

    // The allowed path, by PUT of status and by operation.
    const submitted = await service.call('/api/2/quotations', {
      method: 'PUT',
      json: {id: quotationId, status: 'submitted'},
    });
    assert.equal(submitted.status, 200);
    // The same status again is no move and fires nothing.
    assert.equal(
      (
        await service.call('/api/2/quotations', {
          method: 'PUT',
          json: {id: quotationId, status: 'submitted'},
        })
      ).status,
      200,
    );
    assert.equal(
      (await service.call(`/api/2/quotations/${quotationId}/accept`, {method: 'POST'})).status,
      200,
    );
    assert.equal(
      (await service.call(`/api/2/quotations/${quotationId}/verify`, {method: 'POST'})).status,
      200,
    );
    await expectError(
      await service.call(`/api/2/quotations/${quotationId}/submit`, {method: 'POST'}),
      409,
      'invalid_transition',
    );
    const all = await receiver.waitFor(4);
    assert.deepEqual(
      all.map((request) => JSON.parse(request.body).topic),
      ['quotation.requested', 'quotation.submitted', 'quotation.accepted', 'quotation.verified'],
    );
    for (const request of all)
      assert.equal(JSON.parse(request.body).content.quotationId, quotationId);
    // The events are recorded as application events too, exactly once each.
    const events = await json<Item[]>(
      await service.call(`/api/2/applicationevents?quotationId=${quotationId}&orderby=occurredAt`),
    );
    assert.deepEqual(
      events.map((event) => event.name),
      ['quotation.requested', 'quotation.submitted', 'quotation.accepted', 'quotation.verified'],
    );
  });

  test('no event is lost: N quotations give N deliveries with distinct ids', async () => {
    // The first attempt of every third delivery fails, each retry succeeds: whatever order the
    // attempts arrive in (failing every third request instead could, with retries in step, fail
    // one delivery every time, and it would rightly end as failed).
    const firstSeen = new Set<string>();
    const refused = new Set<Received>();
    const receiver = await started(
      startReceiver((_, request) => {
        const id = String(request.headers['x-configurator-delivery']);
        if (firstSeen.has(id)) return 200;
        firstSeen.add(id);
        if (firstSeen.size % 3 !== 1) return 200;
        refused.add(request);
        return 500;
      }),
    );
    const service = await started(
      startService({
        webhooks: {baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 8, allowPrivateTargets: true},
      }),
    );
    const subscription = await subscribe(service, receiver, 'quotation.requested');
    const count = 25;
    const quotations = await Promise.all(
      Array.from({length: count}, () => newQuotation(service, {status: 'requested'})),
    );
    const list = await settledDeliveries(service, subscription.identifier, 'delivered', count);
    assert.equal(list.length, count);
    assert.deepEqual(
      list.map((d) => (d.payload as {content: {quotationId: string}}).content.quotationId).sort(),
      quotations.map((q) => q.id).sort(),
    );
    // At least once: each delivery id reached the receiver with a 2xx; retries reuse the id.
    assert.equal(refused.size, Math.ceil(count / 3));
    const succeeded = new Set(
      receiver.requests
        .filter((request) => !refused.has(request))
        .map((request) => request.headers['x-configurator-delivery']),
    );
    assert.deepEqual([...succeeded].sort(), list.map((d) => d.id).sort());
    for (const request of refused) {
      assert.ok(succeeded.has(request.headers['x-configurator-delivery']), 'retried with its id');
    }
  });

  test('unsubscribing cancels pending deliveries', async () => {
    const receiver = await started(startReceiver(() => 500));
    const service = await started(
      startService({webhooks: {baseDelayMs: 60_000, maxAttempts: 3, allowPrivateTargets: true}}),
    );
    const subscription = await subscribe(service, receiver, 'quotation.requested');
    await newQuotation(service, {status: 'requested'});
    await receiver.waitFor(1);
    await settledDeliveries(service, subscription.identifier, 'pending');
    assert.equal(
      (await service.call(`/api/2/webhooks/${subscription.identifier}`, {method: 'DELETE'})).status,
      204,
    );
    const record = service.store
      .collection<Item>('webhookdeliveries')
      .list()
      .find((d) => d.identifier === subscription.identifier)!;
    assert.equal(record.status, 'cancelled');
    // The dispatcher no longer holds it as pending.
    assert.equal(service.webhooks.dispatcher.pendingCount, 0);
  });
});

/**
 * The deliveries of a subscription once `count` of them have reached `status`: waits on the
 * dispatcher recording attempts (no fixed sleeps).
 */
async function settledDeliveries(
  service: RunningService,
  identifier: string,
  status: string,
  count = 1,
): Promise<Delivery[]> {
  for (;;) {
    const next = service.webhooks.dispatcher.nextRecord();
    const list = await deliveries(service, identifier);
    if (list.filter((d) => d.status === status).length >= count) return list;
    await next;
  }
}
