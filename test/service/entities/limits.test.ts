import assert from 'node:assert/strict';
import {after, describe, test} from 'node:test';
import type {AppOptions} from '../../../service/app.js';
import {MemoryStore, type Store} from '../../../service/store/index.js';
import {expectError} from '../../helpers/node/configurator.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

type Item = Record<string, unknown> & {id: string};

/**
 * How much of the store a request read: every record a `list()` answered, by collection, and
 * the number of `list()` calls. Work that reads the whole collection once per body item is
 * what made a bulk write quadratic, so these counts show linearity without a stopwatch.
 */
interface Reads {
  records: Map<string, number>;
  calls: Map<string, number>;
  reset(): void;
  total(): number;
}

/** A store that counts its reads, forwarding everything else (whatever the store's kind). */
function countingStore(inner: Store = new MemoryStore()): {store: Store; reads: Reads} {
  const records = new Map<string, number>();
  const calls = new Map<string, number>();
  const add = (map: Map<string, number>, name: string, n: number) =>
    map.set(name, (map.get(name) ?? 0) + n);
  const wrap = <T extends object>(target: T, name: string): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (property !== 'list' && property !== 'find') return value.bind(object);
        return (...args: unknown[]) => {
          const answer = (value as (...a: unknown[]) => unknown[]).apply(object, args);
          add(records, name, answer.length);
          add(calls, name, 1);
          return answer;
        };
      },
    });
  const store = new Proxy(inner, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'collection') {
        return (name: string) => wrap(inner.collection(name), name);
      }
      return value.bind(object);
    },
  });
  const reads: Reads = {
    records,
    calls,
    reset: () => {
      records.clear();
      calls.clear();
    },
    total: () => [...records.values()].reduce((sum, n) => sum + n, 0),
  };
  return {store, reads};
}

const open: RunningService[] = [];
after(async () => {
  while (open.length) await open.pop()!.close();
});
async function service(options: AppOptions = {}) {
  const started = await startService(options);
  open.push(started);
  return started;
}
const post = (s: RunningService, path: string, body: unknown) =>
  s.call(path, {method: 'POST', json: body});
const put = (s: RunningService, path: string, body: unknown) =>
  s.call(path, {method: 'PUT', json: body});

async function created<T = Item>(response: Response): Promise<T> {
  assert.equal(response.status, 201, await response.clone().text());
  return json<T>(response);
}

/** The records read while POSTing `n` lines of one new quotation, on a fresh service. */
async function readsOfLineBatch(n: number): Promise<number> {
  const {store, reads} = countingStore();
  const s = await service({store});
  const quotation = await created(await post(s, '/api/2/quotations', {}));
  const lines = Array.from({length: n}, (_, index) => ({
    quotationId: quotation.id,
    totalPriceExVAT: 10,
    totalPriceIncVAT: 12.1,
    sortOrder: index,
  }));
  reads.reset();
  await created(await post(s, '/api/2/quotationlines', lines));
  const total = reads.total();
  // The quotation's totals follow its lines, summed once for the batch.
  const [after] = await json<Item[]>(await s.call(`/api/2/quotations?id=${quotation.id}`));
  assert.equal(after!.totalPriceExVAT, 10 * n);
  return total;
}

describe('bulk bodies are bounded', () => {
  test('POST and PUT take at most 1000 entities: 413 too_many_items, nothing stored', async () => {
    const s = await service();
    const tooMany = Array.from({length: 1001}, (_, index) => ({name: `unit ${index}`}));
    const refused = await expectError(await post(s, '/api/2/uom', tooMany), 413, 'too_many_items');
    assert.deepEqual(refused.details, {field: 'body', count: 1001, limit: 1000});
    assert.deepEqual(await json(await s.call('/api/2/uom')), []);
    await expectError(await put(s, '/api/2/uom', tooMany), 413, 'too_many_items');
    // The largest allowed batch is stored whole, and PUT takes it back.
    const stored = await created<Item[]>(await post(s, '/api/2/uom', tooMany.slice(0, 1000)));
    assert.equal(stored.length, 1000);
    const renamed = stored.map(({id}) => ({id, symbol: 'u'}));
    assert.equal((await put(s, '/api/2/uom', renamed)).status, 200);
  });

  test('a large allowed batch of lines costs linear work: twice the lines, about twice the reads', async () => {
    const n = await readsOfLineBatch(400);
    const twice = await readsOfLineBatch(800);
    // Linear work doubles (plus a constant); the old per-line re-totalling read every line of
    // the quotation once per line: four times the reads for twice the lines.
    assert.ok(twice <= 2.5 * n + 50, `reads for 400 lines: ${n}, for 800: ${twice}`);
  });

  test('a large allowed batch of quotations costs linear work', async () => {
    const reads = async (n: number) => {
      const {store, reads} = countingStore();
      const s = await service({store});
      reads.reset();
      await created(
        await post(
          s,
          '/api/2/quotations',
          Array.from({length: n}, () => ({})),
        ),
      );
      return reads.total();
    };
    const n = await reads(400);
    const twice = await reads(800);
    assert.ok(twice <= 2.5 * n + 50, `reads for 400 quotations: ${n}, for 800: ${twice}`);
  });

  test('a page of quotations with their lines reads the lines once, not once per quotation', async () => {
    const {store, reads} = countingStore();
    const s = await service({store});
    const quotations = await created<Item[]>(
      await post(
        s,
        '/api/2/quotations',
        Array.from({length: 50}, () => ({})),
      ),
    );
    await created(
      await post(
        s,
        '/api/2/quotationlines',
        quotations.flatMap(({id}) => [
          {quotationId: id, sortOrder: 2, description: 'second'},
          {quotationId: id, sortOrder: 1, description: 'first'},
        ]),
      ),
    );
    reads.reset();
    const page = await json<Array<Item & {lines: Item[]}>>(
      await s.call('/api/2/quotations?include=Lines&limit=1000'),
    );
    assert.equal(page.length, 50);
    for (const quotation of page) {
      assert.deepEqual(
        quotation.lines.map((line) => [line.quotationId, line.description]),
        [
          [quotation.id, 'first'],
          [quotation.id, 'second'],
        ],
      );
    }
    assert.equal(reads.calls.get('quotationlines'), 1);
    // One quotation by id reads them once too.
    reads.reset();
    const one = await json<Item & {lines: Item[]}>(
      await s.call(`/api/2/quotations/${quotations[0]!.id}?include=Lines`),
    );
    assert.equal(one.lines.length, 2);
    assert.equal(reads.calls.get('quotationlines'), 1);
  });
});

describe('numbers are range-checked', () => {
  test('each numeric field takes finite numbers in its range, integers where it is one', async () => {
    const s = await service();
    const cases: Array<
      [uri: string, body: Record<string, unknown>, field: string, range?: [number, number]]
    > = [
      ['/api/2/uom', {name: 'm', decimals: -1}, 'decimals', [0, 10]],
      ['/api/2/uom', {name: 'm', decimals: 11}, 'decimals', [0, 10]],
      ['/api/2/uom', {name: 'm', decimals: 2.5}, 'decimals'],
      ['/api/2/uom', {name: 'm', decimals: '2'}, 'decimals'],
      ['/api/2/vats', {name: 'high', percentage: 100.5}, 'percentage', [0, 100]],
      ['/api/2/vats', {name: 'low', percentage: -1}, 'percentage', [0, 100]],
      ['/api/2/leasetables', {name: 'lease', durationMonths: 0}, 'durationMonths', [1, 1200]],
      [
        '/api/2/leasetables',
        {name: 'lease', interestRatePercentage: 250},
        'interestRatePercentage',
        [0, 100],
      ],
      ['/api/2/leasetables', {name: 'lease', minimumAmount: -5}, 'minimumAmount', [0, 1e12]],
      ['/api/2/features', {name: 'f', priceExVAT: 1e13}, 'priceExVAT', [-1e12, 1e12]],
      [
        '/api/2/categories',
        {name: 'c', sortOrder: 2 ** 31},
        'sortOrder',
        [-(2 ** 31), 2 ** 31 - 1],
      ],
      ['/api/2/categories', {name: 'c', sortOrder: 2 ** 53 + 2}, 'sortOrder'],
    ];
    for (const [uri, body, field, range] of cases) {
      const response = await post(s, uri, body);
      const label = `${uri} ${JSON.stringify(body)}`;
      if (range) {
        const error = await expectError(response, 400, 'out_of_range');
        assert.deepEqual(
          error.details,
          {field: `body.${field}`, min: range[0], max: range[1]},
          label,
        );
      } else {
        const error = await expectError(response, 400, 'invalid_body');
        assert.deepEqual(error.details, {field: `body.${field}`}, label);
      }
    }
    // JSON's 1e400 parses as Infinity: not a finite number.
    const infinite = await s.call('/api/2/uom', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: '{"name": "m", "decimals": 1e400}',
    });
    await expectError(infinite, 400, 'invalid_body');

    // The ends of a range are in it; a negative price is a discount option.
    await created(await post(s, '/api/2/uom', {name: 'm', decimals: 10}));
    await created(await post(s, '/api/2/vats', {name: 'zero', percentage: 0}));
    await created(await post(s, '/api/2/features', {name: 'discount', priceExVAT: -25}));
  });

  test('a bad number in a batch names its item and stores nothing; a PUT is checked too', async () => {
    const s = await service();
    const error = await expectError(
      await post(s, '/api/2/uom', [{name: 'ok'}, {name: 'bad', decimals: -1}]),
      400,
      'out_of_range',
    );
    assert.equal((error.details as {field: string}).field, 'body[1].decimals');
    assert.deepEqual(await json(await s.call('/api/2/uom')), []);
    const unit = await created(await post(s, '/api/2/uom', {name: 'kg', decimals: 3}));
    await expectError(await put(s, '/api/2/uom', {id: unit.id, decimals: 99}), 400, 'out_of_range');
    assert.equal((await json<Item>(await s.call(`/api/2/uom/${unit.id}`))).decimals, 3);
    // A filter outside the range names nothing that could be stored: 400, not an empty list.
    await expectError(await s.call('/api/2/uom?decimals=-1'), 400, 'invalid_query');
  });
});

describe('quotation numbers belong to the service', () => {
  test('a client cannot set a number on create: 400 read_only_field', async () => {
    const s = await service();
    for (const number of ['Q-Infinity', 'Q-9007199254740993', 'Q-000001', '']) {
      const error = await expectError(
        await post(s, '/api/2/quotations', {number}),
        400,
        'read_only_field',
      );
      assert.deepEqual(error.details, {field: 'body.number'}, number);
    }
    const batch = await expectError(
      await post(s, '/api/2/quotations', [{}, {Number: 'Q-Infinity'}]),
      400,
      'read_only_field',
    );
    assert.deepEqual(batch.details, {field: 'body[1].number'});
    assert.deepEqual(await json(await s.call('/api/2/quotations')), []);
    // Left out or null, the service numbers it.
    const [first, second] = await created<Item[]>(
      await post(s, '/api/2/quotations', [{}, {number: null}]),
    );
    assert.match(String(first!.number), /^Q-\d{6}$/);
    assert.match(String(second!.number), /^Q-\d{6}$/);
    assert.notEqual(first!.number, second!.number);
  });

  test('a client cannot change a number; sending the stored one back is fine', async () => {
    const s = await service();
    const quotation = await created(await post(s, '/api/2/quotations', {}));
    const number = quotation.number;
    for (const other of ['Q-Infinity', 'Q-999999', 42]) {
      await expectError(
        await put(s, '/api/2/quotations', {id: quotation.id, number: other}),
        400,
        'read_only_field',
      );
    }
    // A read-modify-write round trip carries the number back unchanged.
    const echoed = await put(s, '/api/2/quotations', {...quotation, remarks: 'call first'});
    assert.equal(echoed.status, 200);
    const kept = await json<Item>(echoed);
    assert.equal(kept.number, number);
    assert.equal(kept.remarks, 'call first');
    // null or left out keeps it too.
    const nulled = await json<Item>(
      await put(s, '/api/2/quotations', {id: quotation.id, number: null}),
    );
    assert.equal(nulled.number, number);
    const moved = await json<Item>(
      await s.call(`/api/2/quotations/${quotation.id}/submit`, {method: 'POST'}),
    );
    assert.equal(moved.number, number);
  });
});
