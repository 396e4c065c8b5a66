// `npm start` and `npm run service` give Node a larger first old generation, so that V8 puts
// off full collections while what the updates promote is garbage (docs/decisions/0077), and
// keep it from making a site's objects old for good once an early burst of them outlived a
// young-generation collection (docs/decisions/0078).
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {test} from 'node:test';
import {startNodeFlags} from '../../scripts/start-flags.mjs';

const heapFlag = /^--initial-old-space-size=(\d+)$/;

test('both scripts that run the service give Node the same heap size, 128 MB or more', () => {
  const start = startNodeFlags('.', 'start');
  const service = startNodeFlags('.', 'service');
  assert.deepEqual(service, start);
  const size = start.map((flag) => heapFlag.exec(flag)?.[1]).find((found) => found);
  assert.ok(size, `no --initial-old-space-size among ${JSON.stringify(start)}`);
  assert.ok(Number(size) >= 128, `${size} MB`);
});

/**
 * Full collections in a process that keeps records long enough to outlive two young-generation
 * collections and then drops them, as the session cache does under load.
 */
function fullCollections(flags: string[]): number {
  const probe = `
    const {PerformanceObserver, constants} = require('node:perf_hooks');
    let full = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
      }
    });
    observer.observe({entryTypes: ['gc']});
    const ring = new Array(60000);
    for (let i = 0; i < 2500000; i++) {
      ring[i % ring.length] = {id: i, text: 'x'.repeat(16) + i, values: [i, i + 1, i + 2]};
    }
    setTimeout(() => { observer.disconnect(); process.stdout.write(String(full)); }, 50);
  `;
  const run = spawnSync(process.execPath, [...flags, '-e', probe], {encoding: 'utf8'});
  assert.equal(run.status, 0, run.stderr);
  return Number(run.stdout);
}

test("the scripts' flags put off full collections of promoted garbage", () => {
  const without = fullCollections([]);
  const withFlags = fullCollections(startNodeFlags('.', 'service'));
  assert.ok(without >= 3, `a probe without the flags should need full collections (${without})`);
  assert.ok(withFlags < without, `with the flags ${withFlags}, without ${without}`);
});

/**
 * Whether V8 decided to make a literal's objects in the old generation from the start, in a
 * process whose objects from one literal all outlive their first young-generation collection
 * (as the first states of sessions and the records waiting for a group commit do).
 */
function tenuredSites(flags: string[]): number {
  const probe = `
    const kept = [];
    for (let i = 0; i < 600000; i++) kept.push({id: i, on: 'x', numbers: null, texts: null});
  `;
  const run = spawnSync(
    process.execPath,
    [...flags, '--trace-pretenuring', '--trace-pretenuring-statistics', '-e', probe],
    {encoding: 'utf8'},
  );
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.split('\n').filter((line) => /=> tenure$/.test(line)).length;
}

test("the scripts' flags keep V8 from making a literal's objects old from the start", () => {
  // Without the flag, a site tenured once stays so: under the paced load, whatever it made
  // afterwards went to the old generation and grew it until a full collection (decision 78).
  const without = tenuredSites([]);
  assert.ok(without > 0, 'a probe without the flags should have a tenured site');
  assert.equal(tenuredSites(startNodeFlags('.', 'service')), 0);
});
