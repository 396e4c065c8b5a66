/** A token bucket: `burst` requests at once, refilled at `perMinute`; both are required here. */
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

// The limiter itself is the token endpoint helper's, shared so the two cannot drift.
export {RateLimiter, type RateDecision} from '../../src/server/rate-limiter.js';
