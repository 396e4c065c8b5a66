/** How long to wait before retrying a failed delivery. */
export interface BackoffOptions {
  /** The wait after the first failure, in ms (default 1000). */
  baseDelayMs?: number;
  /** The longest wait, in ms (default one hour). */
  maxDelayMs?: number;
}

/**
 * Exponential backoff with jitter: after the n-th failed attempt, wait between half and all
 * of `base * 2^(n-1)` (capped), so receivers coming back up are not hit by every sender at once.
 */
export function retryDelay(
  failedAttempts: number,
  {baseDelayMs = 1000, maxDelayMs = 60 * 60 * 1000}: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
