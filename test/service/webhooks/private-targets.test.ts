import assert from 'node:assert/strict';
import {after, describe, test} from 'node:test';
import type {AppOptions} from '../../../service/app.js';
import {MemoryStore} from '../../../service/store/index.js';
import {
  isPrivateAddress,
  subscriptionKey,
  webhookCollections,
  type ResolvedAddress,
  type SubscriptionRecord,
} from '../../../service/webhooks/index.js';
import {expectError} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';
import {startReceiver} from './receiver.js';

interface Delivery {
  status: string;
  attempts: Array<{status: number | null; error: string | null}>;
}

const open: Array<{close(): Promise<void>}> = [];
async function started<T extends {close(): Promise<void>}>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  open.push(value);
  return value;
}
after(async () => {
  while (open.length) await open.pop()!.close();
});

const topic = 'quotation.requested';
const subscribe = (service: RunningService, identifier: string, callbackUrl: string) =>
  service.call('/api/2/webhooks', {method: 'POST', json: {identifier, topic, callbackUrl}});

/** A resolver that knows a few names, and counts how often it was asked. */
function resolverOf(names: Record<string, ResolvedAddress[]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'});
    return addresses;
  };
  return {resolve, asked};
}

/** Publishes one `quotation.requested` and waits until the attempt for it is recorded. */
async function publishAndWait(service: RunningService): Promise<void> {
  const recorded = service.webhooks.dispatcher.nextRecord();
  const response = await service.call('/api/2/quotations', {
    method: 'POST',
    json: {status: 'requested'},
  });
  assert.equal(response.status, 201);
  await recorded;
  await service.webhooks.dispatcher.settled();
}

const deliveriesOf = async (service: RunningService, identifier: string) =>
  json<Delivery[]>(await service.call(`/api/2/webhooks/${identifier}/deliveries`));

/** Every spelling of an internal address the URL parser accepts; all refused by default. */
const privateTargets = [
  'http://127.0.0.1/h',
  'http://127.1/h',
  'http://2130706433/h',
  'http://0x7f.1/h',
  'http://0x7f000001/h',
  'http://017700000001/h',
  'http://0177.0.0.1/h',
  'http://0.0.0.0/h',
  'http://0/h',
  'http://10.0.0.1/h',
  'http://172.16.0.1/h',
  'http://172.31.255.255/h',
  'http://192.168.0.1/h',
  'http://100.64.0.1/h',
  'http://100.127.255.254/h',
  'http://169.254.169.254/latest/meta-data',
  'http://168.63.129.16/machine',
  'http://[::ffff:168.63.129.16]/h',
  'http://[::ffff:a83f:8110]/h',
  'http://224.0.0.1/h',
  'http://255.255.255.255/h',
  'http://localhost/h',
  'http://LOCALHOST./h',
  'http://hooks.localhost/h',
  'http://[::1]/h',
  'http://[::]/h',
  'http://[0:0:0:0:0:0:0:1]/h',
  'http://[::ffff:127.0.0.1]/h',
  'http://[::ffff:7f00:1]/h',
  'http://[::127.0.0.1]/h',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/h',
  'http://[::ffff:169.254.169.254]/h',
  'http://[::ffff:10.0.0.1]/h',
  'http://[64:ff9b::a9fe:a9fe]/h',
  'http://[2002:7f00:1::]/h',
  'http://[fc00::1]/h',
  'http://[fd12:3456::1]/h',
  'http://[fe80::1]/h',
  'http://[febf::1]/h',
  'http://[ff02::1]/h',
];

describe('private webhook targets', () => {
  test('are refused at subscription by default, in every spelling', async () => {
    const service = await started(startService());
    for (const [index, callbackUrl] of privateTargets.entries()) {
      const error = await expectError(
        await subscribe(service, `private-${index}`, callbackUrl),
        400,
        'invalid_body',
      );
      assert.deepEqual(error.details, {field: 'body.callbackUrl'}, callbackUrl);
      assert.match(error.message, /private/, callbackUrl);
    }
    assert.deepEqual(await json(await service.call('/api/2/webhooks')), []);
    for (const [index, callbackUrl] of [
      'https://hooks.example.com/in',
      'http://8.8.8.8/h',
      'http://172.32.0.1/h',
      'http://168.63.129.17/h',
      'http://100.128.0.1/h',
      'http://[2606:4700:4700::1111]/h',
    ].entries()) {
      const response = await subscribe(service, `public-${index}`, callbackUrl);
      assert.equal(response.status, 201, `${callbackUrl}: ${await response.text()}`);
    }
  });

  test('the address check covers what resolvers answer, IPv6 spellings included', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      'fe80::1%eth0',
      'fd00::1',
      '100.64.0.1',
      '168.63.129.16',
      '::ffff:168.63.129.16',
      '64:ff9b::a83f:8110',
      'not an address',
    ]) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isPrivateAddress(address), false, address);
    }
  });

  test('a name resolving to loopback is refused at delivery time; nothing is sent', async () => {
    const receiver = await started(startReceiver());
    const {port} = new URL(receiver.url);
    const {resolve, asked} = resolverOf({
      'hooks.example.test': [{address: '127.0.0.1', family: 4}],
      'mixed.example.test': [
        {address: '8.8.8.8', family: 4},
        {address: '::ffff:10.0.0.1', family: 6},
      ],
    });
    const service = await started(startService({webhooks: {maxAttempts: 1, resolve}}));
    // Names are not resolved on subscribing: they may change before any delivery.
    for (const name of ['hooks', 'mixed']) {
      const response = await subscribe(service, name, `http://${name}.example.test:${port}/hooks`);
      assert.equal(response.status, 201);
    }
    await publishAndWait(service);
    while (service.webhooks.dispatcher.pendingCount > 0) {
      const next = service.webhooks.dispatcher.nextRecord();
      await service.webhooks.dispatcher.settled();
      if (service.webhooks.dispatcher.pendingCount > 0) await next;
    }

    const [loopback] = await deliveriesOf(service, 'hooks');
    assert.equal(loopback!.status, 'failed');
    assert.equal(loopback!.attempts[0]!.status, null);
    assert.match(
      String(loopback!.attempts[0]!.error),
      /Refused: hooks\.example\.test resolves to 127\.0\.0\.1, a private address/,
    );
    // Every address is checked: one public answer does not carry a private one through.
    const [mixed] = await deliveriesOf(service, 'mixed');
    assert.match(String(mixed!.attempts[0]!.error), /resolves to ::ffff:10\.0\.0\.1/);
    assert.deepEqual([...asked].sort(), ['hooks.example.test', 'mixed.example.test']);
    assert.equal(receiver.requests.length, 0);
  });

  test('a subscription stored while private targets were allowed is refused at delivery', async () => {
    const receiver = await started(startReceiver());
    const store = new MemoryStore();
    store.collection<SubscriptionRecord>(webhookCollections.subscriptions).put({
      id: subscriptionKey('demo-client', 'old'),
      clientId: 'demo-client',
      identifier: 'old',
      topic,
      callbackUrl: receiver.url,
      secret: 'x'.repeat(32),
      createdAt: new Date().toISOString(),
    });
    const service = await started(startService({store, webhooks: {maxAttempts: 1}}));
    await publishAndWait(service);
    const [delivery] = await deliveriesOf(service, 'old');
    assert.equal(delivery!.status, 'failed');
    assert.match(
      String(delivery!.attempts[0]!.error),
      /Refused: 127\.0\.0\.1 is a private address/,
    );
    assert.equal(receiver.requests.length, 0);
  });

  test('when allowed, the delivery connects to the address the check resolved, asked once', async () => {
    const receiver = await started(startReceiver());
    const {port} = new URL(receiver.url);
    const {resolve, asked} = resolverOf({
      // No real resolver knows this name: only the checked answer can lead to the receiver.
      'receiver.example.test': [{address: '127.0.0.1', family: 4}],
    });
    const webhooks: AppOptions['webhooks'] = {allowPrivateTargets: true, maxAttempts: 1, resolve};
    const service = await started(startService({webhooks}));
    const callbackUrl = `http://receiver.example.test:${port}/hooks`;
    assert.equal((await subscribe(service, 'local', callbackUrl)).status, 201);
    await publishAndWait(service);
    const [received] = await receiver.waitFor(1);
    assert.equal(received!.headers.host, `receiver.example.test:${port}`);
    assert.deepEqual(asked, ['receiver.example.test']);
    const [delivery] = await deliveriesOf(service, 'local');
    assert.equal(delivery!.status, 'delivered');
  });
});

describe('subscriptions per application', () => {
  test('are limited: 409 too_many_subscriptions past the limit, room again after a delete', async () => {
    const service = await started(
      startService({webhooks: {maxSubscriptions: 2, allowPrivateTargets: true}}),
    );
    const url = 'https://hooks.example.com/in';
    assert.equal((await subscribe(service, 'one', url)).status, 201);
    assert.equal((await subscribe(service, 'two', url)).status, 201);
    const error = await expectError(
      await subscribe(service, 'three', url),
      409,
      'too_many_subscriptions',
    );
    assert.deepEqual(error.details, {limit: 2});
    assert.equal((await service.call('/api/2/webhooks/one', {method: 'DELETE'})).status, 204);
    assert.equal((await subscribe(service, 'three', url)).status, 201);
  });
});
