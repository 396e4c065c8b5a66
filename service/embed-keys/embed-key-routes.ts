import type {Context, Hono, MiddlewareHandler} from 'hono';
import {RateLimitedError} from '../auth/auth-error.js';
import {RateLimiter, type RateLimit} from '../auth/rate-limit.js';
import {Scope, formatScope} from '../auth/scopes.js';
import {isShopperRoute} from '../auth/shopper-routes.js';
import {TokenScheme, type Tokens} from '../auth/tokens.js';
import type {AppEnv, Principal} from '../auth/index.js';
import {Errors, ServiceError} from '../errors.js';
import {Fields, exposeHeaders, readJson} from '../http/index.js';
import {addressKey} from '../../src/server/address-key.js';
import {allows, view, type EmbedKeys, type LiveKey} from './embed-keys.js';

/** Limits on what a publishable key buys, per key and per client address (an IPv6 /64). */
export interface EmbedKeyRateLimits {
  /** Shopper tokens (and tenant-header session starts) for one key, from every address. */
  tokensPerKey: RateLimit;
  /** Shopper tokens (and tenant-header session starts) for one address, any key. */
  tokensPerAddress: RateLimit;
  /** Quote requests made with one key's tokens or header, from every address. */
  quotesPerKey: RateLimit;
  /** Quote requests made with any key's tokens or header from one address. */
  quotesPerAddress: RateLimit;
}

/**
 * A page asks for one token per visit and renews it every quarter of an hour; a shopper asks
 * for a quote or two. A script that forges `Origin` gets a shopper's pace from each address,
 * and a key's total stays above a busy shop's visitors (docs/security.md).
 */
export const defaultEmbedKeyRateLimits: EmbedKeyRateLimits = {
  tokensPerKey: {burst: 600, perMinute: 600},
  tokensPerAddress: {burst: 20, perMinute: 10},
  quotesPerKey: {burst: 60, perMinute: 30},
  quotesPerAddress: {burst: 5, perMinute: 2},
};

/** Lifetime of a shopper token issued for a key: short, so a page renews it under the key's current rules. */
export const embedTokenLifetimeMs = 15 * 60_000;

export const embedTokenPath = '/api/2/auth/embedtoken';
/** The vendor's tenant header; its anonymous mode sends it instead of a bearer token. */
export const tenantHeader = 'x-elfsquad-id';

export interface EmbedKeyRouteOptions {
  keys: EmbedKeys;
  tokens: Tokens;
  rateLimits?: Partial<EmbedKeyRateLimits> | false;
  now: () => number;
}

/** The socket address `@hono/node-server` hands over as `c.env.incoming`. */
const remoteAddress = (c: Context<AppEnv>): string | undefined =>
  (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming?.socket
    ?.remoteAddress;

const invalidKey = () =>
  new ServiceError(
    Errors.invalidKey,
    'The publishable key is not known to the service (mistyped, or its key was deleted)',
  );

/**
 * The refusal of a page whose origin the key does not list. It is readable by that page (the
 * widget shows what to fix), and it says nothing about the key beyond the refusal.
 */
const originRefused = (origin: string | undefined) =>
  new ServiceError(
    Errors.originNotAllowed,
    origin
      ? `Pages from ${origin} may not use this publishable key; add the origin to the key's allowedOrigins`
      : 'A publishable key works only from a browser page whose Origin is one of its allowedOrigins',
  );

/** The routes and middleware of publishable keys; see `registerEmbedKeyRoutes`. */
export function embedKeyRoutes(options: EmbedKeyRouteOptions) {
  const {keys, tokens, now} = options;
  const limits =
    options.rateLimits === false
      ? undefined
      : {...defaultEmbedKeyRateLimits, ...options.rateLimits};
  const limiter = (name: keyof EmbedKeyRateLimits) =>
    limits && new RateLimiter(limits[name], now, `embedKeyRateLimits.${name}`);
  const tokensPerKey = limiter('tokensPerKey');
  const tokensPerAddress = limiter('tokensPerAddress');
  const quotesPerKey = limiter('quotesPerKey');
  const quotesPerAddress = limiter('quotesPerAddress');

  /** Takes one from both buckets (the address first: it is the one a forger fills). */
  const take = (
    perAddress: RateLimiter | undefined,
    perKey: RateLimiter | undefined,
    c: Context<AppEnv>,
    keyId: string,
    what: string,
  ) => {
    for (const [bucket, key, who] of [
      [perAddress, addressKey(remoteAddress(c)), 'address'],
      [perKey, keyId, 'publishable key'],
    ] as const) {
      const decision = bucket?.take(key);
      if (decision && !decision.allowed) {
        throw new RateLimitedError(
          `Too many ${what} for this ${who}; retry after ${decision.retryAfterSeconds} s`,
          decision.retryAfterSeconds,
        );
      }
    }
  };

  /** The key for `value` and the page's origin, or the refusal. */
  const admit = (value: string, origin: string | undefined): LiveKey => {
    const key = keys.byPublishableKey(value);
    if (!key) throw invalidKey();
    if (!origin || !allows(key, origin)) throw originRefused(origin);
    return key;
  };

  const shopper = (key: LiveKey): Principal => ({
    clientId: key.record.clientId,
    userId: key.record.userId,
    scopes: [Scope.configurator],
    embedKeyId: key.record.id,
  });

  /** CORS for the page's origin alone, on the answers of the token exchange. */
  const forOrigin = (origin: string | undefined): Record<string, string> =>
    origin
      ? {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Expose-Headers': exposeHeaders,
          Vary: 'Origin',
          'Cache-Control': 'no-store',
        }
      : {'Cache-Control': 'no-store'};

  /**
   * `POST /api/2/auth/embedtoken`: a publishable key for a shopper token. The body may come as
   * `text/plain`, so the widget's request is a CORS simple request: no preflight before a
   * shopper's first paint (docs/decisions/0089).
   */
  const exchange = async (c: Context<AppEnv>) => {
    const origin = c.req.header('origin');
    try {
      const body = Fields.of(await readJson(c.req.raw, {limit: 4 * 1024}));
      const value = body.string('publishableKey');
      const key = admit(value, origin);
      take(tokensPerAddress, tokensPerKey, c, key.record.id, 'token requests');
      const accessToken = tokens.issue(
        shopper(key),
        [Scope.configurator],
        TokenScheme.embedKey,
        embedTokenLifetimeMs,
        key.record.id,
      );
      return c.json(
        {accessToken, expiresIn: embedTokenLifetimeMs, scope: formatScope([Scope.configurator])},
        200,
        forOrigin(origin),
      );
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return error.toResponse(forOrigin(origin));
    }
  };

  /**
   * The vendor client's anonymous mode: no bearer, its tenant id in `x-elfsquad-id`. Its
   * value is read as a publishable key under the same rules as the exchange (the page's
   * origin, the shopper's routes only), and each session start counts as a token request.
   */
  const tenantHeaderAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
    const value = c.req.header(tenantHeader);
    if (value === undefined || c.req.method === 'OPTIONS' || c.req.header('authorization')) {
      return next();
    }
    const key = admit(value, c.req.header('origin'));
    if (!isShopperRoute(c.req.method, c.req.path)) {
      throw new ServiceError(
        Errors.insufficientScope,
        "A publishable key reaches a shopper's operations only (Service.Configurator)",
      );
    }
    if (isStart(c.req.path))
      take(tokensPerAddress, tokensPerKey, c, key.record.id, 'session starts');
    c.set('principal', shopper(key));
    return next();
  };

  /** Quote requests made with a key's token or header, limited per key and per address. */
  const quoteLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
    const keyId = c.get('principal')?.embedKeyId;
    if (keyId !== undefined && c.req.method === 'POST' && /\/requestquote\/?$/i.test(c.req.path)) {
      take(quotesPerAddress, quotesPerKey, c, keyId, 'quote requests');
    }
    return next();
  };

  /** Key management under `/api/2/embedkeys` (a `Service.Api` token: not a shopper route). */
  const manage = (app: Hono<AppEnv>) => {
    app.get('/api/2/embedkeys', (c) => c.json(keys.list(c.get('principal')).map(view)));
    app.post('/api/2/embedkeys', async (c) => {
      const record = keys.create(c.get('principal'), await readJson(c.req.raw, {limit: 64 * 1024}));
      c.header('Location', `/api/2/embedkeys/${record.id}`);
      return c.json(view(record), 201);
    });
    app.get('/api/2/embedkeys/:id', (c) =>
      c.json(view(keys.get(c.get('principal'), c.req.param('id')))),
    );
    app.put('/api/2/embedkeys/:id', async (c) => {
      const body = await readJson(c.req.raw, {limit: 64 * 1024});
      return c.json(view(keys.update(c.get('principal'), c.req.param('id'), body)));
    });
    app.delete('/api/2/embedkeys/:id', (c) => {
      keys.delete(c.get('principal'), c.req.param('id'));
      return c.body(null, 204);
    });
  };

  return {exchange, tenantHeaderAuth, quoteLimits, manage};
}

/** A session start of any generation (`new/{model}`, `startnew/{model}`). */
const isStart = (path: string) => /\/(new|startnew)\/[^/]+\/?$/i.test(path);
