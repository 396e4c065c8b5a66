// One rate limiter for both sides: the token endpoint helper limits the pages that ask it for
// tokens, the reference service (service/auth/rate-limit.ts) the token requests it answers.
// It imports nothing, so the service may share it without taking anything else of src/.

/** A token bucket per caller: `burst` requests at once, refilled at `perMinute`. */
export interface RateLimit {
  /** Requests a caller may make at once; default 20. */
  burst?: number;
  /** Requests a caller may make per minute once the burst is spent; default 60. */
  perMinute?: number;
}

export type RateDecision = {allowed: true} | {allowed: false; retryAfterSeconds: number};

interface Bucket {
  tokens: number;
  at: number;
}

// Bounds the memory a flood of distinct callers (rotating addresses) can take.
const maxBuckets = 10_000;

/** One token bucket per key, in memory. */
export class RateLimiter {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  /**
   * @param name How the caller's settings name `limit`, for the error a wrong value throws
   *   (`rateLimits.perClient.burst must be a positive number`).
   */
  constructor(limit: RateLimit, now: () => number, name = 'rateLimit') {
    this.#burst = positive(limit.burst ?? 20, `${name}.burst`);
    this.#perMs = positive(limit.perMinute ?? 60, `${name}.perMinute`) / 60_000;
    this.#now = now;
  }

  /** Takes one request from `key`'s bucket, or says how long until one is back. */
  take(key: string): RateDecision {
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    const tokens = bucket ? this.#refilled(bucket, now) : this.#burst;
    // Re-inserting keeps the map in least-recently-used order for the sweep.
    this.#buckets.delete(key);
    if (tokens >= 1) {
      this.#buckets.set(key, {tokens: tokens - 1, at: now});
      this.#sweep(now);
      return {allowed: true};
    }
    this.#buckets.set(key, {tokens, at: now});
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.#perMs / 1000)),
    };
  }

  #refilled(bucket: Bucket, now: number) {
    return Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs);
  }

  #sweep(now: number) {
    if (this.#buckets.size <= maxBuckets) return;
    for (const [key, bucket] of this.#buckets) {
      if (this.#refilled(bucket, now) >= this.#burst) this.#buckets.delete(key);
    }
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size <= maxBuckets) break;
      this.#buckets.delete(key);
    }
  }
}

function positive(value: number, name: string) {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new TypeError(`${name} must be a positive number`);
  }
  return value;
}
