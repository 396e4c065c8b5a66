// What an update leaves for V8's full collections. A young-generation collection finds most of
// an update's objects dead, but some of what the service did per update went straight to the
// old generation: hidden classes made by spreading an object and then adding a property to
// the copy, and new tables for a long-lived `Map` whose only entry was moved to its end. Under
// load that made a full collection every couple of seconds, and each one delayed a burst of
// answers (docs/decisions/0077, 0078). The probe measures it in a process of its own, with a
// first old generation large enough that no full collection hides the growth.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {test} from 'node:test';

const probe = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--initial-old-space-size=512', 'test/helpers/node/old-generation-probe.ts'],
  {encoding: 'utf8'},
);

/** Bytes each call left in the old generation, by kind of call. */
const perCall = (): {update: number; tokenCheck: number; sessionRead: number} => {
  assert.equal(probe.status, 0, probe.stderr);
  return JSON.parse(probe.stdout) as {update: number; tokenCheck: number; sessionRead: number};
};

test('a compressed update leaves next to nothing in the old generation', () => {
  // About 1,050 bytes per update when the answer and every new state were spread copies that
  // gained a property afterwards.
  assert.ok(perCall().update < 100, `${perCall().update} bytes per update`);
});

test("checking a shopper's token again leaves nothing in the old generation", () => {
  // About 155 bytes per check when the cache's only token was moved to the end each time.
  assert.ok(perCall().tokenCheck < 20, `${perCall().tokenCheck} bytes per check`);
});

test('reading the only cached session again leaves nothing in the old generation', () => {
  // About 165 bytes per read when the only session was moved to the end each time.
  assert.ok(perCall().sessionRead < 20, `${perCall().sessionRead} bytes per read`);
});
