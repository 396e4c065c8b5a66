import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import {
  JournalStore,
  MemoryStore,
  StoreCorruptError,
  StoreLockedError,
  openStore,
  type Store,
} from '../../../service/store/index.js';

interface Item {
  id: string;
  n: number;
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
  ['journal', () => new JournalStore(tempDir())],
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

    test('refuses asynchronous work', async () => {
      const store: Store = make();
      assert.throws(() => store.transaction(async () => {}), TypeError);
      await store.close();
    });
  });
}

describe('journal store', () => {
  test('openStore without a folder is in memory, with one it is durable', async () => {
    assert.ok(openStore() instanceof MemoryStore);
    const durable = openStore(tempDir());
    assert.ok(durable instanceof JournalStore);
    await durable.close();
  });

  test('finds everything again after a restart, with and without compaction', async () => {
    const dir = tempDir();
    const first = new JournalStore(dir, {compactAfterBytes: 2000});
    const items = first.collection<Item>('items');
    for (let i = 0; i < 100; i++) items.put({id: `i${i}`, n: i});
    first.transaction(() => {
      items.delete('i3');
      items.put({id: 'i4', n: 400});
      first.collection<Item>('others').put({id: 'x', n: -1});
    });
    // Compaction ran on the way (2000 bytes is a few dozen records).
    assert.ok(statSync(join(dir, 'snapshot.json')).size > 0);
    assert.ok(statSync(join(dir, 'journal.log')).size < 2000);
    // A second process would be refused while the first holds the folder.
    assert.throws(() => new JournalStore(dir), StoreLockedError);
    // Leave the journal as a crash would (no compaction on close): copy the folder first.
    const crashed = tempDir();
    for (const file of ['snapshot.json', 'journal.log']) {
      writeFileSync(join(crashed, file), readFileSync(join(dir, file)));
    }
    await first.close();

    for (const folder of [dir, crashed]) {
      const second = new JournalStore(folder);
      const again = second.collection<Item>('items');
      assert.equal(again.list().length, 99);
      assert.equal(again.get('i3'), undefined);
      assert.deepEqual(again.get('i4'), {id: 'i4', n: 400});
      assert.deepEqual(second.collection<Item>('others').get('x'), {id: 'x', n: -1});
      await second.close();
    }
  });

  test('drops a torn last record and keeps everything before it', async () => {
    const dir = tempDir();
    const store = new JournalStore(dir);
    const items = store.collection<Item>('items');
    items.put({id: 'a', n: 1});
    items.put({id: 'b', n: 2});
    const journal = join(dir, 'journal.log');
    const whole = statSync(journal).size;
    items.put({id: 'c', n: 3});
    const copy = tempDir();
    writeFileSync(join(copy, 'journal.log'), readFileSync(journal));
    await store.close();

    // A crash in the middle of writing the third record.
    const torn = statSync(join(copy, 'journal.log')).size - 7;
    truncateSync(join(copy, 'journal.log'), torn);
    const reopened = new JournalStore(copy);
    assert.deepEqual(
      reopened
        .collection<Item>('items')
        .list()
        .map((i) => i.id),
      ['a', 'b'],
    );
    assert.equal(statSync(join(copy, 'journal.log')).size, whole, 'the torn tail is cut off');
    // Writing goes on cleanly after the cut.
    reopened.collection<Item>('items').put({id: 'd', n: 4});
    await reopened.close();
    const last = new JournalStore(copy);
    assert.deepEqual(
      last
        .collection<Item>('items')
        .list()
        .map((i) => i.id),
      ['a', 'b', 'd'],
    );
    await last.close();
  });

  test('drops a last record whose checksum does not match', async () => {
    const dir = tempDir();
    const store = new JournalStore(dir);
    store.collection<Item>('items').put({id: 'a', n: 1});
    const copy = tempDir();
    writeFileSync(join(copy, 'journal.log'), readFileSync(join(dir, 'journal.log')));
    await store.close();
    appendFileSync(join(copy, 'journal.log'), '00000000 {"seq":2,"changes":[]}\n');
    const reopened = new JournalStore(copy);
    assert.equal(reopened.collection<Item>('items').list().length, 1);
    await reopened.close();
  });

  test('refuses a journal damaged before its last record', async () => {
    const dir = tempDir();
    const store = new JournalStore(dir);
    store.collection<Item>('items').put({id: 'a', n: 1});
    store.collection<Item>('items').put({id: 'b', n: 2});
    const copy = tempDir();
    const bytes = readFileSync(join(dir, 'journal.log'));
    await store.close();
    bytes[12] = bytes[12]! ^ 0xff;
    writeFileSync(join(copy, 'journal.log'), bytes);
    assert.throws(() => new JournalStore(copy), StoreCorruptError);
    // The refused open left the folder unlocked.
    writeFileSync(join(copy, 'journal.log'), '');
    await new JournalStore(copy).close();
  });

  test('takes over the lock of a process that is gone', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '']);
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(join(dir, 'LOCK'), `${pid}\n`);
    const store = new JournalStore(dir);
    store.collection<Item>('items').put({id: 'a', n: 1});
    await store.close();
  });

  test('refuses writes after close', async () => {
    const store = new JournalStore(tempDir());
    await store.close();
    assert.throws(() => store.collection<Item>('items').put({id: 'a', n: 1}));
  });
});

describe('journal store crash', () => {
  test('keeps every acknowledged write when the process is killed mid-stream', async () => {
    const dir = tempDir();
    const storeModule = new URL('../../../service/store/journal-store.ts', import.meta.url).href;
    const script = `
      import {JournalStore} from ${JSON.stringify(storeModule)};
      const store = new JournalStore(${JSON.stringify(dir)}, {compactAfterBytes: 4096});
      const items = store.collection('items');
      for (let i = 0; ; i++) {
        store.transaction(() => {
          items.put({id: 'i' + i, n: i, pad: 'x'.repeat(i % 200)});
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
    let acknowledged = -1;
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        if (lines.length) acknowledged = Number(lines.at(-1));
        if (acknowledged >= 300 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
        }
      });
      child.on('exit', () => resolve());
    });
    assert.ok(acknowledged >= 300);
    const store = new JournalStore(dir);
    const items = store.collection<Item>('items');
    const last = items.get('last')!.n;
    assert.ok(last >= acknowledged, `write ${acknowledged} was acknowledged, found ${last}`);
    for (let i = 0; i <= last; i++) assert.equal(items.get(`i${i}`)?.n, i);
    await store.close();
  });
});
