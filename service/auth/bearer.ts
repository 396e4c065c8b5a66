import type {MiddlewareHandler} from 'hono';
import {Errors} from '../errors.js';
import {BearerError, InsufficientScopeError} from './auth-error.js';
import type {AppEnv} from './principal.js';
import {requiredScope, scopesAllow} from './shopper-routes.js';
import type {Tokens} from './tokens.js';

/**
 * Demands `Authorization: Bearer <token>` on every call except those `isPublic` names, checks
 * that the token's scope reaches the operation (403 `insufficient_scope` otherwise), and puts
 * the caller's principal on the context. The path checked is the one the router matches.
 */
export function requireBearer(
  tokens: Tokens,
  isPublic: (path: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || isPublic(c.req.path)) return next();
    // A page's publishable key in the tenant header was admitted already (service/embed-keys).
    if (c.get('principal')) return next();
    const header = c.req.header('authorization');
    if (!header) {
      throw new BearerError(Errors.tokenMissing, 'Send Authorization: Bearer <access token>');
    }
    const token = bearerToken(header);
    if (token === undefined) {
      throw new BearerError(Errors.tokenInvalid, 'The Authorization header is not a Bearer token');
    }
    const check = tokens.check(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new BearerError(Errors.tokenExpired, 'The access token has expired; request a new one')
        : new BearerError(Errors.tokenInvalid, 'The access token is not known to the service');
    }
    const {principal} = check;
    if (!scopesAllow(principal.scopes, c.req.method, c.req.path)) {
      const required = requiredScope(c.req.method, c.req.path);
      throw new InsufficientScopeError(
        required,
        `This operation needs a token with the scope ${required}; this one has ${principal.scopes.join(' ')}`,
      );
    }
    c.set('principal', principal);
    return next();
  };
}

/** The token of an `Authorization: Bearer <token>` value, or undefined for another form. */
export function bearerToken(header: string): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}
