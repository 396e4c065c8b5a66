import type {MiddlewareHandler} from 'hono';
import {ErrorCode} from '../errors.js';
import {BearerError} from './auth-error.js';
import type {AppEnv} from './principal.js';
import type {Tokens} from './tokens.js';

/**
 * Demands `Authorization: Bearer <token>` on every call except those `isPublic` names, and
 * puts the caller's principal on the context.
 */
export function requireBearer(
  tokens: Tokens,
  isPublic: (path: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || isPublic(c.req.path)) return next();
    const header = c.req.header('authorization');
    if (!header) {
      throw new BearerError(ErrorCode.tokenMissing, 'Send Authorization: Bearer <access token>');
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw new BearerError(
        ErrorCode.tokenInvalid,
        'The Authorization header is not a Bearer token',
      );
    }
    const check = tokens.check(match[1]!);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new BearerError(ErrorCode.tokenExpired, 'The access token has expired; request a new one')
        : new BearerError(ErrorCode.tokenInvalid, 'The access token is not known to the service');
    }
    c.set('principal', check.principal);
    return next();
  };
}
