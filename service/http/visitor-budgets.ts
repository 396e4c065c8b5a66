// What one visitor may make the service store or search, per token and per address: a page's
// token is public, so whatever it may do, anyone may do as often as they ask, unless bounded.
import {createHash} from 'node:crypto';
import type {Context, MiddlewareHandler} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {RateLimitedError} from '../auth/auth-error.js';
import {RateLimiter, type RateLimit} from '../auth/rate-limit.js';
import {addressKey} from '../../src/server/address-key.js';

/** One budget's buckets: per bearer token and per client address (an IPv6 /64). */
export interface Budget {
  perToken: RateLimit;
  perAddress: RateLimit;
}

/** The budgets of a visitor's (`Service.Configurator`) token. */
export interface VisitorBudgets {
  /** Session starts (`new/{model}`, `startnew/{model}`): each one stores a session. */
  starts: Budget;
  /** Quote requests: each one stores a customer account, a quotation and a webhook event. */
  quotes: Budget;
  /**
   * Session lookups by code that found nothing (`open/{code}`, `new/{code}`): a code is 8
   * letters, so this is what bounds guessing one.
   */
  failedLookups: Budget;
}

/**
 * The token endpoint helper hands one cached token to every visitor of a shop, so a token's
 * budget is a whole shop's and the address's is one visitor's: far above a shopper's journey
 * (a few starts, a quote, a mistyped code), far below a flood. Env, `token,address` a minute:
 * `VISITOR_STARTS_PER_MINUTE`, `VISITOR_QUOTES_PER_MINUTE`, `VISITOR_FAILED_LOOKUPS_PER_MINUTE`.
 */
export const defaultVisitorBudgets: VisitorBudgets = {
  starts: perMinute(3000, 60),
  quotes: perMinute(300, 10),
  failedLookups: perMinute(300, 10),
};

/** A budget of `token` and `address` a minute, each also the burst. */
export function perMinute(token: number, address: number): Budget {
  return {
    perToken: {burst: token, perMinute: token},
    perAddress: {burst: address, perMinute: address},
  };
}

const isStart = (method: string, path: string) =>
  method === 'GET' && /\/(new|startnew)\/[^/]+\/?$/i.test(path);
const isQuote = (method: string, path: string) =>
  method === 'POST' && /\/requestquote\/?$/i.test(path);
/** Where a code is looked up: open by id or code, and the versioned start by model or code. */
const isLookup = (method: string, path: string) =>
  method === 'GET' && /\/configurator\/[^/]+\/configurator\/(open|new)\/[^/]+\/?$/i.test(path);

/** The socket address `@hono/node-server` hands over as `c.env.incoming`. */
const remoteAddress = (c: Context<AppEnv>): string | undefined =>
  (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming?.socket
    ?.remoteAddress;

/** A token's bucket key: a digest, so the limiter's memory holds no usable token. */
const tokenKey = (c: Context<AppEnv>) =>
  createHash('sha256')
    .update(c.req.header('authorization') ?? '')
    .digest('base64url')
    .slice(0, 22);

/**
 * The middleware of the budgets, after the bearer check. Applies to visitor tokens only
 * (a `Service.Api` token belongs on a server and is trusted with bulk work). Starts and quotes
 * take from their buckets before they run; a code lookup is refused before it runs when a
 * bucket is empty and takes from it only when it found nothing, so shoppers opening codes
 * they were given never run out. Beyond a budget: `429 rate_limited` with `Retry-After`.
 */
export function visitorBudgets(
  budgets: Partial<VisitorBudgets> | false | undefined,
  now: () => number,
): MiddlewareHandler<AppEnv> {
  if (budgets === false || budgets === undefined) return (_c, next) => next();
  const all = {...defaultVisitorBudgets, ...budgets};
  const limiters = (name: keyof VisitorBudgets) => ({
    perToken: new RateLimiter(all[name].perToken, now, `budgets.${name}.perToken`),
    perAddress: new RateLimiter(all[name].perAddress, now, `budgets.${name}.perAddress`),
  });
  const starts = limiters('starts');
  const quotes = limiters('quotes');
  const lookups = new FailedLookups(all.failedLookups, now);

  const refuse = (what: string, who: string, seconds: number) =>
    new RateLimitedError(
      `Too many ${what} from this ${who}; retry after ${seconds} s`,
      Math.max(1, seconds),
    );
  const take = (limiter: ReturnType<typeof limiters>, c: Context<AppEnv>, what: string) => {
    for (const [bucket, key, who] of [
      [limiter.perAddress, addressKey(remoteAddress(c)), 'address'],
      [limiter.perToken, tokenKey(c), 'token'],
    ] as const) {
      const decision = bucket.take(key);
      if (!decision.allowed) throw refuse(what, who, decision.retryAfterSeconds);
    }
  };

  return async (c, next) => {
    const principal = c.get('principal');
    if (!principal || principal.scopes.includes('Service.Api')) return next();
    const {method, path} = c.req;
    if (isStart(method, path)) take(starts, c, 'session starts');
    if (isQuote(method, path)) take(quotes, c, 'quote requests');
    if (!isLookup(method, path)) return next();
    const keys = [addressKey(remoteAddress(c)), tokenKey(c)] as const;
    const wait = lookups.wait(keys);
    if (wait) throw refuse('failed code lookups', wait.who, wait.seconds);
    await next();
    if (c.res.status === 404) lookups.spend(keys);
  };
}

/**
 * Token buckets of failed lookups, read before a lookup and spent after a miss (the shared
 * `RateLimiter` spends as it reads). The clock is the same monotonic one.
 */
class FailedLookups {
  readonly #limits: [RateLimit, RateLimit];
  readonly #now: () => number;
  readonly #buckets: [Map<string, Bucket>, Map<string, Bucket>] = [new Map(), new Map()];

  constructor(budget: Budget, now: () => number) {
    this.#limits = [budget.perAddress, budget.perToken];
    this.#now = now;
  }

  /** How long until both buckets hold a lookup, or undefined when they do now. */
  wait(keys: readonly [string, string]): {who: string; seconds: number} | undefined {
    const now = this.#now();
    for (const i of [0, 1] as const) {
      const tokens = this.#tokens(i, keys[i], now);
      if (tokens < 1) {
        const perMs = this.#limits[i].perMinute / 60_000;
        return {
          who: i === 0 ? 'address' : 'token',
          seconds: Math.ceil((1 - tokens) / perMs / 1000),
        };
      }
    }
    return undefined;
  }

  spend(keys: readonly [string, string]): void {
    const now = this.#now();
    for (const i of [0, 1] as const) {
      const buckets = this.#buckets[i];
      const tokens = this.#tokens(i, keys[i], now);
      buckets.delete(keys[i]);
      buckets.set(keys[i], {tokens: tokens - 1, at: now});
      // Bounded like the shared limiter: the least recently spent go first.
      if (buckets.size > maxBuckets) buckets.delete(buckets.keys().next().value!);
    }
  }

  #tokens(i: 0 | 1, key: string, now: number): number {
    const bucket = this.#buckets[i].get(key);
    const {burst, perMinute} = this.#limits[i];
    if (!bucket) return burst;
    return Math.min(burst, bucket.tokens + Math.max(0, now - bucket.at) * (perMinute / 60_000));
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

const maxBuckets = 10_000;
