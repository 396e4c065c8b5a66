import assert from 'node:assert/strict';
import {test} from 'node:test';
import {RecoveryPlan} from '../../src/session/recovery-plan.js';

/**
 * Plans a retry and answers whether its delay lies in `min..max`: the clock read before and
 * after bounds the moment the plan was made, so no margin for a slow machine is needed.
 */
function plannedWithin(plan: RecoveryPlan, min: number, max: number): boolean {
  const before = Date.now();
  plan._plan(true);
  const after = Date.now();
  const at = plan._retryAt!;
  return at - before >= min && at - after <= max;
}

test('plans one retry with a jittered, growing backoff, and runs it when due', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = new RecoveryPlan({baseDelayMs: 1_000, maxDelayMs: 60_000}, () => retries++);
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
  const plan = new RecoveryPlan({baseDelayMs: 100, maxDelayMs: 100}, () => retries++);
  plan._plan(true);
  plan._plan(true);
  t.mock.timers.tick(100);
  assert.equal(retries, 1);
});

test('a success starts the backoff again', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const plan = new RecoveryPlan({baseDelayMs: 1_000, maxDelayMs: 60_000}, () => {});
  for (let i = 0; i < 5; i++) plan._plan(true);
  plan._succeeded();
  assert.equal(plannedWithin(plan, 500, 1_000), true, 'back to the first delay');
});

test('plans nothing for a failure that cannot pass, without options, or offline', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  let retries = 0;
  const plan = new RecoveryPlan({}, () => retries++);
  plan._plan(false);
  assert.equal(plan._retryAt, null);

  const off = new RecoveryPlan(false, () => retries++);
  off._plan(true);
  assert.equal(off._retryAt, null);

  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {value: {onLine: false}, configurable: true});
  try {
    const offline = new RecoveryPlan({}, () => retries++);
    offline._plan(true);
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
  const plan = new RecoveryPlan({baseDelayMs: 10, maxDelayMs: 10}, () => retries++);
  assert.equal(plan._cancel(), false);
  plan._plan(true);
  assert.equal(plan._cancel(), true);
  assert.equal(plan._retryAt, null);
  t.mock.timers.tick(1_000);
  assert.equal(retries, 0);
  // Replacing a plan with none (a failure that cannot pass) drops it.
  plan._plan(true);
  assert.notEqual(plan._retryAt, null);
  plan._plan(false);
  assert.equal(plan._retryAt, null);
  t.mock.timers.tick(1_000);
  assert.equal(retries, 0);
});
