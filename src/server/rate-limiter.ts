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

// Bounds the memory a flood of distinct callers can take.
const maxBuckets = 10_000;

export class RateLimiter {
  #burst: number;
  #perMs: number;
  #now: () => number;
  #buckets = new Map<string, Bucket>();

  constructor(limit: RateLimit, now: () => number) {
    this.#burst = positive(limit.burst ?? 20, 'rateLimit.burst');
    this.#perMs = positive(limit.perMinute ?? 60, 'rateLimit.perMinute') / 60_000;
    this.#now = now;
  }

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
    throw new TypeError(`token endpoint: \`${name}\` must be a positive number`);
  }
  return value;
}
