import type {MiddlewareHandler} from 'hono';
import {Errors, ServiceError} from '../errors.js';

/** Origins allowed to call the service from a browser: `'*'` or a list of exact origins. */
export type AllowedOrigins = '*' | readonly string[];

const allowMethods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'].join(',');
// `x-elfsquad-id` (and `x-elfsquad-domain`) are what the vendor's client sends in its anonymous
// mode: the tenant header carries a publishable key (service/embed-keys).
const allowHeaders = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'X-Elfsquad-Id',
  'X-Elfsquad-Domain',
  // A quote request a client may retry safely (service/quotations/quote-replay.ts).
  'Idempotency-Key',
  // A client revalidating a picture it holds (decision 112).
  'If-None-Match',
].join(',');
// `ETag`: which drawing a picture is, read by the widget to file it under its key (decision 112).
export const exposeHeaders = [
  'Location',
  'WWW-Authenticate',
  'Content-Length',
  'Retry-After',
  'ETag',
].join(',');
const maxAge = '600';

/**
 * CORS for browsers on other origins (the widget is embedded on shop pages). Bearer tokens
 * travel in a header, never in cookies, so credentials stay off and `*` is safe. Registered
 * first, so preflights never meet authentication and error answers carry the headers too.
 *
 * With a list, the service's own origin is always allowed (its demo pages), and a page on any
 * other origin gets a 403 `origin_not_allowed` it can read: the preflight lets every origin
 * through and the refusal carries the CORS headers, so the widget can say what is wrong
 * instead of "could not be reached". Nothing but the refusal is ever answered to such a page.
 *
 * Hono's own `cors` writes its headers into `c.res` before the handler runs, which makes Hono
 * copy the handler's answer into a new Response afterwards; on Node that turned every answer
 * into a stream read back chunk by chunk (about a tenth of a small update's CPU time). These
 * headers go onto the final answer instead, which stays the adapter's lightweight Response.
 */
export function corsMiddleware(
  allowed: AllowedOrigins = '*',
  alsoAllowed: (origin: string, path: string) => boolean = () => false,
): MiddlewareHandler {
  const policy = corsPolicy(allowed);
  const {list} = policy;
  return async function cors(c, next) {
    const requestOrigin = c.req.header('origin');
    // With a list, only an allowed origin is echoed back; refused ones get the readable 403.
    const origin = policy.answerOrigin(requestOrigin);
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers();
      // Refused origins pass the preflight only so that the refusal itself can be read.
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      if (list) headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', maxAge);
      headers.set('Access-Control-Allow-Methods', allowMethods);
      headers.set('Access-Control-Allow-Headers', allowHeaders);
      headers.append('Vary', 'Access-Control-Request-Headers');
      return new Response(null, {headers, status: 204, statusText: 'No Content'});
    }
    // `alsoAllowed`: pages an embed key lists, which check their own origin (service/embed-keys).
    if (
      requestOrigin &&
      !policy.isAllowed(requestOrigin, c.req.url) &&
      !alsoAllowed(requestOrigin, c.req.path)
    ) {
      return new ServiceError(
        Errors.originNotAllowed,
        `Pages from ${requestOrigin} may not call this service; add the origin to ALLOWED_ORIGINS`,
      ).toResponse({
        'access-control-allow-origin': requestOrigin,
        'access-control-expose-headers': exposeHeaders,
        vary: 'Origin',
      });
    }
    await next();
    try {
      policy.decorate(c.res.headers, origin);
    } catch {
      // An answer with immutable headers (one fetched elsewhere) is copied once.
      c.res = new Response(c.res.body, c.res);
      policy.decorate(c.res.headers, origin);
    }
  };
}

/** Which origins a service allows, and the headers its answers carry for them. */
export interface CorsPolicy {
  /** The allowed origins, or undefined for any. */
  readonly list: ReadonlySet<string> | undefined;
  /** `Access-Control-Allow-Origin` for a request from `requestOrigin`; undefined for none. */
  answerOrigin(requestOrigin: string | undefined): string | undefined;
  /** Whether a page on `origin` may call the service at `url` (its own origin always may). */
  isAllowed(origin: string, url: string): boolean;
  /** Adds the headers every answer but a preflight and a refusal carries. */
  decorate(headers: Headers, origin: string | undefined): void;
}

/** The CORS rules of {@link corsMiddleware}, shared with the update route's fast path. */
export function corsPolicy(allowed: AllowedOrigins = '*'): CorsPolicy {
  const list = allowed === '*' ? undefined : new Set(allowed);
  return {
    list,
    answerOrigin: (requestOrigin) => (list === undefined ? '*' : requestOrigin),
    isAllowed: (origin, url) =>
      list === undefined || list.has(origin) || origin === new URL(url).origin,
    decorate(headers, origin) {
      // An answer for one origin alone (a publishable key's token) keeps its own.
      if (origin && !headers.has('Access-Control-Allow-Origin')) {
        headers.set('Access-Control-Allow-Origin', origin);
      }
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      if (list) headers.append('Vary', 'Origin');
    },
  };
}

/** Parses `ALLOWED_ORIGINS`: a comma list of origins, or empty / `*` for any origin. */
export function parseAllowedOrigins(value: string | undefined): AllowedOrigins {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || entries.includes('*')) return '*';
  return entries.map(originOf);
}

/**
 * An entry of `ALLOWED_ORIGINS` as the browser writes the page's `Origin` (lower-case host, no
 * default port), or a `TypeError` naming it: an entry that could never equal an `Origin`
 * (`localhost:3000`, a path, a wildcard host) would refuse its pages without a word.
 */
function originOf(entry: string): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  const origin =
    url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password &&
    !url.hostname.includes('*')
      ? url.origin
      : undefined;
  if (!origin) {
    throw new TypeError(
      `"${entry}" is not an origin: write the scheme, host and port of the page, like https://shop.example or http://localhost:3000, without a path`,
    );
  }
  return origin;
}
