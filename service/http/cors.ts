import type {MiddlewareHandler} from 'hono';
import {cors} from 'hono/cors';

/** Origins allowed to call the service from a browser: `'*'` or a list of exact origins. */
export type AllowedOrigins = '*' | readonly string[];

/**
 * CORS for browsers on other origins (the widget is embedded on shop pages). Bearer tokens
 * travel in a header, never in cookies, so credentials stay off and `*` is safe by default.
 * Registered first, so preflights never meet authentication and error answers carry the
 * headers too.
 */
export function corsMiddleware(allowed: AllowedOrigins = '*'): MiddlewareHandler {
  return cors({
    origin: allowed === '*' ? '*' : [...allowed],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    exposeHeaders: ['Location', 'WWW-Authenticate', 'Content-Length', 'Retry-After'],
    maxAge: 600,
  });
}

/** Parses `ALLOWED_ORIGINS`: a comma list of origins, or empty / `*` for any origin. */
export function parseAllowedOrigins(value: string | undefined): AllowedOrigins {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return origins.length === 0 || origins.includes('*') ? '*' : origins;
}
