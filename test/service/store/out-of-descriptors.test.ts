// The store out of descriptors (a real EMFILE, under `ulimit -n` in a child process) refuses
// only what it cannot confirm, says so truthfully, and recovers by itself: no restart.
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {test} from 'node:test';

interface Outcome {
  ok: boolean;
  status?: number;
  code?: string;
  outcome?: string;
  message?: string;
}

interface Results {
  whileSyncing: {first: Outcome; second: Outcome};
  afterwards: Outcome;
  whileSyncingKept: number;
  noneFree: Outcome;
  readWhileNoneFree: boolean;
  recovered: Outcome;
  recoveredKept: string[];
  afterRestart: string[];
}

async function run(): Promise<Results> {
  const script = 'test/service/store/fixtures/out-of-descriptors.ts';
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      'sh',
      ['-c', 'ulimit -n 64 && exec "$0" --import tsx "$1"', process.execPath, script],
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    ),
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Results;
}

test('out of descriptors, the store refuses what it cannot confirm, truthfully, and recovers without a restart', async () => {
  const results = await run();
  // A commit that needs a descriptor while a sync runs waits for that sync's descriptor.
  assert.deepEqual(results.whileSyncing, {first: {ok: true}, second: {ok: true}});
  assert.deepEqual(results.afterwards, {ok: true});
  assert.equal(results.whileSyncingKept, 3);
  // With none running and none to open, the write is refused with its code, and the answer
  // does not claim that nothing changed: the write is committed, just not confirmed on disk.
  assert.equal(results.noneFree.ok, false);
  assert.equal(results.noneFree.status, 503);
  assert.equal(results.noneFree.code, 'storage_unavailable');
  assert.equal(results.noneFree.outcome, 'unknown');
  assert.doesNotMatch(results.noneFree.message!, /nothing was changed/);
  assert.equal(results.readWhileNoneFree, true);
  // Descriptors back: the next write is confirmed, with no restart, and both are on disk.
  assert.deepEqual(results.recovered, {ok: true});
  assert.deepEqual(results.recoveredKept, ['x', 'y']);
  assert.deepEqual(results.afterRestart, ['x', 'y']);
});
