// How a session takes the service's answer to an input, or its failure: a confirmed
// configuration and its change event, a conflict put to the shopper, an error kept to be sent
// again with a background retry planned (recovery-plan.ts). Module functions over the
// session's fields (session-core.ts); the queue that sends the inputs stays in the session.
import type {ChangeSource} from './change-source.js';
import type {ConfiguratorError, ErrorCode} from './errors.js';
import {requirementOf, type Input} from './input-request.js';
import {dropPlan, planRecovery} from './recovery-plan.js';
import {isDisposed, type SessionCore} from './session-core.js';
import {SessionChangeEvent, SessionConflictEvent, SessionErrorEvent} from './session-events.js';
import type {ChangeResult} from './session-options.js';
import {changed, emit} from './session-report.js';
import type {PendingConflict} from './session-snapshot.js';
import {changedNodes, normaliseTexts, normaliseValues, type NodeState} from './values.js';
import type {Configuration} from '../wire/index.js';

// These say the input itself was refused; re-sending it can never succeed.
const refusedCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'request_rejected',
  'not_found',
  'session_not_found',
]);

/** Takes a confirmed configuration; answers the node ids whose value or text changed. */
export function apply(
  s: SessionCore,
  configuration: Configuration,
  source: ChangeSource,
): string[] {
  const state: NodeState = {
    values: normaliseValues(configuration.values),
    // An answer without texts (an older generation) leaves the known texts as they are.
    texts:
      configuration.textValues === undefined
        ? s._state.texts
        : normaliseTexts(configuration.textValues),
  };
  const changes = s._configuration ? changedNodes(s._state, state) : [];
  s._configuration = configuration;
  s._state = state;
  changed(s);
  if (changes.length > 0) emit(s, new SessionChangeEvent(configuration, changes, source));
  return changes;
}

/** The service's answer to `input`: applied, or a conflict that waits for the shopper. */
export function answered(s: SessionCore, input: Input, body: Configuration): void {
  s._attempt = 0;
  const conflicts = body.conflicts;
  if (conflicts?.length && !input._ignoreConflicts && input.kind !== 'language') {
    // The service did not apply it: keep the last confirmed configuration and ask the shopper.
    const pending: PendingConflict = {requirement: requirementOf(input), conflicts};
    s._conflict = {_input: input, _pending: pending};
    changed(s);
    emit(s, new SessionConflictEvent(conflicts, pending.requirement));
    return;
  }
  s._error = null;
  if (input.kind === 'language') s._lang = body.languageIso || s._lang;
  const changes = apply(s, body, input.source);
  const result: ChangeResult = {configuration: body, changes};
  for (const waiter of input._waiters) waiter._resolve(result);
}

/** `input`'s request failed: kept at the head of the queue unless the service refused it. */
export function failed(s: SessionCore, input: Input, error: ConfiguratorError): void {
  for (const waiter of input._waiters.splice(0)) waiter._reject(error);
  if (error.code === 'aborted') return;
  const kept = !refusedCodes.has(error.code);
  if (kept) {
    // Kept at the head, so the order of the shopper's inputs survives the failure.
    s._queue.unshift(input);
    s._pausedByError = true;
  }
  fail(s, error, kept);
}

/** `kept`: what failed waits to be sent again (the banner may say the choice is kept). */
export function fail(s: SessionCore, error: ConfiguratorError, kept: boolean): void {
  s._error = error;
  s._errorKept = kept;
  // A failure that kept nothing (a refused input, a quote) leaves a planned retry as it is.
  // After a failure that may pass and left something to send again, a background retry is
  // planned with a growing backoff (a disposed session's was dropped by its reset). The
  // snapshot that follows shows its `retryAt`.
  if (kept && !isDisposed(s)) planRecovery(s, error.retryable);
  changed(s);
  emit(s, new SessionErrorEvent(error));
}

/** Drops a planned background retry (sending now, for whatever reason, makes it moot). */
export function cancelRecovery(s: SessionCore): void {
  if (dropPlan(s)) s._snapshot = null;
}
