// The session's background retry after a failure that may pass: when it comes, how the backoff
// grows, and that it is one plan at a time. The session decides when to plan and what a retry
// is; this module only schedules. Its state is fields of the session (`_` names, internal and
// shortened in the headless file, session-core.ts), and these functions work on them, as the
// session's other parts do: a class of its own cost the file its declarations and a member
// read more at every use (docs/decisions/0104-slim-the-session-file-under-7000-bytes.md).
import {backoff} from './abort.js';
import type {RecoveryOptions} from './session-options.js';

const defaultRecovery: RecoveryOptions = {baseDelayMs: 1_000, maxDelayMs: 60_000};

export interface RecoveryState {
  /** @internal The backoff; null plans nothing. */
  _recoveryOptions: RecoveryOptions | null;
  /** @internal What a planned retry runs. */
  _recover: () => void;
  /** @internal Background retries since the last success; sets the next backoff. */
  _attempt: number;
  /** @internal */
  _recoveryTimer?: ReturnType<typeof setTimeout>;
  /** @internal When the planned retry runs (epoch ms); null when none is planned. */
  _retryAt: number | null;
}

/** `options` false plans nothing; `recover` is what a planned retry runs. */
export function initRecovery(
  s: RecoveryState,
  options: Partial<RecoveryOptions> | false | undefined,
  recover: () => void,
): void {
  s._recoveryOptions = options === false ? null : {...defaultRecovery, ...options};
  s._recover = recover;
  s._attempt = 0;
  s._retryAt = null;
}

/**
 * Plans a retry with a growing, jittered backoff, in place of any planned before (the
 * session's snapshot that follows shows `_retryAt`). Nothing is planned without options, for a
 * failure that cannot pass, or offline (the `online` event retries at once). A success sets
 * `_attempt` to 0: the next failure starts the backoff again.
 */
export function planRecovery(s: RecoveryState, retryable: boolean): void {
  dropPlan(s);
  const options = s._recoveryOptions;
  const nav = (globalThis as {navigator?: {onLine?: boolean}}).navigator;
  if (!options || !retryable || nav?.onLine === false) return;
  // Jittered: pages that lost the same service do not all come back in the same second.
  const delay = backoff(s._attempt++, options.baseDelayMs, options.maxDelayMs);
  s._retryAt = Date.now() + delay;
  s._recoveryTimer = setTimeout(() => {
    dropPlan(s);
    s._recover();
  }, delay);
  // A plan to retry must not keep a Node process alive.
  (s._recoveryTimer as {unref?: () => void}).unref?.();
}

/** Drops the planned retry; answers whether one was planned (`_retryAt` changed). */
export function dropPlan(s: RecoveryState): boolean {
  clearTimeout(s._recoveryTimer);
  if (s._retryAt === null) return false;
  s._retryAt = null;
  return true;
}
