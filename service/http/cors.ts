import type {MiddlewareHandler} from 'hono';

/** Origins allowed to call the service from a browser: `'*'` or a list of exact origins. */
export type AllowedOrigins = '*' | readonly string[];

const allowMethods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'].join(',');
const allowHeaders = ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'].join(',');
const exposeHeaders = ['Location', 'WWW-Authenticate', 'Content-Length', 'Retry-After'].join(',');
const maxAge = '600';

/**
 * CORS for browsers on other origins (the widget is embedded on shop pages). Bearer tokens
 * travel in a header, never in cookies, so credentials stay off and `*` is safe by default.
 * Registered first, so preflights never meet authentication and error answers carry the
 * headers too.
 *
 * Hono's own `cors` writes its headers into `c.res` before the handler runs, which makes Hono
 * copy the handler's answer into a new Response afterwards; on Node that turned every answer
 * into a stream read back chunk by chunk (about a tenth of a small update's CPU time). These
 * headers go onto the final answer instead, which stays the adapter's lightweight Response.
 */
export function corsMiddleware(allowed: AllowedOrigins = '*'): MiddlewareHandler {
  const list = allowed === '*' ? undefined : new Set(allowed);
  const allowOrigin = (origin: string | undefined) =>
    list === undefined ? '*' : origin !== undefined && list.has(origin) ? origin : undefined;
  return async function cors(c, next) {
    const origin = allowOrigin(c.req.header('origin'));
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers();
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      if (list) headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', maxAge);
      headers.set('Access-Control-Allow-Methods', allowMethods);
      headers.set('Access-Control-Allow-Headers', allowHeaders);
      headers.append('Vary', 'Access-Control-Request-Headers');
      return new Response(null, {headers, status: 204, statusText: 'No Content'});
    }
    await next();
    let headers: Headers;
    try {
      headers = c.res.headers;
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
    } catch {
      // An answer with immutable headers (one fetched elsewhere) is copied once.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
    }
    headers.set('Access-Control-Expose-Headers', exposeHeaders);
    if (list) headers.append('Vary', 'Origin');
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
