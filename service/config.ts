import {demoApplication} from './auth/index.js';
import {defaultConnectionLimits, type ConnectionLimits} from './http/connection-limits.js';
import {parseAllowedOrigins, type AllowedOrigins} from './http/index.js';
import {
  defaultVisitorBudgets,
  perMinute,
  type Budget,
  type VisitorBudgets,
} from './http/visitor-budgets.js';

/** What `npm start` reads from the environment. */
export interface ServiceConfig {
  /** `PORT`, default 8787; 0 picks a free port. */
  port: number;
  /** `HOST`, default 127.0.0.1. */
  host: string;
  /** `DATA_DIR`, default `.data`: the folder of the SQLite database (`data.db`), one service at a time. */
  dataDir: string;
  /** `CLIENT_ID` and `CLIENT_SECRET`, default demo-client / demo-secret. */
  clientId: string;
  clientSecret: string;
  /**
   * `ALLOWED_ORIGINS`: the page origins, besides the service's own, that may embed the widget
   * against this service: call its API from a browser and get tokens from the demo token
   * endpoint. A comma list of origins, or `*` for any; unset, only the service's own pages.
   */
  allowedOrigins: AllowedOrigins;
  /**
   * `WEBHOOKS_ALLOW_PRIVATE_TARGETS=1` (or `true`): webhooks may target loopback, private and
   * link-local addresses, for local development and tests. Off by default.
   */
  webhooksAllowPrivateTargets: boolean;
  /**
   * `MAX_CONNECTIONS` (default 900, and never more than the descriptor limit less 64),
   * `MAX_CONNECTIONS_PER_ADDRESS` (100), `HEADERS_TIMEOUT_MS` (10000), `REQUEST_TIMEOUT_MS`
   * (30000): see service/http/connection-limits.ts and docs/security.md.
   */
  connections: ConnectionLimits;
  /**
   * `VISITOR_STARTS_PER_MINUTE` (default `3000,60`), `VISITOR_QUOTES_PER_MINUTE` (`300,10`),
   * `VISITOR_FAILED_LOOKUPS_PER_MINUTE` (`300,10`): what one visitor token, and one address,
   * may do a minute (service/http/visitor-budgets.ts).
   */
  visitorBudgets: VisitorBudgets;
  /**
   * `SESSION_EXPIRY_DAYS` (default 30): a session never quoted and not changed for this long
   * is deleted.
   */
  sessionExpiryDays: number;
}

/** Reads the service's configuration from environment variables, failing on nonsense. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const port = Number(env.PORT || 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data',
    clientId: env.CLIENT_ID || demoApplication.clientId,
    clientSecret: env.CLIENT_SECRET || demoApplication.secret,
    // Unset means the service's own pages only: a page elsewhere must be named on purpose.
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS),
    webhooksAllowPrivateTargets: flag(env, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS'),
    connections: {
      ...defaultConnectionLimits,
      total: count(env, 'MAX_CONNECTIONS', defaultConnectionLimits.total),
      perAddress: count(env, 'MAX_CONNECTIONS_PER_ADDRESS', defaultConnectionLimits.perAddress),
      headersTimeoutMs: count(env, 'HEADERS_TIMEOUT_MS', defaultConnectionLimits.headersTimeoutMs),
      requestTimeoutMs: count(env, 'REQUEST_TIMEOUT_MS', defaultConnectionLimits.requestTimeoutMs),
    },
    visitorBudgets: {
      starts: budget(env, 'VISITOR_STARTS_PER_MINUTE', defaultVisitorBudgets.starts),
      quotes: budget(env, 'VISITOR_QUOTES_PER_MINUTE', defaultVisitorBudgets.quotes),
      failedLookups: budget(
        env,
        'VISITOR_FAILED_LOOKUPS_PER_MINUTE',
        defaultVisitorBudgets.failedLookups,
      ),
    },
    sessionExpiryDays: count(env, 'SESSION_EXPIRY_DAYS', 30),
  };
}

/** A budget setting, `token,address` a minute (two whole numbers above 0). */
function budget(env: Record<string, string | undefined>, name: string, fallback: Budget): Budget {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const parts = text.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 2 || parts.some((value) => !Number.isSafeInteger(value) || value < 1)) {
    throw new ConfigError(
      `${name} must be two whole numbers above 0, per token and per address a minute (like 3000,60), got "${env[name]}"`,
    );
  }
  return perMinute(parts[0]!, parts[1]!);
}

/** A positive whole number setting, `fallback` when unset or empty; anything else fails. */
export function count(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a whole number above 0, got "${env[name]}"`);
  }
  return value;
}

/** `ALLOWED_ORIGINS`: unset means the service's own pages only. */
function allowedOrigins(value: string | undefined): AllowedOrigins {
  if (!value?.trim()) return [];
  try {
    return parseAllowedOrigins(value);
  } catch (error) {
    throw new ConfigError(`ALLOWED_ORIGINS: ${(error as Error).message}`);
  }
}

/** A yes/no setting: `1`/`true`/`yes` or `0`/`false`/`no`/empty, in any case; anything else fails. */
function flag(env: Record<string, string | undefined>, name: string): boolean {
  const value = (env[name] ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['', '0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

/**
 * How the start-up log names the secret: the built-in demo secret by value (it is public and
 * the demo pages need it), any other only by where it comes from, so a log never holds it.
 */
export function secretForLog(config: Pick<ServiceConfig, 'clientSecret'>): string {
  return config.clientSecret === demoApplication.secret
    ? `secret ${demoApplication.secret} (the built-in demo secret)`
    : 'secret from CLIENT_SECRET (not printed)';
}

/** A setting that cannot work; start-up prints its message alone. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
