import type {UpstreamToken} from './upstream-token.js';

/** A token held by the cache, with times in the clock's milliseconds. */
export interface CachedToken {
  accessToken: string;
  /** When the helper asked for it. */
  issuedAt: number;
  expiresAt: number;
  renewAt: number;
}

export interface TokenCacheOptions {
  load: () => Promise<UpstreamToken>;
  now: () => number;
  /** How long before expiry a token stops being handed out; capped at half its lifetime. */
  renewBeforeMs: number;
  /** A reported rejection drops the cached token only once it has been held this long. */
  rejectedMinAgeMs: number;
}

/** What {@link TokenCache.get} did with a caller's report of a rejected token. */
export type RejectionOutcome =
  /** No report, or the report named another token than the cached one: nothing changed. */
  | 'none'
  /** The report named the cached token: it was dropped and a new one requested. */
  | 'renewed'
  /** The report named the cached token, but it is younger than the minimum age: kept. */
  | 'too-soon';

/**
 * Holds one token and renews it shortly before it expires, or earlier when a caller shows that
 * the service rejected it. Callers that arrive while a renewal is under way share it, so a
 * burst of page loads (or of reports) costs one upstream request.
 */
export class TokenCache {
  #options: TokenCacheOptions;
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;

  constructor(options: TokenCacheOptions) {
    this.#options = options;
  }

  /**
   * The current token. With `rejected`, a token a caller says the service refused: when it is
   * exactly the cached one, the cache drops it and renews (subject to the minimum age). Any
   * other value changes nothing, so only a holder of the live token can cause an upstream
   * request.
   */
  get(rejected?: string): {token: Promise<CachedToken>; rejection: RejectionOutcome} {
    const now = this.#options.now();
    let rejection: RejectionOutcome = 'none';
    const token = this.#token;
    if (token && rejected !== undefined && sameToken(rejected, token.accessToken)) {
      if (now - token.issuedAt >= this.#options.rejectedMinAgeMs) {
        this.#token = undefined;
        rejection = 'renewed';
      } else {
        rejection = 'too-soon';
      }
    }
    const current = this.#token;
    if (current && now < current.renewAt) return {token: Promise.resolve(current), rejection};
    if (!this.#pending) {
      // Cleared only if still current, and only once settled: a failure is not remembered,
      // so the next caller tries again.
      const pending = this.#load().finally(() => {
        if (this.#pending === pending) this.#pending = undefined;
      });
      this.#pending = pending;
    }
    return {token: this.#pending, rejection};
  }

  async #load(): Promise<CachedToken> {
    // The lifetime counts from when the request left, so a slow answer errs on the safe side.
    const started = this.#options.now();
    const {accessToken, lifetimeMs} = await this.#options.load();
    const margin = Math.min(this.#options.renewBeforeMs, lifetimeMs / 2);
    const token = {
      accessToken,
      issuedAt: started,
      expiresAt: started + lifetimeMs,
      renewAt: started + lifetimeMs - margin,
    };
    this.#token = token;
    return token;
  }
}

const encoder = new TextEncoder();

/**
 * Compares two tokens in time that depends on their lengths only, so a caller probing with
 * guesses learns nothing of the live token from how fast it is answered. Written out rather
 * than `crypto.timingSafeEqual` because the helper imports nothing from Node.
 */
export function sameToken(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const length = Math.max(x.length, y.length);
  let difference = x.length ^ y.length;
  for (let i = 0; i < length; i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}
