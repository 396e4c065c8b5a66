import {Hono, type MiddlewareHandler} from 'hono';
import {
  Applications,
  Tokens,
  demoApplication,
  registerTokenRoutes,
  requireBearer,
  tokenPaths,
  type AppEnv,
  type IntegrationApplication,
  type TokenRateLimits,
} from './auth/index.js';
import {
  Configurator,
  defaultLanguage,
  featureModelItems,
  languageFromQuery,
  registerConfiguratorRoutes,
  registerModelImageRoutes,
} from './configurator/index.js';
import {
  EmbedKeys,
  embedKeyRoutes,
  embedTokenPath,
  type EmbedKeyRateLimits,
} from './embed-keys/index.js';
import {type CompiledModel} from './engine/index.js';
import {sampleModels} from './models/index.js';
import {Errors, ServiceError, errorResponse, notFound} from './errors.js';
import type {EventPublisher} from './events.js';
import {FastUpdates} from './fast-update.js';
import {
  allowedMethods,
  caseInsensitivePaths,
  corsMiddleware,
  corsPolicy,
  requestTargetLimits,
  type AllowedOrigins,
} from './http/index.js';
import {visitorBudgets, type VisitorBudgets} from './http/visitor-budgets.js';
import {Quotations, entityApi} from './quotations/index.js';
import {
  ephemeralSigningKey,
  jwksPath,
  registerSigningRoutes,
  type SigningKey,
} from './signing/index.js';
import {MemoryStore, type Store} from './store/index.js';
import {Webhooks, type WebhookOptions} from './webhooks/index.js';

export interface AppOptions {
  /** Where everything is kept; default a fresh in-memory store. */
  store?: Store;
  /** The configuration models offered; default the sample models. */
  models?: readonly CompiledModel[];
  /** Integration applications whose credentials both token schemes accept; default demo-client / demo-secret. */
  applications?: readonly IntegrationApplication[];
  /** Scheme 1 token lifetime in seconds; default 3600. */
  tokenLifetimeSeconds?: number;
  /** Scheme 2 token lifetime in milliseconds; default 1800000. */
  loginTokenLifetimeMs?: number;
  /**
   * Token issuing limits on both schemes, a token bucket per client and per address (429 with
   * `Retry-After` beyond); `false` turns them off. Default `defaultTokenRateLimits`.
   */
  tokenRateLimits?: Partial<TokenRateLimits> | false;
  /**
   * What a publishable key buys, per key and per address: shopper tokens (and tenant-header
   * session starts) and quote requests; `false` turns them off. Default `defaultEmbedKeyRateLimits`.
   */
  embedKeyRateLimits?: Partial<EmbedKeyRateLimits> | false;
  /** Origins browsers may call from; default any. */
  allowedOrigins?: AllowedOrigins;
  /** Where quotation events go; default the webhook outbox (delivered to subscribers). */
  events?: EventPublisher;
  /** Webhook delivery settings (attempts, backoff, timeout); tests shorten the backoff. */
  webhooks?: WebhookOptions;
  /** The clock, in epoch milliseconds; tests move it to expire tokens. */
  now?: () => number;
  /**
   * The clock of every delay and bucket (rate limits, budgets, webhook retries), in
   * milliseconds from any start: it never steps back when the wall clock is set. Default
   * `performance.now`; tests inject one.
   */
  monotonic?: () => number;
  /**
   * Days a session never quoted and not changed is kept (`SESSION_EXPIRY_DAYS`, default 30 in
   * `npm start`); unset here, sessions are kept for good.
   */
  sessionExpiryDays?: number;
  /**
   * Per-token and per-address budgets of visitor tokens (service/http/visitor-budgets.ts);
   * unset or `false`, none. `npm start` and `npm run service` set them from the environment,
   * `defaultVisitorBudgets` unless told otherwise.
   */
  visitorBudgets?: Partial<VisitorBudgets> | false;
  /**
   * Signed configurations: the key (default a fresh one for this process; `npm start` keeps
   * one in DATA_DIR), the issuer (default the origin a request reached) and the lifetime in
   * seconds (default 3600).
   */
  signing?: {key?: SigningKey; issuer?: string; lifetimeSeconds?: number};
}

/**
 * Paths answered without a bearer token: health, public images, the signing keys, the two token operations,
 * and the host-side token endpoint the demo mounts.
 */
const isPublicPath = (path: string) =>
  path === '/health' ||
  path.startsWith('/images/') ||
  path === jwksPath ||
  path === '/api/configurator-token' ||
  path.toLowerCase() === embedTokenPath ||
  (tokenPaths as readonly string[]).includes(path);

/**
 * Holds every answer until what the request wrote or read is committed (the store commits in
 * groups: docs/decisions/0030). A commit that failed replaces the answer with its storage
 * error, whatever the handler answered: its writes are undone and it may have read them.
 */
function answerWhenDurable(store: Store): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const durable = store.durability();
    await next();
    try {
      await durable();
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      // Cleared first: setting `c.res` over an answer would keep that answer's headers.
      c.res = undefined;
      c.res = error.toResponse();
    }
  };
}

/** The reference Configurator and Quotation Service as a web-standard `Request -> Response` app. */
export function createApp(options: AppOptions = {}) {
  const store = options.store ?? new MemoryStore();
  const now = options.now ?? Date.now;
  const monotonic = options.monotonic ?? (() => performance.now());
  // Created first: it resumes deliveries a previous run left pending.
  const webhooks = new Webhooks(store, {now, monotonic, ...options.webhooks});
  const events = options.events ?? webhooks.outbox;
  const applications = new Applications(options.applications ?? [demoApplication]);
  const tokens = new Tokens(store, now);
  const embedKeys = new EmbedKeys(store, tokens, now);
  const embed = embedKeyRoutes({
    keys: embedKeys,
    tokens,
    rateLimits: options.embedKeyRateLimits,
    now: monotonic,
  });
  const configurator = new Configurator({store, now, models: options.models ?? sampleModels()});
  if (options.sessionExpiryDays !== undefined) {
    configurator.sessions.expireAfter(options.sessionExpiryDays);
  }
  const quotations = new Quotations({
    store,
    now,
    events,
    describe: (id) => configurator.describe(id),
  });
  // Routed in any letter case, like the real service: see docs/decisions/0018.
  const app: Hono<AppEnv> = new Hono<AppEnv>({getPath: caseInsensitivePaths(() => app.routes)});

  // Pages an embed key lists may call as the key's shoppers; the token exchange checks its own.
  app.use(
    '*',
    corsMiddleware(
      options.allowedOrigins,
      (origin, path) => path.toLowerCase() === embedTokenPath || embedKeys.anyAllows(origin),
    ),
  );
  app.use('*', answerWhenDurable(store));
  app.use('*', requestTargetLimits());
  app.get('/health', (c) => c.json({status: 'ok'}));
  registerModelImageRoutes(app);
  registerTokenRoutes(app, {
    applications,
    tokens,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    loginTokenLifetimeMs: options.loginTokenLifetimeMs ?? 1_800_000,
    rateLimits: options.tokenRateLimits,
    now: monotonic,
  });
  app.post(embedTokenPath, embed.exchange);
  app.use('*', (c, next) => (isPublicPath(c.req.path) ? next() : embed.tenantHeaderAuth(c, next)));
  app.use('*', requireBearer(tokens, isPublicPath));
  app.use('*', embed.quoteLimits);
  app.use('*', visitorBudgets(options.visitorBudgets, monotonic));
  embed.manage(app);
  registerConfiguratorRoutes(app, configurator, quotations);
  registerSigningRoutes(app, configurator, {
    key: options.signing?.key ?? ephemeralSigningKey(),
    issuer: options.signing?.issuer,
    lifetimeSeconds: options.signing?.lifetimeSeconds,
    now,
  });
  app.route('/api/2/webhooks', webhooks.routes());
  app.route(
    '/api/2',
    entityApi({
      store,
      events,
      now,
      featureModels: (lang) =>
        featureModelItems(configurator, languageFromQuery(lang, defaultLanguage)),
    }),
  );

  app.notFound((c) => {
    // A path that exists for other methods is 405 with them in `Allow` (docs/errors.md).
    const allow = allowedMethods(app.routes, c.req.path);
    // A route of this method that passed it on (an entity model that does not exist) is a 404.
    if (allow.length > 0 && !allow.includes(c.req.method)) {
      return new ServiceError(
        Errors.methodNotAllowed,
        `${c.req.method} is not allowed here; use ${allow.join(', ')}`,
      ).toResponse({Allow: allow.join(', ')});
    }
    return notFound('No such endpoint').toResponse();
  });
  app.onError(errorResponse);

  /** Stops webhook delivery, then closes the store (tests and shutdown). */
  const close = async () => {
    await webhooks.close();
    await store.close();
  };

  // The widget's update on node:http, for servers that listen with it: docs/decisions/0050.
  const fastUpdates = new FastUpdates({
    store,
    tokens,
    configurator,
    cors: corsPolicy(options.allowedOrigins),
  });

  return {app, store, tokens, embedKeys, configurator, quotations, webhooks, fastUpdates, close};
}
