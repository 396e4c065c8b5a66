// The session's background retry after a failure that may pass: when it comes, how the backoff
// grows, and that it is one plan at a time. The session decides when to plan and what a retry
// is; this module only schedules.
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
  retryAt: number | null = null;

  /** `options` false plans nothing; `retry` is what a planned retry runs. */
  constructor(options: Partial<RecoveryOptions> | false | undefined, retry: () => void) {
    this.#options = options === false ? null : {...defaultRecovery, ...options};
    this.#retry = retry;
  }

  /** A success: the next failure starts the backoff again. */
  succeeded(): void {
    this.#attempt = 0;
  }

  /**
   * Plans a retry with a growing, jittered backoff; answers whether `retryAt` changed.
   * Nothing is planned without options, for a failure that cannot pass, or offline (the
   * `online` event retries at once).
   */
  plan(retryable: boolean): boolean {
    let changed = this.cancel();
    const options = this.#options;
    if (!options || !retryable) return changed;
    const nav = (globalThis as {navigator?: {onLine?: boolean}}).navigator;
    if (nav?.onLine === false) return changed;
    // Jittered: pages that lost the same service do not all come back in the same second.
    const delay = backoff(this.#attempt, options.baseDelayMs, options.maxDelayMs);
    this.#attempt++;
    this.retryAt = Date.now() + delay;
    const timer = setTimeout(() => {
      this.cancel();
      this.#retry();
    }, delay);
    // A plan to retry must not keep a Node process alive.
    (timer as {unref?: () => void}).unref?.();
    this.#timer = timer;
    changed = true;
    return changed;
  }

  /** Drops the planned retry; answers whether one was planned (`retryAt` changed). */
  cancel(): boolean {
    clearTimeout(this.#timer);
    if (this.retryAt === null) return false;
    this.retryAt = null;
    return true;
  }
}
