// The session's background retry after a failure that may pass: when it comes, how the backoff
// grows, and that it is one plan at a time. The session decides when to plan and what a retry
// is; this module only schedules. Its members are `_` names, internal to the session and
// shortened in the headless file (session-core.ts).
import {backoff} from './abort.js';
import type {RecoveryOptions} from './session-options.js';

const defaultRecovery: RecoveryOptions = {baseDelayMs: 1_000, maxDelayMs: 60_000};

export class RecoveryPlan {
  readonly #options: RecoveryOptions | null;
  readonly #retry: () => void;
  /** Background retries since the last success; sets the next backoff. */
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the planned retry runs (epoch ms); null when none is planned. */
  _retryAt: number | null = null;

  /** `options` false plans nothing; `retry` is what a planned retry runs. */
  constructor(options: Partial<RecoveryOptions> | false | undefined, retry: () => void) {
    this.#options = options === false ? null : {...defaultRecovery, ...options};
    this.#retry = retry;
  }

  /** A success: the next failure starts the backoff again. */
  _succeeded(): void {
    this.#attempt = 0;
  }

  /**
   * Plans a retry with a growing, jittered backoff, in place of any planned before (the
   * session's snapshot that follows shows `_retryAt`). Nothing is planned without options,
   * for a failure that cannot pass, or offline (the `online` event retries at once).
   */
  _plan(retryable: boolean): void {
    this._cancel();
    const options = this.#options;
    const nav = (globalThis as {navigator?: {onLine?: boolean}}).navigator;
    if (!options || !retryable || nav?.onLine === false) return;
    // Jittered: pages that lost the same service do not all come back in the same second.
    const delay = backoff(this.#attempt, options.baseDelayMs, options.maxDelayMs);
    this.#attempt++;
    this._retryAt = Date.now() + delay;
    this.#timer = setTimeout(() => {
      this._cancel();
      this.#retry();
    }, delay);
    // A plan to retry must not keep a Node process alive.
    (this.#timer as {unref?: () => void}).unref?.();
  }

  /** Drops the planned retry; answers whether one was planned (`_retryAt` changed). */
  _cancel(): boolean {
    clearTimeout(this.#timer);
    if (this._retryAt === null) return false;
    this._retryAt = null;
    return true;
  }
}
