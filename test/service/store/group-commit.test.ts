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
/** A durable store whose group commits wait in `held` until the test runs them. */
function heldStore() {
  const held: Array<() => void> = [];
  const store = openStore(tempDir(), {
    groupCommits: true,
    scheduleCommit: (commit) => held.push(commit),
  }) as SqliteStore;
  return {store, held};
}

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
    const {store, held} = heldStore();
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

  test('a write of one record in a group is one statement; one that fails leaves the group as it was', async () => {
    const {store, held} = heldStore();
    const items = store.collection<Item>('items');
    items.put({id: 'a'});
    held.splice(0)[0]!();
    const durable = store.durability();
    items.put({id: 'b'});
    // One to open the group, one to write: no savepoint around a single statement.
    const before = store.statements;
    items.put({id: 'c'});
    assert.equal(store.statements - before, 1);
    const undone = store.undone;
    assert.throws(() => items.put({id: 'd', size: 1n}));
    assert.equal(store.undone, undone + 1, 'counted as undone, so caches drop what they hold');
    held[0]!();
    await durable();
    assert.deepEqual(
      items.list().map((item) => item.id),
      ['a', 'b', 'c'],
    );
    await store.close();
  });

  test('a record whose property columns keep their values is written with one statement that replaces its document alone', async () => {
    const {store, held} = heldStore();
    const sessions = store.collection<{id: string; code: string; step: number}>('sessions');
    const statements = (write: () => void) => {
      const before = store.statements;
      write();
      return store.statements - before;
    };
    sessions.put({id: 's1', code: 'AAAAAAAA', step: 0});
    // New: the replacement finds nothing, then the upsert writes the record and its column.
    assert.equal(
      statements(() => sessions.put({id: 's2', code: 'BBBBBBBB', step: 0})),
      2,
    );
    // The same code: the document alone, the column's index untouched.
    assert.equal(
      statements(() => sessions.put({id: 's2', code: 'BBBBBBBB', step: 1})),
      1,
    );
    // Another code: the column moves with the record.
    assert.equal(
      statements(() => sessions.put({id: 's1', code: 'CCCCCCCC', step: 2})),
      2,
    );
    held.splice(0).forEach((commit) => commit());
    assert.deepEqual(sessions.get('s2'), {id: 's2', code: 'BBBBBBBB', step: 1});
    assert.deepEqual(
      sessions.find({where: {code: ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC']}, orderBy: 'code'}),
      [
        {id: 's2', code: 'BBBBBBBB', step: 1},
        {id: 's1', code: 'CCCCCCCC', step: 2},
      ],
    );
    await store.close();
  });

  test('the log is synced off the event loop: answers wait for their sync, the next group goes on meanwhile', async () => {
    const {store, service, syncs, holdSyncs} = await syncHeldService();
    try {
      const chairs = [await startChair(service), await startChair(service)];
      const warranty = chairNode('warranty-2');
      const update = (id: string) =>
        putRequirement(service, id, {featureModelNodeId: warranty, value: 1, isSelection: true});

      holdSyncs(true);
      const before = store.commits;
      const first = update(chairs[0]!.id);
      const firstSettled = settledYet([first]);
      await until(() => syncs.length === 1);
      assert.equal(store.commits, before + 1, 'committed, its sync running');
      // The event loop is free while the sync runs: the next update is handled and committed,
      // and its own sync starts beside the running one.
      const second = update(chairs[1]!.id);
      const secondSettled = settledYet([second]);
      await until(() => syncs.length === 2);
      assert.equal(store.commits, before + 2);
      assert.deepEqual([...firstSettled, ...secondSettled], [false, false]);

      // The first sync started before the second update's commit: it answers the first only.
      syncs.shift()!(null);
      assert.equal((await first).status, 200);
      await turn();
      assert.deepEqual(secondSettled, [false]);
      syncs.shift()!(null);
      const answer = await second;
      assert.equal(answer.status, 200);
      assert.equal(valueOf(await json<Configuration>(answer), warranty), 1);
    } finally {
      holdSyncs(false);
      await service.close();
    }
  });

  test('a failed sync fails every request waiting for it and every later one until a restart', async () => {
    const {service, syncs, holdSyncs} = await syncHeldService();
    const originalError = console.error;
    try {
      const chair = await startChair(service);
      holdSyncs(true);
      const update = putRequirement(service, chair.id, {
        featureModelNodeId: chairNode('warranty-2'),
        value: 1,
        isSelection: true,
      });
      await until(() => syncs.length === 1);
      console.error = () => {};
      syncs.shift()!(Object.assign(new Error('EIO: i/o error, fdatasync'), {code: 'EIO'}));
      const later = await service.call(`/configurator/1/configurator/open/${chair.id}`);
      for (const answer of [await update, later]) {
        assert.equal(answer.status, 503);
        const body = await json<{code: string; message: string; details: unknown}>(answer);
        assert.equal(body.code, 'storage_unavailable');
        // The update is in the database, maybe not on disk: the answer must not deny it.
        assert.deepEqual(body.details, {outcome: 'unknown'});
        assert.doesNotMatch(body.message, /nothing was changed/);
      }
    } finally {
      console.error = originalError;
      holdSyncs(false);
      await service.close();
    }
  });
});

describe('log syncs at once', () => {
  test('a group committed while a sync runs gets its own sync at once and is answered when it ends, the earlier one still running', async () => {
    const {store, syncs, commitOne} = syncHeldStore();
    try {
      const first = commitOne('a');
      assert.equal(syncs.length, 1);
      const second = commitOne('b');
      assert.equal(syncs.length, 2, 'not waiting for the running sync to end');
      assert.notEqual(syncs[0]!.fd, syncs[1]!.fd, 'each sync on a descriptor of its own');
      await turn();
      assert.deepEqual(settledOrder([first, second]), []);

      // The later sync started after both commits: it covers both, in order.
      syncs[1]!.done(null);
      await Promise.all([first.answered, second.answered]);
      assert.deepEqual(settledOrder([first, second]), ['a', 'b']);
      syncs[0]!.done(null);
    } finally {
      await store.close();
    }
  });

  test('no group is answered before a sync started after its commit has ended', async () => {
    const {store, syncs, commitOne} = syncHeldStore();
    try {
      const first = commitOne('a');
      const second = commitOne('b');
      syncs[0]!.done(null);
      await first.answered;
      await turn();
      assert.deepEqual(settledOrder([first, second]), ['a']);
      syncs[1]!.done(null);
      await second.answered;
    } finally {
      await store.close();
    }
  });

  test('at the bound, the groups committed meanwhile share the sync started when one ends', async () => {
    const {store, syncs, commitOne} = syncHeldStore(2);
    try {
      const groups = ['a', 'b', 'c', 'd'].map(commitOne);
      assert.equal(syncs.length, 2, 'two syncs at once');
      syncs[0]!.done(null);
      await groups[0]!.answered;
      assert.equal(syncs.length, 3, 'the next sync starts when one ends');
      assert.equal(syncs[2]!.fd, syncs[0]!.fd, 'on the descriptor set free');
      syncs[1]!.done(null);
      await groups[1]!.answered;
      await turn();
      assert.deepEqual(settledOrder(groups), ['a', 'b']);
      syncs[2]!.done(null);
      await Promise.all(groups.map((group) => group.answered));
      assert.deepEqual(settledOrder(groups), ['a', 'b', 'c', 'd']);
      assert.equal(syncs.length, 3, 'one sync for the groups committed at the bound');
    } finally {
      await store.close();
    }
  });

  test('a failed sync fails every group not answered yet, also those a later sync covers, and every later write', async () => {
    const {store, syncs, commitOne} = syncHeldStore();
    const originalError = console.error;
    console.error = () => {};
    try {
      const first = commitOne('a');
      const second = commitOne('b');
      syncs[0]!.done(Object.assign(new Error('EIO: i/o error, fdatasync'), {code: 'EIO'}));
      // The later sync ending well afterwards answers nothing.
      syncs[1]!.done(null);
      for (const group of [first, second]) {
        await assert.rejects(group.answered, (error: unknown) => {
          assert.equal((error as {code?: string}).code, 'storage_unavailable');
          return true;
        });
      }
      assert.throws(() => store.collection<Item>('items').put({id: 'c'}), /restart/);
    } finally {
      console.error = originalError;
      await store.close();
    }
  });

  test('closing waits for every sync running', async () => {
    const {store, syncs, commitOne} = syncHeldStore();
    const groups = ['a', 'b'].map(commitOne);
    assert.equal(syncs.length, 2);
    const closing = store.close();
    const closed = settledYet([closing]);
    syncs[1]!.done(null);
    await Promise.all(groups.map((group) => group.answered));
    await turn();
    assert.deepEqual(closed, [false]);
    syncs[0]!.done(null);
    await closing;
  });
});

interface CommittedGroup {
  id: string;
  /** Settles when the group's write may be answered. */
  answered: Promise<void>;
  /** When it settled, in the order groups settled; undefined while pending. */
  settledAs: number | undefined;
}

/**
 * A store committing in groups whose log syncs the test ends, each with the descriptor it
 * was given; `commitOne` writes one record in a group of its own and commits it at once.
 */
function syncHeldStore(syncsAtOnce?: number) {
  const commits: Array<() => void> = [];
  const syncs: Array<{fd: number; done: (error: Error | null) => void}> = [];
  const store = openStore(tempDir(), {
    groupCommits: true,
    scheduleCommit: (commit) => commits.push(commit),
    syncLog: (fd, done) => syncs.push({fd, done}),
    syncsAtOnce,
  }) as SqliteStore;
  const items = store.collection<Item>('items');
  let settledSoFar = 0;
  return {
    store,
    syncs,
    commitOne(id: string): CommittedGroup {
      const durable = store.durability();
      items.put({id});
      assert.equal(commits.length, 1);
      commits.shift()!();
      const group: CommittedGroup = {id, answered: durable(), settledAs: undefined};
      void group.answered.then(
        () => (group.settledAs = settledSoFar++),
        () => (group.settledAs = settledSoFar++),
      );
      return group;
    },
  };
}

/** The ids of the groups answered so far, in the order they were answered. */
const settledOrder = (groups: readonly CommittedGroup[]) =>
  groups
    .filter((group) => group.settledAs !== undefined)
    .sort((a, b) => a.settledAs! - b.settledAs!)
    .map((group) => group.id);

/** One turn of the event loop: what was ready to settle has settled. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The service on a store committing in groups whose log syncs the test may hold or fail. */
async function syncHeldService() {
  let holding = false;
  const syncs: Array<(error: Error | null) => void> = [];
  const store = openStore(tempDir(), {
    groupCommits: true,
    syncLog: (_fd, done) => (holding ? syncs.push(done) : setImmediate(done, null)),
  }) as SqliteStore;
  const service = await startService({store});
  return {
    store,
    service,
    syncs,
    holdSyncs(hold: boolean) {
      holding = hold;
      if (!hold) for (const done of syncs.splice(0)) done(null);
    },
  };
}

/** Resolves once `condition` holds, checking after each turn of the event loop. */
function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : setImmediate(check));
    check();
  });
}
