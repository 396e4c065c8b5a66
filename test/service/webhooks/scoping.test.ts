import assert from 'node:assert/strict';
import {after, describe, test} from 'node:test';
import type {AppOptions} from '../../../service/app.js';
import {MemoryStore, type Collection} from '../../../service/store/index.js';
import {expectError} from '../../helpers/node/configurator.js';
import {
  demoCredentials,
  json,
  startService,
  type RunningService,
} from '../../helpers/node/service.js';
import {startReceiver, type Receiver} from './receiver.js';

type Item = Record<string, unknown> & {id: string};

// The receivers listen on 127.0.0.1: private targets are allowed, as for local development.
const fast: AppOptions['webhooks'] = {
  baseDelayMs: 5,
  maxDelayMs: 20,
  maxAttempts: 4,
  allowPrivateTargets: true,
};
const other = {clientId: 'other-app', secret: 'other-secret'};

/** Started per test and closed after it, whatever happens. */
const open: Array<{close(): Promise<void>}> = [];
async function started<T extends {close(): Promise<void>}>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  open.push(value);
  return value;
}
after(async () => {
  while (open.length) await open.pop()!.close();
});

async function tokenOf(service: RunningService, credentials: typeof other): Promise<string> {
  const response = await fetch(`${service.url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'Service.Api',
      client_id: credentials.clientId,
      client_secret: credentials.secret,
    }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as {access_token: string}).access_token;
}

const subscribe = (
  service: RunningService,
  body: Record<string, unknown>,
  token?: string,
): Promise<Response> => service.call('/api/2/webhooks', {method: 'POST', json: body, token});

describe('webhook subscriptions belong to the application that made them', () => {
  test('list, show, deliveries and unsubscribe see only the own subscriptions', async () => {
    const mine = await started(startReceiver());
    const theirs = await started(startReceiver());
    const service = await started(
      startService({applications: [demoCredentials, other], webhooks: fast}),
    );
    const token = await tokenOf(service, other);
    const topic = 'quotation.requested';

    assert.equal(
      (await subscribe(service, {identifier: 'erp', topic, callbackUrl: mine.url})).status,
      201,
    );
    // The same identifier in another application is another subscription.
    assert.equal(
      (await subscribe(service, {identifier: 'erp', topic, callbackUrl: theirs.url}, token)).status,
      201,
    );
    assert.equal(
      (
        await subscribe(
          service,
          {identifier: 'theirs-only', topic: 'quotation.verified', callbackUrl: theirs.url},
          token,
        )
      ).status,
      201,
    );
    // Unique per application still.
    await expectError(
      await subscribe(service, {identifier: 'erp', topic, callbackUrl: theirs.url}, token),
      409,
      'conflict',
    );

    const listed = async (as?: string) =>
      (await json<Item[]>(await service.call('/api/2/webhooks', {token: as})))
        .map((item) => `${String(item.identifier)} ${String(item.callbackUrl)}`)
        .sort();
    assert.deepEqual(await listed(), [`erp ${mine.url}`]);
    assert.deepEqual(await listed(token), [`erp ${theirs.url}`, `theirs-only ${theirs.url}`]);

    // Another application's identifier is not found, so identifiers do not leak.
    await expectError(await service.call('/api/2/webhooks/theirs-only'), 404, 'not_found');
    await expectError(
      await service.call('/api/2/webhooks/theirs-only/deliveries'),
      404,
      'not_found',
    );
    await expectError(
      await service.call('/api/2/webhooks/theirs-only', {method: 'DELETE'}),
      404,
      'not_found',
    );
    const shown = await json(await service.call('/api/2/webhooks/erp', {token}));
    assert.equal(shown.callbackUrl, theirs.url);

    // An event about a quotation reaches every subscriber of its topic, in either application.
    const created = await service.call('/api/2/quotations', {
      method: 'POST',
      json: {status: 'requested'},
    });
    assert.equal(created.status, 201);
    const quotation = await json<Item>(created);
    for (const receiver of [mine, theirs] as Receiver[]) {
      const [request] = await receiver.waitFor(1);
      assert.equal(JSON.parse(request!.body).content.quotationId, quotation.id);
    }
    await service.webhooks.dispatcher.settled();
    const deliveries = async (as?: string) =>
      json<Array<Item & {callbackUrl: string; status: string}>>(
        await service.call('/api/2/webhooks/erp/deliveries', {token: as}),
      );
    const own = await deliveries();
    assert.deepEqual(
      own.map((d) => [d.callbackUrl, d.status]),
      [[mine.url, 'delivered']],
    );
    for (const name of ['subscriptionId', 'clientId', 'body']) assert.equal(name in own[0]!, false);
    assert.deepEqual(
      (await deliveries(token)).map((d) => d.callbackUrl),
      [theirs.url],
    );

    // Unsubscribing removes the own subscription only.
    assert.equal((await service.call('/api/2/webhooks/erp', {method: 'DELETE'})).status, 204);
    assert.deepEqual(await listed(), []);
    assert.equal((await service.call('/api/2/webhooks/erp', {token})).status, 200);
  });
});

describe('callback URLs', () => {
  test('must be absolute http(s), without credentials, blanks or fragment', async () => {
    const service = await started(startService({webhooks: fast}));
    const refused = [
      'https://x.example/h#part',
      'https://x.example/h#',
      'http://@x.example/h',
      'http://user@x.example/h',
      ' https://x.example/h',
      'https://x.example/a b',
      'x.example/h',
      'mailto:hooks@x.example',
      `https://x.example/${'a'.repeat(2000)}`,
    ];
    for (const [index, callbackUrl] of refused.entries()) {
      const error = await expectError(
        await subscribe(service, {
          identifier: `bad-${index}`,
          topic: 'quotation.requested',
          callbackUrl,
        }),
        400,
        'invalid_body',
      );
      assert.equal((error.details as {field: string}).field, 'body.callbackUrl', callbackUrl);
    }
    // With private targets allowed (local development), loopback and localhost pass.
    for (const [index, callbackUrl] of [
      'http://127.0.0.1:9/h',
      'http://localhost:9/h',
      'https://hooks.example.com/in?x=1',
    ].entries()) {
      assert.equal(
        (
          await subscribe(service, {
            identifier: `ok-${index}`,
            topic: 'quotation.requested',
            callbackUrl,
          })
        ).status,
        201,
        callbackUrl,
      );
    }
  });

  test('allowPrivateTargets false refuses loopback, private and link-local literals', async () => {
    const service = await started(startService({webhooks: {...fast, allowPrivateTargets: false}}));
    const refused = [
      'http://127.0.0.1:9/h',
      'http://127.1.2.3/h',
      'http://2130706433/h',
      'http://0x7f.0.0.1/h',
      'http://localhost:8080/h',
      'http://hooks.localhost/h',
      'http://[::1]/h',
      'http://[::ffff:127.0.0.1]/h',
      'http://[::ffff:10.0.0.1]/h',
      'http://[fe80::1]/h',
      'http://[fd12:3456::1]/h',
      'http://0.0.0.0/h',
      'http://10.1.2.3/h',
      'http://172.16.5.4/h',
      'http://172.31.255.255/h',
      'http://192.168.1.10/h',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/h',
    ];
    for (const [index, callbackUrl] of refused.entries()) {
      const error = await expectError(
        await subscribe(service, {
          identifier: `private-${index}`,
          topic: 'quotation.requested',
          callbackUrl,
        }),
        400,
        'invalid_body',
      );
      assert.equal((error.details as {field: string}).field, 'body.callbackUrl', callbackUrl);
      assert.match(error.message, /private/, callbackUrl);
    }
    for (const [index, callbackUrl] of [
      'https://hooks.example.com/in',
      'http://8.8.8.8/h',
      'http://172.32.0.1/h',
      'http://[2001:db8::1]/h',
    ].entries()) {
      assert.equal(
        (
          await subscribe(service, {
            identifier: `public-${index}`,
            topic: 'quotation.requested',
            callbackUrl,
          })
        ).status,
        201,
        callbackUrl,
      );
    }
  });
});

/** A memory store that counts full scans of the deliveries collection. */
class CountingStore extends MemoryStore {
  scans = 0;
  override collection<T extends {id: string}>(name: string): Collection<T> {
    const collection = super.collection<T>(name);
    if (name !== 'webhookdeliveries') return collection;
    return {
      get: (id) => collection.get(id),
      put: (value) => collection.put(value),
      delete: (id) => collection.delete(id),
      find: (query) => collection.find(query),
      list: () => {
        this.scans++;
        return collection.list();
      },
    };
  }
}

describe('the delivery history', () => {
  test('dispatching looks at pending deliveries only, never a scan of the history', async () => {
    // Each delivery's first attempt fails and its retry succeeds, however they interleave.
    const attempted = new Set<string>();
    const receiver = await started(
      startReceiver((_, {headers}) => {
        const id = String(headers['x-configurator-delivery']);
        if (attempted.has(id)) return 200;
        attempted.add(id);
        return 500;
      }),
    );
    const store = new CountingStore();
    const service = await started(startService({store, webhooks: fast}));
    assert.equal(
      (
        await subscribe(service, {
          identifier: 'erp',
          topic: 'quotation.requested',
          callbackUrl: receiver.url,
        })
      ).status,
      201,
    );
    const scansAfterStart = store.scans;
    const count = 6;
    for (let index = 0; index < count; index++) {
      const response = await service.call('/api/2/quotations', {
        method: 'POST',
        json: {status: 'requested'},
      });
      assert.equal(response.status, 201);
    }
    // Every delivery failed once and then succeeded: 2 requests each.
    await receiver.waitFor(count * 2);
    while (service.webhooks.dispatcher.pendingCount > 0) {
      const next = service.webhooks.dispatcher.nextRecord();
      await service.webhooks.dispatcher.settled();
      if (service.webhooks.dispatcher.pendingCount > 0) await next;
    }
    assert.equal(store.scans, scansAfterStart, 'no pass scanned the deliveries');
    const delivered = store
      .collection<Item>('webhookdeliveries')
      .list()
      .filter((d) => d.status === 'delivered');
    assert.equal(delivered.length, count);
  });

  test('finished deliveries are pruned after the retention; pending ones are kept', async () => {
    let clock = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const ok = await started(startReceiver());
    const failing = await started(startReceiver(() => 500));
    const service = await started(
      startService({
        now: () => clock,
        tokenLifetimeSeconds: 30 * 24 * 60 * 60,
        webhooks: {
          baseDelayMs: 60 * 60 * 1000,
          maxAttempts: 3,
          retentionMs: 7 * day,
          allowPrivateTargets: true,
        },
      }),
    );
    for (const [identifier, receiver] of [
      ['ok', ok],
      ['failing', failing],
    ] as const) {
      const response = await subscribe(service, {
        identifier,
        topic: 'quotation.requested',
        callbackUrl: receiver.url,
      });
      assert.equal(response.status, 201);
    }
    const response = await service.call('/api/2/quotations', {
      method: 'POST',
      json: {status: 'requested'},
    });
    assert.equal(response.status, 201);
    await ok.waitFor(1);
    await failing.waitFor(1);
    await service.webhooks.dispatcher.settled();
    const statuses = async (identifier: string) =>
      (
        await json<Array<{status: string}>>(
          await service.call(`/api/2/webhooks/${identifier}/deliveries`),
        )
      ).map((d) => d.status);
    assert.deepEqual(await statuses('ok'), ['delivered']);
    assert.deepEqual(await statuses('failing'), ['pending']);

    // Within the retention nothing goes.
    clock += 6 * day;
    assert.equal(service.webhooks.dispatcher.prune(), 0);
    assert.deepEqual(await statuses('ok'), ['delivered']);
    clock += 2 * day;
    assert.equal(service.webhooks.dispatcher.prune(), 1);
    assert.deepEqual(await statuses('ok'), []);
    assert.deepEqual(await statuses('failing'), ['pending']);
  });
});
