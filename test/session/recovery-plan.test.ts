import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  dropPlan,
  initRecovery,
  planRecovery,
  type RecoveryState,
} from '../../src/session/recovery-plan.js';
import type {RecoveryOptions} from '../../src/session/session-options.js';

/** A plan's state alone, as a session holds it. */
function newPlan(options: Partial<RecoveryOptions> | false, retry: () => void): RecoveryState {
  const plan = {} as RecoveryState;
  initRecovery(plan, options, retry);
  return plan;
}

/**
 * Plans a retry and answers whether its delay lies in `min..max`: the clock read before and
 * after bounds the moment the plan was made, so no margin for a slow machine is needed.
 */
function plannedWithin(plan: RecoveryState, min: number, max: number): boolean {
  const before = Date.now();
  planRecovery(plan, true);
  const after = Date.now();
  const at = plan._retryAt!;
  return at - before >= min && at - after <= max;
}

test('plans one retry with a jittered, growing backoff, and runs it when due', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = newPlan({baseDelayMs: 1_000, maxDelayMs: 60_000}, () => retries++);
  // Half the delay and up to half again at random: 500..1000 ms for the first attempt.
  assert.equal(plannedWithin(plan, 500, 1_000), true);
  t.mock.timers.tick(1_000);
  assert.equal(retries, 1);
  assert.equal(plan._retryAt, null, 'the plan is spent once it ran');

  assert.equal(plannedWithin(plan, 1_000, 2_000), true);
  t.mock.timers.tick(2_000);
  assert.equal(retries, 2);
});

test('one plan at a time: planning again replaces the earlier plan', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = newPlan({baseDelayMs: 100, maxDelayMs: 100}, () => retries++);
  planRecovery(plan, true);
  planRecovery(plan, true);
  t.mock.timers.tick(100);
  assert.equal(retries, 1);
});

test('the backoff counts the attempts since a success, which sets them to 0', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const plan = newPlan({baseDelayMs: 1_000, maxDelayMs: 60_000}, () => {});
  for (let i = 0; i < 5; i++) planRecovery(plan, true);
  assert.equal(plan._attempt, 5);
  plan._attempt = 0;
  assert.equal(plannedWithin(plan, 500, 1_000), true, 'back to the first delay');
});

test('plans nothing for a failure that cannot pass, without options, or offline', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = newPlan({}, () => retries++);
  planRecovery(plan, false);
  assert.equal(plan._retryAt, null);

  const off = newPlan(false, () => retries++);
  planRecovery(off, true);
  assert.equal(off._retryAt, null);

  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {value: {onLine: false}, configurable: true});
  try {
    const offline = newPlan({}, () => retries++);
    planRecovery(offline, true);
    assert.equal(offline._retryAt, null);
  } finally {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete (globalThis as {navigator?: unknown}).navigator;
  }
  t.mock.timers.tick(120_000);
  assert.equal(retries, 0);
});

test('cancel drops the plan and says whether there was one', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = newPlan({baseDelayMs: 10, maxDelayMs: 10}, () => retries++);
  assert.equal(dropPlan(plan), false);
  planRecovery(plan, true);
  assert.equal(dropPlan(plan), true);
  assert.equal(plan._retryAt, null);
  t.mock.timers.tick(1_000);
  assert.equal(retries, 0);
  // Replacing a plan with none (a failure that cannot pass) drops it.
  planRecovery(plan, true);
  assert.notEqual(plan._retryAt, null);
  planRecovery(plan, false);
  assert.equal(plan._retryAt, null);
  t.mock.timers.tick(1_000);
  assert.equal(retries, 0);
});
