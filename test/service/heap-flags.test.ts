// `npm start` and `npm run service` give Node a larger first old generation, so that V8 puts
// off full collections while what the updates promote is garbage (docs/decisions/0077).
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
