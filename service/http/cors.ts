import type {MiddlewareHandler} from 'hono';
import {cors} from 'hono/cors';
import {ErrorCode, ServiceError} from '../errors.js';

/** Origins allowed to call the service from a browser: `'*'` or a list of exact origins. */
export type AllowedOrigins = '*' | readonly string[];

const exposeHeaders = ['Location', 'WWW-Authenticate', 'Content-Length', 'Retry-After'];

/**
 * CORS for browsers on other origins (the widget is embedded on shop pages). Bearer tokens
 * travel in a header, never in cookies, so credentials stay off and `*` is safe. Registered
 * first, so preflights never meet authentication and error answers carry the headers too.
 *
 * With a list, the service's own origin is always allowed (its demo pages), and a page on any
 * other origin gets a 403 `origin_not_allowed` it can read: the preflight lets every origin
 * through and the refusal carries the CORS headers, so the widget can say what is wrong
 * instead of "could not be reached". Nothing but the refusal is ever answered to such a page.
 */
export function corsMiddleware(allowed: AllowedOrigins = '*'): MiddlewareHandler {
  const list = allowed === '*' ? null : new Set(allowed);
  const isAllowed = (origin: string, url: string) =>
    list === null || list.has(origin) || origin === new URL(url).origin;
  const handler = cors({
    // Refused origins pass the preflight only so that the refusal itself can be read.
    origin: list === null ? '*' : (origin) => origin || null,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    exposeHeaders,
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && c.req.method !== 'OPTIONS' && !isAllowed(origin, c.req.url)) {
      return new ServiceError(
        403,
        ErrorCode.originNotAllowed,
        `Pages from ${origin} may not call this service; add the origin to ALLOWED_ORIGINS`,
      ).toResponse({
        'access-control-allow-origin': origin,
        'access-control-expose-headers': exposeHeaders.join(','),
        vary: 'Origin',
      });
    }
    return handler(c, next);
  };
}

/** Parses `ALLOWED_ORIGINS`: a comma list of origins, or empty / `*` for any origin. */
export function parseAllowedOrigins(value: string | undefined): AllowedOrigins {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return origins.length === 0 || origins.includes('*') ? '*' : origins;
}
