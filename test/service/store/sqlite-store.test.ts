import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import {crc32} from 'node:zlib';
import Database from 'better-sqlite3';
import {
  MemoryStore,
  SqliteStore,
  StoreLockedError,
  StoreOpenError,
  databaseFile,
  migrate,
  openStore,
  quotationNumberSequence,
  schemaVersion,
  type Store,
} from '../../../service/store/index.js';

interface Item {
  id: string;
  n: number;
  tag?: string | null;
  on?: boolean;
}

const folders: string[] = [];
after(() => {
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
  folders.push(dir);
  return dir;
};

for (const [kind, make] of [
  ['memory', () => new MemoryStore()],
  ['file', () => openStore(tempDir())],
] as const) {
  describe(`${kind} store transactions`, () => {
    test('keeps all writes of a transaction or none', async () => {
      const store: Store = make();
      const items = store.collection<Item>('items');
      items.put({id: 'a', n: 1});
      assert.throws(() =>
        store.transaction(() => {
          items.put({id: 'a', n: 2});
          items.put({id: 'b', n: 3});
          items.delete('a');
          throw new Error('boom');
        }),
      );
      assert.deepEqual(items.list(), [{id: 'a', n: 1}]);
      await store.close();
    });

    test('undoes a failed nested transaction and keeps the outer one', async () => {
      const store: Store = make();
      const items = store.collection<Item>('items');
      store.transaction(() => {
        items.put({id: 'a', n: 1});
        try {
          store.transaction(() => {
            items.put({id: 'b', n: 2});
            throw new Error('inner');
          });
        } catch {
          // The outer transaction goes on.
        }
      });
      assert.deepEqual(items.list(), [{id: 'a', n: 1}]);
      await store.close();
    });

    test('refuses asynchronous work and keeps none of its writes', async () => {
      const store: Store = make();
      const items = store.collection<Item>('items');
      assert.throws(
        () =>
          store.transaction(async () => {
            items.put({id: 'a', n: 1});
          }),
        TypeError,
      );
      assert.equal(items.get('a'), undefined);
      await store.close();
    });

    test('keeps insertion order when a record is replaced, and hands out copies', async () => {
      const store: Store = make();
      const items = store.collection<Item>('items');
      for (const id of ['a', 'b', 'c']) items.put({id, n: 0});
      items.put({id: 'a', n: 5});
      items.delete('b');
      items.put({id: 'b', n: 6});
      assert.deepEqual(
        items.list().map((item) => item.id),
        ['a', 'c', 'b'],
      );
      const copy = items.get('a')!;
      copy.n = 99;
      assert.equal(items.get('a')!.n, 5);
      assert.equal(items.delete('missing'), false);
      assert.equal(items.delete('a'), true);
      await store.close();
    });

    test('finds by property, orders, pages, in the database', async () => {
      const store: Store = make();
      const items = store.collection<Item>('items');
      items.put({id: 'a', n: 3, tag: 'x', on: true});
      items.put({id: 'b', n: 1, tag: null, on: false});
      items.put({id: 'c', n: 2, on: true});
      items.put({id: 'd', n: 1, tag: 'x', on: false});
      const ids = (list: Item[]) => list.map((item) => item.id);
      assert.deepEqual(ids(items.find({where: {tag: 'x'}})), ['a', 'd']);
      // null matches an explicit null and a missing property.
      assert.deepEqual(ids(items.find({where: {tag: null}})), ['b', 'c']);
      assert.deepEqual(ids(items.find({where: {on: true}})), ['a', 'c']);
      assert.deepEqual(ids(items.find({where: {on: false, n: 1}})), ['b', 'd']);
      // A list matches any of its values.
      assert.deepEqual(ids(items.find({where: {n: [3, 2]}})), ['a', 'c']);
      assert.deepEqual(ids(items.find({where: {tag: ['x'], on: [true]}})), ['a']);
      assert.deepEqual(ids(items.find({where: {n: []}})), []);
      // Ties keep insertion order in both directions; nulls first ascending.
      assert.deepEqual(ids(items.find({orderBy: 'n'})), ['b', 'd', 'c', 'a']);
      assert.deepEqual(ids(items.find({orderBy: 'n', descending: true})), ['a', 'c', 'b', 'd']);
      assert.deepEqual(ids(items.find({orderBy: 'tag'})), ['b', 'c', 'a', 'd']);
      assert.deepEqual(ids(items.find({descending: true})), ['d', 'c', 'b', 'a']);
      assert.deepEqual(ids(items.find({orderBy: 'n', skip: 1, limit: 2})), ['d', 'c']);
      assert.deepEqual(ids(items.find({limit: 0})), []);
      assert.deepEqual(ids(store.collection<Item>('nothing').find({where: {n: 1}})), []);
      assert.throws(() => items.find({where: {"n') OR 1=1 --": 1}}), TypeError);
      await store.close();
    });

    test('hands out sequence values once; an undone transaction takes its value back', async () => {
      const store: Store = make();
      assert.equal(store.nextValue('numbers'), 1);
      assert.equal(store.nextValue('numbers'), 2);
      assert.throws(() =>
        store.transaction(() => {
          assert.equal(store.nextValue('numbers'), 3);
          throw new Error('undo');
        }),
      );
      assert.equal(store.nextValue('numbers'), 3);
      assert.equal(store.nextValue('others'), 1);
      await store.close();
    });
  });
}

describe('durable store', () => {
  test('openStore without a folder is in memory, with one it is SQLite in the folder', async () => {
    assert.ok(openStore() instanceof MemoryStore);
    const dir = tempDir();
    const durable = openStore(dir);
    assert.ok(durable instanceof SqliteStore);
    assert.ok(existsSync(join(dir, databaseFile)));
    await durable.close();
  });

  test('finds everything again after a restart, sequences included', async () => {
    const dir = tempDir();
    const first = openStore(dir);
    const items = first.collection<Item>('items');
    for (let i = 0; i < 100; i++) items.put({id: `i${i}`, n: i});
    first.transaction(() => {
      items.delete('i3');
      items.put({id: 'i4', n: 400});
      first.collection<Item>('others').put({id: 'x', n: -1});
    });
    assert.equal(first.nextValue('numbers'), 1);
    assert.equal(first.nextValue('numbers'), 2);
    // A second opener is refused while the first holds the folder.
    assert.throws(() => openStore(dir), StoreLockedError);
    await first.close();

    const second = openStore(dir);
    const again = second.collection<Item>('items');
    assert.equal(again.list().length, 99);
    assert.equal(again.get('i3'), undefined);
    assert.deepEqual(again.get('i4'), {id: 'i4', n: 400});
    assert.equal(again.list()[3]!.n, 400);
    assert.deepEqual(second.collection<Item>('others').get('x'), {id: 'x', n: -1});
    assert.equal(second.nextValue('numbers'), 3);
    await second.close();
  });

  test('a folder held by another process is refused; its death frees it at once', async () => {
    const dir = tempDir();
    const storeModule = new URL('../../../service/store/index.ts', import.meta.url).href;
    const script = `
      import {openStore} from ${JSON.stringify(storeModule)};
      const store = openStore(${JSON.stringify(dir)});
      store.collection('items').put({id: 'held', n: 1});
      process.stdout.write('open\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('open')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    const refused = (() => {
      try {
        openStore(dir);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    assert.ok(refused instanceof StoreLockedError, String(refused));
    assert.match((refused as Error).message, new RegExp(`${dir} is in use by another process`));
    child.kill('SIGKILL');
    await exited;
    const store = openStore(dir);
    assert.deepEqual(store.collection<Item>('items').get('held'), {id: 'held', n: 1});
    await store.close();
  });

  test('refuses writes after close', async () => {
    const store = openStore(tempDir());
    await store.close();
    assert.throws(() => store.collection<Item>('items').put({id: 'a', n: 1}));
  });
});

describe('data folders that cannot serve', () => {
  const reasonOf = (dir: string) => {
    try {
      void openStore(dir).close();
    } catch (error) {
      assert.ok(error instanceof StoreOpenError, String(error));
      return error.message;
    }
    assert.fail(`${dir} opened`);
  };

  test('a file where the folder should be', () => {
    const file = join(tempDir(), 'plain-file');
    writeFileSync(file, 'not a folder');
    assert.equal(reasonOf(file), `The data folder ${file} is not a folder`);
    assert.match(reasonOf(join(file, 'below')), /is not a folder$/);
  });

  test('a database file that is not a database', () => {
    const dir = tempDir();
    writeFileSync(join(dir, databaseFile), 'x'.repeat(4096));
    assert.match(reasonOf(dir), /holds a data\.db that is not a readable SQLite database/);
  });

  test('a database of a newer schema version', () => {
    const dir = tempDir();
    const db = new Database(join(dir, databaseFile));
    db.pragma(`user_version = ${schemaVersion + 1}`);
    db.close();
    assert.match(reasonOf(dir), /of a newer service version/);
  });
});

describe('schema migrations', () => {
  test('a version 1 database gets sequences that continue its quotation numbers', async () => {
    const dir = tempDir();
    const db = new Database(join(dir, databaseFile));
    assert.equal(migrate(db, 1), 1);
    const insert = db.prepare('INSERT INTO quotations (id, doc) VALUES (?, ?)');
    // Hand-written numbers out of range must not push the sequence (`Q-Infinity`, > 2^53).
    for (const [id, number] of [
      ['q1', 'Q-000007'],
      ['q2', 'Q-000003'],
      ['q3', 'Q-Infinity'],
      ['q4', 'Q-99999999999999999999'],
      ['q5', null],
    ] as const) {
      insert.run(id, JSON.stringify({id, number}));
    }
    db.close();

    const store = openStore(dir);
    assert.equal(store.nextValue(quotationNumberSequence), 8);
    assert.equal(store.collection('quotations').list().length, 5);
    await store.close();
    const check = new Database(join(dir, databaseFile), {readonly: true});
    assert.equal(check.pragma('user_version', {simple: true}), schemaVersion);
    assert.equal(check.pragma('journal_mode', {simple: true}), 'wal');
    check.close();
  });

  test('a version 2 database gets the session code in a column, indexed, and finds by it as before', async () => {
    const dir = tempDir();
    const db = new Database(join(dir, databaseFile));
    assert.equal(migrate(db, 2), 2);
    const insert = db.prepare('INSERT INTO sessions (id, doc) VALUES (?, ?)');
    insert.run('s1', JSON.stringify({id: 's1', code: 'ABCDEFGH', state: {on: '10'}}));
    insert.run('s2', JSON.stringify({id: 's2', code: 'ZYXWVUTS'}));
    insert.run('s3', JSON.stringify({id: 's3'}));
    db.close();

    const store = openStore(dir);
    const sessions = store.collection<{id: string; code?: string}>('sessions');
    assert.deepEqual(
      sessions.find({where: {code: 'ABCDEFGH'}}).map((s) => s.id),
      ['s1'],
    );
    assert.deepEqual(
      sessions.find({where: {code: null}}).map((s) => s.id),
      ['s3'],
    );
    // A record replaced after the migration moves its code along.
    sessions.put({id: 's2', code: 'NEWCODE1'});
    sessions.put({id: 's4', code: 'ZYXWVUTS'});
    assert.deepEqual(
      sessions.find({where: {code: ['NEWCODE1', 'ZYXWVUTS']}, orderBy: 'code'}).map((s) => s.id),
      ['s2', 's4'],
    );
    await store.close();

    const check = new Database(join(dir, databaseFile), {readonly: true});
    assert.equal(check.pragma('user_version', {simple: true}), schemaVersion);
    const indexes = check
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sessions'`)
      .pluck()
      .all();
    assert.ok(indexes.includes('sessions_code_column'));
    assert.ok(!indexes.includes('sessions_code'), 'the json_extract index is dropped');
    const plan = check
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM sessions WHERE "p_code" = ?`)
      .all('ABCDEFGH') as {detail: string}[];
    assert.match(plan.map((row) => row.detail).join(' '), /USING INDEX sessions_code_column/);
    check.close();
  });

  test('a folder of the earlier journal store is imported once', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'snapshot.json'),
      JSON.stringify({
        format: 1,
        seq: 1,
        collections: {
          quotations: [{id: 'q1', number: 'Q-000041'}],
          items: [{id: 'a', n: 1}],
        },
      }),
    );
    const line = (record: unknown) => {
      const json = JSON.stringify(record);
      return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
    };
    writeFileSync(
      join(dir, 'journal.log'),
      line({seq: 1, changes: [['items', 'old', {id: 'old', n: 0}]]}) +
        line({
          seq: 2,
          changes: [
            ['items', 'b', {id: 'b', n: 2}],
            ['items', 'a', null],
          ],
        }) +
        // A torn last line: a write a crash cut off, never acknowledged.
        line({seq: 3, changes: [['items', 'c', {id: 'c', n: 3}]]}).slice(0, 20),
    );
    // A process of the earlier version still writing the journal: importing would split it.
    writeFileSync(join(dir, 'LOCK'), `${process.ppid}\n`);
    assert.throws(() => openStore(dir), /is in use by process \d+ of an earlier service version/);
    // A lock its process left behind (a crash) is no obstacle.
    writeFileSync(join(dir, 'LOCK'), `${spawnSync(process.execPath, ['-e', '']).pid}\n`);
    const store = openStore(dir);
    assert.ok(!existsSync(join(dir, 'LOCK')));
    assert.deepEqual(store.collection<Item>('items').list(), [{id: 'b', n: 2}]);
    assert.equal(store.nextValue(quotationNumberSequence), 42);
    await store.close();
    assert.ok(!existsSync(join(dir, 'journal.log')));
    assert.ok(existsSync(join(dir, 'journal.log.imported')));
    const again = openStore(dir);
    assert.deepEqual(again.collection<Item>('items').list(), [{id: 'b', n: 2}]);
    await again.close();
  });
});

describe('a store process killed mid-stream', () => {
  test('keeps every acknowledged write', async () => {
    const dir = tempDir();
    const storeModule = new URL('../../../service/store/index.ts', import.meta.url).href;
    const script = `
      import {openStore} from ${JSON.stringify(storeModule)};
      const store = openStore(${JSON.stringify(dir)});
      const items = store.collection('items');
      for (let i = 0; ; i++) {
        store.transaction(() => {
          items.put({id: 'i' + i, n: i, pad: 'x'.repeat(i % 2000)});
          items.put({id: 'last', n: i});
        });
        process.stdout.write(i + '\\n');
      }`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    // Killed at a moment that differs from run to run, past the first WAL checkpoint.
    const killAt = 700 + Math.floor(Math.random() * 300);
    let acknowledged = -1;
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        if (lines.length) acknowledged = Number(lines.at(-1));
        if (acknowledged >= killAt && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
        }
      });
      child.on('exit', () => resolve());
    });
    assert.ok(acknowledged >= killAt);
    const store = openStore(dir);
    const items = store.collection<Item>('items');
    const last = items.get('last')!.n;
    assert.ok(last >= acknowledged, `write ${acknowledged} was acknowledged, found ${last}`);
    for (let i = 0; i <= last; i++) assert.equal(items.get(`i${i}`)?.n, i);
    await store.close();
  });
});
