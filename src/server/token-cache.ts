import type {UpstreamToken} from './upstream-token.js';

/** A token held by the cache, with times in the clock's milliseconds. */
export interface CachedToken {
  accessToken: string;
  expiresAt: number;
  renewAt: number;
}

export interface TokenCacheOptions {
  load: () => Promise<UpstreamToken>;
  now: () => number;
  /** How long before expiry a token stops being handed out; capped at half its lifetime. */
  renewBeforeMs: number;
}

/**
 * Holds one token and renews it shortly before it expires. Callers that arrive while a
 * renewal is under way share it, so a burst of page loads costs one upstream request.
 */
export class TokenCache {
  #options: TokenCacheOptions;
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;

  constructor(options: TokenCacheOptions) {
    this.#options = options;
  }

  get(): Promise<CachedToken> {
    const token = this.#token;
    if (token && this.#options.now() < token.renewAt) return Promise.resolve(token);
    if (!this.#pending) {
      // Cleared only if still current, and only once settled: a failure is not remembered,
      // so the next caller tries again.
      const pending = this.#load().finally(() => {
        if (this.#pending === pending) this.#pending = undefined;
      });
      this.#pending = pending;
    }
    return this.#pending;
  }

  async #load(): Promise<CachedToken> {
    // The lifetime counts from when the request left, so a slow answer errs on the safe side.
    const started = this.#options.now();
    const {accessToken, lifetimeMs} = await this.#options.load();
    const margin = Math.min(this.#options.renewBeforeMs, lifetimeMs / 2);
    const token = {
      accessToken,
      expiresAt: started + lifetimeMs,
      renewAt: started + lifetimeMs - margin,
    };
    this.#token = token;
    return token;
  }
}
