import {Hono} from 'hono';
import {
  Applications,
  Tokens,
  demoApplication,
  registerTokenRoutes,
  requireBearer,
  tokenPaths,
  type AppEnv,
  type IntegrationApplication,
} from './auth/index.js';
import {ErrorCode, ServiceError} from './errors.js';
import {noEvents, type EventPublisher} from './events.js';
import {corsMiddleware, type AllowedOrigins} from './http/index.js';
import {MemoryStore, type Store} from './store/store.js';

export interface AppOptions {
  /** Where everything is kept; default a fresh in-memory store. */
  store?: Store;
  /** Integration applications whose credentials both token schemes accept; default demo-client / demo-secret. */
  applications?: readonly IntegrationApplication[];
  /** Scheme 1 token lifetime in seconds; default 3600. */
  tokenLifetimeSeconds?: number;
  /** Scheme 2 token lifetime in milliseconds; default 1800000. */
  loginTokenLifetimeMs?: number;
  /** Origins browsers may call from; default any. */
  allowedOrigins?: AllowedOrigins;
  /** Where quotation events go; default nowhere. */
  events?: EventPublisher;
  /** The clock, in epoch milliseconds; tests move it to expire tokens. */
  now?: () => number;
}

/**
 * Paths answered without a bearer token: health, public images, the two token operations,
 * and the host-side token endpoint the demo mounts.
 */
const isPublicPath = (path: string) =>
  path === '/health' ||
  path.startsWith('/images/') ||
  path === '/api/configurator-token' ||
  (tokenPaths as readonly string[]).includes(path);

/** The reference Configurator and Quotation Service as a web-standard `Request -> Response` app. */
export function createApp(options: AppOptions = {}) {
  const store = options.store ?? new MemoryStore();
  const now = options.now ?? Date.now;
  const events = options.events ?? noEvents;
  const applications = new Applications(options.applications ?? [demoApplication]);
  const tokens = new Tokens(store, now);
  const app = new Hono<AppEnv>();

  app.use('*', corsMiddleware(options.allowedOrigins));
  app.get('/health', (c) => c.json({status: 'ok'}));
  registerTokenRoutes(app, {
    applications,
    tokens,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    loginTokenLifetimeMs: options.loginTokenLifetimeMs ?? 1_800_000,
  });
  app.use('*', requireBearer(tokens, isPublicPath));
  void events;

  app.notFound(() => new ServiceError(404, ErrorCode.notFound, 'No such endpoint').toResponse());
  app.onError((error) => {
    if (error instanceof ServiceError) return error.toResponse();
    console.error(error);
    return new ServiceError(500, ErrorCode.internal, 'Internal error').toResponse();
  });

  return {app, store, tokens};
}
