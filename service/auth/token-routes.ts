import type {Context, Hono} from 'hono';
import {Errors, ServiceError} from '../errors.js';
import {Fields, mediaType, readBodyText, readJson} from '../http/index.js';
import type {Applications, IntegrationApplication} from './applications.js';
import {OAuthError, RateLimitedError, TokenRequestError} from './auth-error.js';
import type {AppEnv} from './principal.js';
import {addressKey} from '../../src/server/address-key.js';
import {
  RateLimiter,
  defaultTokenRateLimits,
  type RateDecision,
  type TokenRateLimits,
} from './rate-limit.js';
import {Scope, formatScope, knownScopes, readScopeRequest} from './scopes.js';
import {TokenScheme, type Tokens} from './tokens.js';

/** The seed's scope: every API of the tenant. */
export const serviceScope = Scope.api;

export interface TokenRouteOptions {
  applications: Applications;
  tokens: Tokens;
  /** Scheme 1 lifetime, seconds (`expires_in`). */
  tokenLifetimeSeconds: number;
  /** Scheme 2 lifetime, milliseconds (`expiresIn`). */
  loginTokenLifetimeMs: number;
  /** Token issuing limits; `false` turns them off. Default {@link defaultTokenRateLimits}. */
  rateLimits?: Partial<TokenRateLimits> | false;
  /** The clock of the rate limits, epoch milliseconds. */
  now: () => number;
}

/** Paths of the two token operations; they are the only API calls without a bearer token. */
export const tokenPaths = ['/connect/token', '/api/2/auth/serviceconnectlogin'] as const;

/** The socket address `@hono/node-server` hands over as `c.env.incoming`. */
const remoteAddress = (c: Context<AppEnv>): string | undefined =>
  (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming?.socket
    ?.remoteAddress;

/**
 * Scheme 1 (`POST /connect/token`, OAuth 2 client credentials, form-encoded) and scheme 2
 * (`POST /api/2/auth/serviceconnectlogin`, JSON application login). Both take a scope
 * (`Service.Api` when none is asked for) and show the granted one in their answer; both are
 * rate limited per address and per client.
 */
export function registerTokenRoutes(app: Hono<AppEnv>, options: TokenRouteOptions): void {
  const {applications, tokens} = options;
  const limits = options.rateLimits === false ? undefined : options.rateLimits;
  const perAddress =
    options.rateLimits === false
      ? undefined
      : new RateLimiter(
          limits?.perAddress ?? defaultTokenRateLimits.perAddress,
          options.now,
          'rateLimits.perAddress',
        );
  const perClient =
    options.rateLimits === false
      ? undefined
      : new RateLimiter(
          limits?.perClient ?? defaultTokenRateLimits.perClient,
          options.now,
          'rateLimits.perClient',
        );
  /** Throws the scheme's 429 when `decision` refuses. */
  const enforce = (decision: RateDecision | undefined, oauth: boolean, who: string) => {
    if (!decision || decision.allowed) return;
    const message = `Too many token requests from this ${who}; retry after ${decision.retryAfterSeconds} s`;
    const retryAfter = String(decision.retryAfterSeconds);
    throw oauth
      ? new TokenRequestError(Errors.rateLimited, OAuthError.temporarilyUnavailable, message, {
          'Retry-After': retryAfter,
        })
      : new RateLimitedError(message, decision.retryAfterSeconds);
  };

  app.post('/connect/token', async (c) => {
    enforce(perAddress?.take(addressKey(remoteAddress(c))), true, 'address');
    if (mediaType(c.req.raw) !== 'application/x-www-form-urlencoded') {
      throw new TokenRequestError(
        Errors.unsupportedMediaType,
        OAuthError.invalidRequest,
        'The token request must be application/x-www-form-urlencoded',
      );
    }
    const form = new URLSearchParams(await readBodyText(c.req.raw, {limit: 16 * 1024}));
    const grantType = form.get('grant_type');
    if (grantType !== 'client_credentials') {
      throw new TokenRequestError(
        Errors.grantNotSupported,
        grantType ? OAuthError.unsupportedGrantType : OAuthError.invalidRequest,
        grantType
          ? `grant_type ${grantType} is not supported; use client_credentials`
          : 'grant_type is required (client_credentials)',
      );
    }
    const [clientId, secret] = clientCredentials(c.req.header('authorization'), form);
    const application = applications.authenticate(clientId, secret);
    if (!application) {
      throw new TokenRequestError(
        Errors.notAuthorized,
        OAuthError.invalidClient,
        'Unknown client id or wrong secret',
      );
    }
    const scopes = grantedScopes(application, form.get('scope'), (message) => {
      throw new TokenRequestError(Errors.invalidScope, OAuthError.invalidScope, message);
    });
    enforce(perClient?.take(application.clientId), true, 'client');
    const accessToken = tokens.issue(
      application,
      scopes,
      TokenScheme.clientCredentials,
      options.tokenLifetimeSeconds * 1000,
    );
    c.header('Cache-Control', 'no-store');
    // RFC 6749 section 5.1 asks for both, for HTTP/1.0 caches on the way.
    c.header('Pragma', 'no-cache');
    return c.json({
      access_token: accessToken,
      expires_in: options.tokenLifetimeSeconds,
      token_type: 'Bearer',
      scope: formatScope(scopes),
    });
  });

  app.post('/api/2/auth/serviceconnectlogin', async (c) => {
    enforce(perAddress?.take(addressKey(remoteAddress(c))), false, 'address');
    const body = Fields.of(await readJson(c.req.raw, {contentType: 'strict', limit: 16 * 1024}));
    const application = applications.authenticate(body.string('clientId'), body.string('secret'));
    if (!application) {
      throw new ServiceError(Errors.notAuthorized, 'Unknown client id or wrong secret');
    }
    const scopes = grantedScopes(application, body.nullableString('scope'), (message) => {
      throw new ServiceError(Errors.invalidScope, message, {field: 'body.scope'});
    });
    enforce(perClient?.take(application.clientId), false, 'client');
    const accessToken = tokens.issue(
      application,
      scopes,
      TokenScheme.applicationLogin,
      options.loginTokenLifetimeMs,
    );
    c.header('Cache-Control', 'no-store');
    // RFC 6749 section 5.1 asks for both, for HTTP/1.0 caches on the way.
    c.header('Pragma', 'no-cache');
    return c.json({
      accessToken,
      expiresIn: options.loginTokenLifetimeMs,
      scope: formatScope(scopes),
    });
  });
}

/**
 * The scopes to grant: those asked for, each known to the service and allowed to the
 * application, or (when none is asked for) `Service.Api` where the application may have it,
 * else everything it may have. Anything else is refused through `refuse`, never narrowed
 * or widened silently.
 */
function grantedScopes(
  application: Required<IntegrationApplication>,
  requested: string | null,
  refuse: (message: string) => never,
): Scope[] {
  const allowed = application.scopes;
  if (!requested?.trim()) {
    return allowed.includes(Scope.api)
      ? [Scope.api]
      : knownScopes.filter((s) => allowed.includes(s));
  }
  const request = readScopeRequest(requested);
  if (!request.ok) {
    refuse(
      `Unknown scope ${request.unknown
        .slice(0, 3)
        .map((name) => JSON.stringify(name.slice(0, 64)))
        .join(', ')}; the service knows ${knownScopes.join(' and ')}`,
    );
  }
  const denied = request.scopes.filter((scope) => !allowed.includes(scope));
  if (denied.length > 0) {
    refuse(`This application may not be granted ${denied.join(' or ')}`);
  }
  return request.scopes;
}

/** Client credentials from HTTP Basic (RFC 6749 2.3.1) or, as the seed shows, the form. */
function clientCredentials(
  authorization: string | undefined,
  form: URLSearchParams,
): [string, string] {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))];
    }
  }
  const clientId = form.get('client_id');
  const secret = form.get('client_secret');
  if (!clientId || secret === null) {
    throw new TokenRequestError(
      Errors.notAuthorized,
      OAuthError.invalidClient,
      'client_id and client_secret are required',
    );
  }
  return [clientId, secret];
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
