/** A token bucket: `burst` requests at once, refilled at `perMinute`. */
export interface RateLimit {
  burst: number;
  perMinute: number;
}

/** Limits of token issuing, on both schemes. */
export interface TokenRateLimits {
  /**
   * Tokens issued to one integration application, counted once its credentials are checked
   * (so nobody without the secret can spend an application's allowance).
   */
  perClient: RateLimit;
  /** Token requests from one network address (an IPv6 /64), counted before anything else. */
  perAddress: RateLimit;
}

/**
 * Far above what a correct caller needs (a caching token endpoint asks once an hour; the whole
 * test suite a few hundred times from one address), far below what fills a disk with tokens.
 */
export const defaultTokenRateLimits: TokenRateLimits = {
  perClient: {burst: 600, perMinute: 600},
  perAddress: {burst: 300, perMinute: 300},
};

export type RateDecision = {allowed: true} | {allowed: false; retryAfterSeconds: number};

interface Bucket {
  tokens: number;
  at: number;
}

// Bounds the memory a flood of distinct keys (rotating addresses) can take.
const maxBuckets = 10_000;

/** One token bucket per key, in memory. */
export class RateLimiter {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(limit: RateLimit, now: () => number, name: string) {
    for (const [field, value] of Object.entries(limit)) {
      if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
        throw new TypeError(`${name}.${field} must be a positive number`);
      }
    }
    this.#burst = limit.burst;
    this.#perMs = limit.perMinute / 60_000;
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
