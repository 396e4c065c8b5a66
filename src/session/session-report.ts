// What a session tells: its snapshot, its events, and when it is settled (nothing loading or in
// flight). Module functions over the session's fields (session-core.ts).
import type {Input} from './input-request.js';
import {isDisposed, type SessionCore} from './session-core.js';
import {SessionSnapshotEvent} from './session-events.js';
import type {PendingInput, SessionSnapshot} from './session-snapshot.js';

/** The current state, replaced on every change (compare by identity). */
export function snapshotOf(s: SessionCore): SessionSnapshot {
  s._snapshot ??= {
    status: s._status,
    configuration: s._configuration,
    ...s._state,
    pending: pendingOf(inputsOf(s)),
    busy: s._requests > 0,
    conflict: s._conflict?._pending ?? null,
    error: s._error,
    canRetry: s._error !== null && s._errorKept,
    retryAt: s._retryAt,
  };
  return s._snapshot;
}

/** Every input not applied yet, in order: the one in conflict, the one in flight, the queue. */
export function inputsOf(s: SessionCore): Input[] {
  return [s._conflict?._input, s._inflight, ...s._queue].filter((input): input is Input => !!input);
}

function pendingOf(inputs: Input[]): Map<string, PendingInput> {
  const pending = new Map<string, PendingInput>();
  for (const {kind, nodeId, value, text} of inputs) {
    if (kind !== 'language') {
      pending.set(nodeId, {
        ...pending.get(nodeId),
        ...(kind === 'select' ? {on: value !== 0} : kind === 'value' ? {value} : {text}),
      });
    }
  }
  return pending;
}

export function changed(s: SessionCore): void {
  s._snapshot = null;
  emit(s, new SessionSnapshotEvent(snapshotOf(s)));
  checkSettled(s);
}

export function emit(s: SessionCore, event: Event): void {
  if (!isDisposed(s)) s.dispatchEvent(event);
}

/** One request more (1) or fewer (-1) under way. */
export function busy(s: SessionCore, change: number): void {
  s._requests = Math.max(0, s._requests + change);
  changed(s);
}

/** Resolves when nothing is loading or in flight and the queue is empty or paused. */
export function whenSettled(s: SessionCore): Promise<void> {
  return new Promise((resolve) => {
    s._settledWaiters.push(resolve);
    checkSettled(s);
  });
}

export function checkSettled(s: SessionCore): void {
  // Paused (a conflict, a failure) counts as settled: nothing moves until someone acts.
  if (
    isDisposed(s) ||
    (s._status !== 'loading' &&
      !s._inflight &&
      (s._conflict || s._pausedByError || !s._queue.length))
  ) {
    for (const resolve of s._settledWaiters.splice(0)) resolve();
  }
}
