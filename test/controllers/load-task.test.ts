import assert from 'node:assert/strict';
import {test} from 'node:test';
import {LoadTask} from '../../src/controllers/load-task.js';
import {FakeHost} from '../helpers/node/fake-host.js';

const states = {
  initial: () => 'initial',
  pending: () => 'pending',
  complete: () => 'complete',
  error: () => 'error',
};

/** A load the test settles, with the signal it was given. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  let signal!: AbortSignal;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  const load = (s: AbortSignal) => ((signal = s), promise);
  return {load, resolve, reject, signal: () => signal};
}

test('a load renders pending, then complete or error, asking for an update each time', async () => {
  const host = new FakeHost();
  const task = new LoadTask(host);
  assert.equal(task.render(states), 'initial');
  assert.equal(task.render({}), undefined);

  const first = deferred();
  const running = task.run(first.load);
  // The load is called in the run itself: a caller keeps its promise at once.
  assert.ok(first.signal());
  assert.equal(task.render(states), 'pending');
  assert.equal(host.requested, 1);
  first.resolve();
  await running;
  assert.equal(task.render(states), 'complete');
  assert.equal(host.requested, 2);

  const failing = deferred();
  const failed = task.run(failing.load);
  failing.reject(new Error('offline'));
  // The run settles with the load and never rejects: its failure is the state rendered.
  await failed;
  assert.equal(task.status, 'error');
  assert.equal(task.render(states), 'error');
});

test('a newer load aborts the pending one, which no longer sets the state', async () => {
  const task = new LoadTask(new FakeHost());
  const older = deferred();
  const olderRun = task.run(older.load);
  const newer = deferred();
  const newerRun = task.run(newer.load);
  assert.equal(older.signal().aborted, true);
  assert.equal(newer.signal().aborted, false);
  older.reject(new Error('aborted'));
  await olderRun;
  assert.equal(task.status, 'pending', 'the superseded load leaves the state to the newer');
  newer.resolve();
  await newerRun;
  assert.equal(task.status, 'complete');
  // A load run after a settled one aborts nothing.
  const next = deferred();
  void task.run(next.load);
  assert.equal(newer.signal().aborted, false);
  next.resolve();
});
