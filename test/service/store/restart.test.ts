import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import type {Configuration} from '../../../src/wire/index.js';
import type {AppOptions} from '../../../service/app.js';
import {StoreLockedError, openStore} from '../../../service/store/index.js';
import {chairNode, putRequirement, startChair, valueOf} from '../../helpers/node/configurator.js';
import {
  demoCredentials,
  json,
  startService,
  type RunningService,
} from '../../helpers/node/service.js';
import {startReceiver, type Receiver} from '../webhooks/receiver.js';
import {startServiceProcess} from '../../helpers/node/service-process.js';

type Item = Record<string, unknown> & {id: string};

const folders: string[] = [];
const cleanup: Array<() => Promise<void>> = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-restart-'));
  folders.push(dir);
  return dir;
};
const receiverFor = async (answer?: Parameters<typeof startReceiver>[0]) => {
  const receiver = await startReceiver(answer);
  cleanup.push(() => receiver.close());
  return receiver;
};

/** The service on a durable store in `dir`; its webhook receivers listen on 127.0.0.1. */
const startOn = (dir: string, options: AppOptions = {}) =>
  startService({
    ...options,
    webhooks: {allowPrivateTargets: true, ...options.webhooks},
    store: openStore(dir),
  });

async function subscribe(service: RunningService, receiver: Receiver, identifier: string) {
  const response = await service.call('/api/2/webhooks', {
    method: 'POST',
    json: {identifier, topic: 'quotation.requested', callbackUrl: receiver.url},
  });
  assert.equal(response.status, 201);
  return json<{secret: string}>(response);
}

async function deliveriesOf(service: RunningService, identifier: string, status: string) {
  for (;;) {
    const next = service.webhooks.dispatcher.nextRecord();
    const list = await json<Array<Item & {attempts: Array<{status: number | null}>}>>(
      await service.call(`/api/2/webhooks/${identifier}/deliveries`),
    );
    if (list.length > 0 && list.every((d) => d.status === status)) return list;
    await next;
  }
}

describe('restart on the same data folder', () => {
  test('finds every quotation, line, account, session, entity and subscription again', async () => {
    const dir = dataDir();
    const receiver = await receiverFor();
    const first = await startOn(dir);
    const token = await first.token();

    // A session with an answer, and a quote requested from it.
    const chair = await startChair(first);
    const warranty = chairNode('warranty-2');
    const answered = await putRequirement(first, chair.id, {
      featureModelNodeId: warranty,
      value: 1,
      isSelection: true,
    });
    assert.equal(answered.status, 200);
    await subscribe(first, receiver, 'erp');
    const quote = await first.call('/configurator/1/configurator/requestquote', {
      method: 'POST',
      json: {
        quotationRequest: {firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com'},
        configurationIds: [chair.id],
        quantities: {[chair.id]: 2},
      },
    });
    assert.equal(quote.status, 200);
    const {quotationId, debtorId} = await json<{quotationId: string; debtorId: string}>(quote);
    const vats = await json<Item[]>(
      await first.call('/api/2/vats', {
        method: 'POST',
        json: [
          {name: 'High', percentage: 21},
          {name: 'Low', percentage: 9},
        ],
      }),
    );
    await receiver.waitFor(1);
    await deliveriesOf(first, 'erp', 'delivered');
    const before = await json<Item & {lines: Item[]; debtor: Item}>(
      await first.call(`/api/2/quotations/${quotationId}?include=Lines&include=Debtor`),
    );
    assert.equal(before.lines.length, 1);
    assert.equal(before.lines[0]!.quantity, 2);

    // A second process may not write to the folder meanwhile.
    assert.throws(() => openStore(dir), StoreLockedError);
    await first.close();

    const second = await startOn(dir);
    cleanup.push(() => second.close());
    const again = await json<Item & {lines: Item[]; debtor: Item}>(
      await second.call(`/api/2/quotations/${quotationId}?include=Lines&include=Debtor`),
    );
    assert.deepEqual(again, before);
    assert.equal(again.debtor.id, debtorId);
    assert.equal(again.debtor.firstName, 'Grace');
    const lines = await json<Item[]>(
      await second.call(`/api/2/quotationlines?quotationId=${quotationId}`),
    );
    assert.deepEqual(lines, before.lines);
    const account = await json<Item>(await second.call(`/api/2/crmaccounts/${debtorId}`));
    assert.equal(account.email, 'grace@example.com');
    const vatsAgain = await json<Item[]>(await second.call('/api/2/vats?orderby=percentage'));
    assert.deepEqual(
      vatsAgain.map((vat) => vat.id),
      [vats[1]!.id, vats[0]!.id],
    );
    const subscriptions = await json<Item[]>(await second.call('/api/2/webhooks'));
    assert.deepEqual(
      subscriptions.map((s) => [s.identifier, s.callbackUrl]),
      [['erp', receiver.url]],
    );
    const history = await json<Item[]>(await second.call('/api/2/webhooks/erp/deliveries'));
    assert.equal(history.length, 1);
    assert.equal(history[0]!.status, 'delivered');

    // The session opens by id with its answer, and the old token still works.
    const opened = await second.call(`/configurator/1/configurator/open/${chair.id}`, {token});
    assert.equal(opened.status, 200);
    const configuration = await json<Configuration>(opened);
    assert.equal(configuration.id, chair.id);
    assert.equal(valueOf(configuration, warranty), 1);
    assert.equal(demoCredentials.clientId, 'demo-client');
  });
});

describe('parallel writes on the durable store', () => {
  test('lose nothing, before and after a restart', async () => {
    const dir = dataDir();
    const first = await startOn(dir);
    const posted = await Promise.all(
      Array.from({length: 40}, (_, i) =>
        first.call('/api/2/categories', {method: 'POST', json: {name: `Category ${i}`}}),
      ),
    );
    const ids = await Promise.all(posted.map((r) => json<Item>(r).then((item) => item.id)));
    // Parallel merges into one entity, and parallel renames of all of them.
    const fields = ['description', 'imageUrl', 'sortOrder'] as const;
    const values = {description: 'soft', imageUrl: '/images/a.svg', sortOrder: 3};
    const results = await Promise.all([
      ...fields.map((field) =>
        first.call('/api/2/categories', {
          method: 'PUT',
          json: {id: ids[0], [field]: values[field]},
        }),
      ),
      ...ids
        .slice(1)
        .map((id, i) =>
          first.call('/api/2/categories', {method: 'PUT', json: [{id, name: `Renamed ${i + 1}`}]}),
        ),
    ]);
    assert.ok(results.every((r) => r.status === 200));
    await first.close();

    const second = await startOn(dir);
    cleanup.push(() => second.close());
    const listed = await json<Item[]>(await second.call('/api/2/categories?limit=1000'));
    assert.deepEqual(listed.map((c) => c.id).sort(), [...ids].sort());
    const byId = new Map(listed.map((category) => [category.id, category]));
    for (const field of fields) assert.equal(byId.get(ids[0]!)![field], values[field]);
    for (const [i, id] of ids.entries()) {
      if (i > 0) assert.equal(byId.get(id)!.name, `Renamed ${i}`);
    }
  });
});

describe('quotation numbers', () => {
  test('come from a sequence: never reused after a delete, not poisoned, kept across a restart', async () => {
    const dir = dataDir();
    const create = async (service: RunningService, body: Record<string, unknown> = {}) => {
      const response = await service.call('/api/2/quotations', {method: 'POST', json: body});
      assert.equal(response.status, 201);
      return json<Item & {number: string}>(response);
    };
    const first = await startOn(dir);
    assert.equal((await create(first)).number, 'Q-000001');
    const second = await create(first);
    assert.equal(second.number, 'Q-000002');
    const deleted = await first.call(`/api/2/quotations/${second.id}`, {method: 'DELETE'});
    assert.equal(deleted.status, 204);
    // A client cannot write a number, so none can steer the sequence.
    for (const number of ['Q-Infinity', 'Q-99999999999999999999', 'Q-000500']) {
      const refused = await first.call('/api/2/quotations', {method: 'POST', json: {number}});
      assert.equal(refused.status, 400);
      assert.equal((await json<{code: string}>(refused)).code, 'read_only_field');
    }
    assert.equal((await create(first)).number, 'Q-000003');
    const chair = await startChair(first);
    await putRequirement(first, chair.id, {
      featureModelNodeId: chairNode('warranty-2'),
      value: 1,
      isSelection: true,
    });
    const quote = await first.call('/configurator/1/configurator/requestquote', {
      method: 'POST',
      json: {quotationRequest: {lastName: 'Lovelace'}, configurationIds: [chair.id]},
    });
    assert.equal(quote.status, 200);
    const {quotationId} = await json<{quotationId: string}>(quote);
    const requested = await json<Item>(await first.call(`/api/2/quotations/${quotationId}`));
    assert.equal(requested.number, 'Q-000004');
    await first.close();

    const again = await startOn(dir);
    cleanup.push(() => again.close());
    assert.equal((await create(again)).number, 'Q-000005');
  });
});

describe('webhook delivery across a restart', () => {
  test('a delivery waiting for its retry is delivered by the next run', async () => {
    const dir = dataDir();
    const receiver = await receiverFor((index) => (index === 0 ? 500 : 200));
    // The retry waits 0.5-1 s: long enough that the first run is gone before it is due.
    const slow = {baseDelayMs: 1000, maxDelayMs: 1000, maxAttempts: 5};
    const first = await startOn(dir, {webhooks: slow});
    const {secret} = await subscribe(first, receiver, 'erp');
    const created = await first.call('/api/2/quotations', {
      method: 'POST',
      json: {status: 'requested'},
    });
    const quotation = await json<Item>(created);
    await receiver.waitFor(1);
    await deliveriesOf(first, 'erp', 'pending');
    await first.close();

    const second = await startOn(dir, {webhooks: slow});
    cleanup.push(() => second.close());
    const [failed, retried] = await receiver.waitFor(2);
    assert.equal(
      retried!.headers['x-configurator-delivery'],
      failed!.headers['x-configurator-delivery'],
    );
    assert.equal(JSON.parse(retried!.body).content.quotationId, quotation.id);
    assert.ok(secret.length > 0);
    const [delivery] = await deliveriesOf(second, 'erp', 'delivered');
    assert.deepEqual(
      delivery!.attempts.map((attempt) => attempt.status),
      [500, 200],
    );
  });

  test('a delivery cut off in flight is sent again after the restart (at least once)', async () => {
    const dir = dataDir();
    const receiver = await receiverFor((index) => (index === 0 ? 'hold' : 200));
    const first = await startOn(dir);
    await subscribe(first, receiver, 'erp');
    await first.call('/api/2/quotations', {method: 'POST', json: {status: 'requested'}});
    await receiver.waitFor(1);
    // Stopped while the receiver has not answered: nothing about the attempt is recorded.
    await first.close();

    const second = await startOn(dir);
    cleanup.push(() => second.close());
    const [cut, resent] = await receiver.waitFor(2);
    assert.equal(
      resent!.headers['x-configurator-delivery'],
      cut!.headers['x-configurator-delivery'],
    );
    assert.equal(resent!.body, cut!.body);
    const [delivery] = await deliveriesOf(second, 'erp', 'delivered');
    assert.deepEqual(
      delivery!.attempts.map((attempt) => attempt.status),
      [200],
    );
  });
});

describe('a service process killed with SIGKILL', () => {
  test('at random moments of a write burst keeps every acknowledged write', async () => {
    const dir = dataDir();
    // Everything a 2xx acknowledged: created ids, and per updated entity the last version.
    const created = new Set<string>();
    const versions = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      const service = await startServiceProcess({dataDir: dir});
      cleanup.push(() => service.kill());
      await service.token();
      // A moment that differs from run to run: after this many acknowledgements.
      const killAfter = 15 + Math.floor(Math.random() * 60);
      let acknowledged = 0;
      let killing: Promise<void> | undefined;
      const acknowledge = () => {
        if (++acknowledged >= killAfter) killing ??= service.kill();
      };
      const writer = async (loop: number) => {
        // Each loop updates only its own entities, one request at a time, so the stored
        // version can only be the last acknowledged one or the one in flight after it.
        const mine: string[] = [];
        for (let i = 0; !killing; i++) {
          try {
            if (i % 3 === 2 && mine.length > 0) {
              const id = mine[i % mine.length]!;
              const version = round * 1_000_000 + i;
              const response = await service.call('/api/2/categories', {
                method: 'PUT',
                json: {id, sortOrder: version},
              });
              if (response.status === 200) {
                versions.set(id, version);
                acknowledge();
              }
              continue;
            }
            const response = await service.call('/api/2/categories', {
              method: 'POST',
              json: {name: `${round}-${loop}-${i}`, description: 'x'.repeat((i * 97) % 5000)},
            });
            if (response.status === 201) {
              const {id} = (await response.json()) as Item;
              created.add(id);
              mine.push(id);
              acknowledge();
            }
          } catch {
            // The connection died with the process: not acknowledged, nothing to expect.
          }
        }
      };
      await Promise.all(Array.from({length: 6}, (_, loop) => writer(loop)));
      await killing;
    }
    const survivor = await startServiceProcess({dataDir: dir});
    cleanup.push(() => survivor.kill());
    const listed: Item[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await json<Item[]>(
        await survivor.call(`/api/2/categories?limit=1000&skip=${skip}`),
      );
      listed.push(...page);
      if (page.length < 1000) break;
    }
    const found = new Set(listed.map((item) => item.id));
    const lost = [...created].filter((id) => !found.has(id));
    assert.deepEqual(lost, [], `${lost.length} of ${created.size} acknowledged creations lost`);
    assert.ok(created.size >= 30, `only ${created.size} creations in the burst`);
    assert.ok(versions.size > 0, 'no update was acknowledged');
    const byId = new Map(listed.map((item) => [item.id, item]));
    for (const [id, version] of versions) {
      const stored = Number(byId.get(id)?.sortOrder);
      assert.ok(stored >= version, `update ${version} of ${id} was acknowledged, found ${stored}`);
    }
  });
});
