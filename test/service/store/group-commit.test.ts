import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import {SqliteStore, openStore} from '../../../service/store/index.js';
import {chairNode, putRequirement, startChair, valueOf} from '../../helpers/node/configurator.js';
import {json, startService} from '../../helpers/node/service.js';
import type {Configuration} from '../../../src/wire/index.js';

type Item = Record<string, unknown> & {id: string};

const folders: string[] = [];
after(() => {
  for (const dir of folders) rmSync(dir, {recursive: true, force: true});
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  folders.push(dir);
  return dir;
};

/**
 * A store committing in groups whose commits the test may hold back, and the service on it. The
 * store's `durability` is watched, so the test knows when a request's handler is done and its
 * answer waits for the commit.
 */
async function heldService() {
  const dir = tempDir();
  let holding = false;
  const held: Array<() => void> = [];
  const store = openStore(dir, {
    groupCommits: true,
    scheduleCommit: (commit) => (holding ? held.push(commit) : setImmediate(commit)),
  }) as SqliteStore;
  let waiting = 0;
  let onWaiting: (() => void) | undefined;
  const durability = store.durability.bind(store);
  store.durability = () => {
    const durable = durability();
    return () => {
      waiting++;
      onWaiting?.();
      return durable();
    };
  };
  const service = await startService({store});
  return {
    dir,
    store,
    service,
    held,
    hold() {
      holding = true;
      waiting = 0;
    },
    /** Resolves once `count` requests wait for their commit. */
    waitingFor(count: number) {
      return new Promise<void>((resolve) => {
        onWaiting = () => {
          if (waiting >= count) resolve();
        };
        onWaiting();
      });
    },
    release() {
      holding = false;
      for (const commit of held.splice(0)) commit();
    },
  };
}

const settledYet = (promises: Array<Promise<unknown>>) => {
  const settled = promises.map(() => false);
  promises.forEach((promise, i) => void promise.finally(() => (settled[i] = true)));
  return settled;
};

describe('group commit', () => {
  test('updates arriving together share one commit and are answered after it', async () => {
    const {store, service, held, hold, waitingFor, release} = await heldService();
    try {
      const sessions = 6;
      const chairs: Configuration[] = [];
      for (let i = 0; i < sessions; i++) chairs.push(await startChair(service));
      const warranty = chairNode('warranty-2');

      hold();
      const before = store.commits;
      const updates = chairs.map((chair) =>
        putRequirement(service, chair.id, {
          featureModelNodeId: warranty,
          value: 1,
          isSelection: true,
        }),
      );
      const settled = settledYet(updates);
      await waitingFor(sessions);
      // Every handler has run and written; the one group is still open: nobody is answered.
      assert.equal(held.length, 1, 'one group for the updates that arrived together');
      assert.equal(store.commits, before);
      assert.deepEqual(
        settled,
        settled.map(() => false),
      );

      release();
      const answers = await Promise.all(updates);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        answers.map(() => 200),
      );
      assert.equal(store.commits, before + 1, 'one commit (one sync) for all of them');
      for (const answer of answers) {
        assert.equal(valueOf(await json<Configuration>(answer), warranty), 1);
      }
    } finally {
      await service.close();
    }
  });

  test('a group whose commit fails fails every request of it, reads too, and keeps earlier writes', async (t) => {
    const {dir, store, service, held, hold, waitingFor, release} = await heldService();
    let limited = false;
    let closed = false;
    const unlimit = () => {
      if (limited)
        execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=unlimited:unlimited']);
      limited = false;
    };
    try {
      const kept = await service.call('/api/2/vats', {
        method: 'POST',
        json: {name: 'High', percentage: 21},
      });
      assert.equal(kept.status, 201);

      hold();
      const writes = [
        service.call('/api/2/vats', {method: 'POST', json: {name: 'Low', percentage: 9}}),
        service.call('/api/2/vats', {method: 'POST', json: {name: 'Zero', percentage: 0}}),
        // Big enough that the group's commit must grow the log file.
        service.call('/api/2/vats', {
          method: 'POST',
          json: {name: 'Big', percentage: 1, countryIso: 'x'.repeat(64 * 1024)},
        }),
      ];
      await waitingFor(writes.length);
      // A read while the group is open sees its writes, so it too waits for the commit.
      const read = service.call('/api/2/vats');
      await waitingFor(writes.length + 1);
      assert.equal(held.length, 1);

      // From here on no file of this process may grow: the commit fails with an I/O error.
      try {
        execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=4096:unlimited'], {
          stdio: 'pipe',
        });
        limited = true;
      } catch (error) {
        release();
        await Promise.allSettled([...writes, read]);
        t.skip(`setting a file size limit was refused (${String(error).trim()})`);
        return;
      }
      const before = store.commits;
      release();
      const answers = await Promise.all([...writes, read]);
      unlimit();
      assert.equal(store.commits, before);
      for (const answer of answers) {
        assert.equal(answer.status, 503);
        assert.equal(answer.headers.get('retry-after'), '5');
        assert.equal((await json<{code: string}>(answer)).code, 'storage_unavailable');
      }

      // Nothing of the failed group is seen; the earlier write is.
      const names = async () =>
        (await json<Item[]>(await service.call('/api/2/vats'))).map((vat) => vat.name);
      assert.deepEqual(await names(), ['High']);
      const recovered = await service.call('/api/2/vats', {
        method: 'POST',
        json: {name: 'Low', percentage: 9},
      });
      assert.equal(recovered.status, 201);
      assert.deepEqual(await names(), ['High', 'Low']);
      await service.close();
      closed = true;

      const again = openStore(dir);
      assert.deepEqual(
        again
          .collection<Item>('vats')
          .list()
          .map((vat) => vat.name),
        ['High', 'Low'],
      );
      await again.close();
    } finally {
      unlimit();
      if (!closed) await service.close();
    }
  });

  test('a failing transaction in a group undoes only its own writes', async () => {
    const held: Array<() => void> = [];
    const store = openStore(tempDir(), {
      groupCommits: true,
      scheduleCommit: (commit) => held.push(commit),
    }) as SqliteStore;
    const items = store.collection<Item>('items');
    const durable = store.durability();
    items.put({id: 'a'});
    assert.throws(() =>
      store.transaction(() => {
        items.put({id: 'b'});
        throw new Error('this request fails');
      }),
    );
    store.transaction(() => items.put({id: 'c'}));
    assert.equal(held.length, 1);
    assert.equal(store.commits, 0);
    held[0]!();
    await durable();
    assert.equal(store.commits, 1);
    assert.deepEqual(
      items.list().map((item) => item.id),
      ['a', 'c'],
    );
    await store.close();
  });
});
