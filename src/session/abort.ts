import {abortedError} from './errors.js';

/**
 * Waiting and giving up, shared by the HTTP client, the token sources and the session, so that
 * every wait ends the same ways: `aborted` when a caller's signal aborts, a `TimeoutError` at a
 * deadline, and no timer left behind (a Node process is not kept alive by a wait nobody needs).
 */

/**
 * A signal that aborts when any of `signals` does. `AbortSignal.any` is recent (Safari 17.4):
 * older browsers get the same from listeners rather than fail every request.
 */
export function anySignal(...given: (AbortSignal | undefined)[]): AbortSignal {
  const signals = given.filter((signal) => signal !== undefined);
  if (signals.length === 1) return signals[0]!;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), {once: true});
  }
  return controller.signal;
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortedError(signal.reason);
}

/** Settles as `promise` does, or with `aborted` as soon as `signal` aborts. */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal.reason));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, {once: true});
    // Followed even when aborted already: its later failure (a fetch given the aborted signal)
    // is handled here, not reported as an unhandled rejection.
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves after `ms`; rejects with `aborted` (and clears its timer) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slept = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return abortable(slept, signal).finally(() => clearTimeout(timer));
}

/**
 * Runs `work` with a signal that aborts at the deadline (with a `TimeoutError` as its reason)
 * or when `signal` does. Rejects with that `TimeoutError` at the deadline even if the work
 * ignores its signal: a token function that never settles must not hold the configurator up.
 */
export function withDeadline<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`No answer within ${ms} ms`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  const done = Promise.race([work(anySignal(controller.signal, signal)), expired]);
  return abortable(done, signal).finally(() => clearTimeout(timer));
}

/**
 * The `n`th delay (from 0) of an exponential backoff from `baseMs` to at most `maxMs`, with
 * "equal jitter": at least half of it, so retries still spread out and slow down. Shared by the
 * HTTP client's retries and the session's background recovery.
 */
export function backoff(n: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(n, 30));
  return delay / 2 + Math.random() * (delay / 2);
}
