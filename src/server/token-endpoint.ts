// The host backend's token endpoint: web-standard `Request -> Response`, so it runs in Node
// (through ./node-adapter.ts), in Express, and in any fetch-style runtime. Never imported by
// the browser entry points; scripts/check-bundle-secrets.mjs proves it.
import {addressKey} from './address-key.js';
import {OriginPolicy} from './origin-policy.js';
import {RateLimiter, type RateLimit} from './rate-limiter.js';
import {
  prepareSessionStart,
  startSession,
  type PreparedSessionStart,
  type SessionStartOptions,
} from './session-start.js';
import {TokenCache} from './token-cache.js';
import {
  TokenEndpointError,
  TokenEndpointErrors,
  TokenEndpointLogCode,
  type TokenEndpointErrorCode,
} from './token-endpoint-error.js';
import {readTokenRequest} from './token-request-body.js';
import {
  prepareUpstreamRequest,
  requestUpstreamToken,
  type UpstreamScheme,
} from './upstream-token.js';
import type {TokenEndpointContext, TokenEndpointHandler} from './token-endpoint-handler.js';

export {toNodeHandler} from './node-adapter.js';
export type {NodeRequestLike, NodeResponseLike} from './node-adapter.js';
export type {RateLimit} from './rate-limiter.js';
export type {SessionStartOptions} from './session-start.js';
export type {StartRequest} from './token-request-body.js';
export type {TokenEndpointContext, TokenEndpointHandler} from './token-endpoint-handler.js';
export {
  TokenEndpointError,
  TokenEndpointErrorCode,
  TokenEndpointErrors,
} from './token-endpoint-error.js';
export type {TokenEndpointErrorRow} from './token-endpoint-error.js';
export {shopperScope} from './upstream-token.js';
export {
  verifyConfiguration,
  type SignedConfiguration,
  type SignedConfigurationLine,
  type VerifyConfigurationOptions,
} from './verify-configuration.js';
export {ConfigurationKeys, type ConfigurationKeysOptions} from './configuration-keys.js';
export {
  ConfigurationVerificationError,
  ConfigurationVerificationErrorCode,
} from './configuration-verification-error.js';
export type {
  ApplicationLoginScheme,
  ClientCredentialsScheme,
  UpstreamScheme,
} from './upstream-token.js';

/** One line for the operator. Never carries the secret, a token or an upstream body. */
export interface TokenEndpointLogEntry {
  level: 'warn' | 'error';
  code: TokenEndpointErrorCode | TokenEndpointLogCode;
  message: string;
}

/** The 200 answer: the contract's scheme-1 shape, `expires_in` being what is left, in seconds. */
export interface TokenEndpointBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  /**
   * With `startSessions` set, when the page asked for a start (`{"start": {model, lang}}`, or
   * `{configuration, lang}` to open one) and the service gave it: the service's answer to
   * `GET api/3/configurator/new/{model}?lang=` (or the versioned API's `open/{configuration}`)
   * made with `access_token`. The page takes it as that request's answer.
   */
  configuration?: object;
}

/** Everything but the credentials. */
export interface TokenEndpointBaseOptions {
  /**
   * Origins of the pages that may ask for a token, like `https://shop.example`. A request from
   * any other origin is answered 403 `origin_not_allowed`. Wildcards are refused.
   */
  allowedOrigins: readonly string[];
  /**
   * Per-caller token bucket; `false` turns it off (only when something in front limits
   * instead). Default: a burst of 20, then 60 a minute.
   */
  rateLimit?: RateLimit | false;
  /**
   * The rate-limit key of a request. Default: `context.clientAddress`, or the socket address
   * `@hono/node-server` hands over; without either, all callers share one bucket. Behind a
   * proxy you trust, read its header (for example the first `X-Forwarded-For` entry).
   */
  getClientKey?: (
    request: Request,
    context: TokenEndpointContext | undefined,
  ) => string | undefined;
  /**
   * A cached token is renewed this many seconds before it expires (capped at half its
   * lifetime, so short-lived tokens are still reused). Default 60.
   */
  renewBeforeExpirySeconds?: number;
  /**
   * A caller that reports the cached token as rejected (`{"rejected": "<token>"}`) makes the
   * helper drop it and ask for a new one, but only once the helper has held it this many
   * seconds: across all callers, reports cannot cause more than one upstream request per
   * this interval. Default 10; 0 honours every report of the live token.
   */
  rejectedTokenMinAgeSeconds?: number;
  /** How long to wait for the authorization server, in milliseconds. Default 10000. */
  upstreamTimeoutMs?: number;
  /**
   * Starts (or opens) the configurator session a page asks for with its token, in the same
   * request (the page says `{"start": {"model" or "configuration", "lang"}}` in the body, as the
   * element does when it has no token yet), and answers the service's answer as
   * `configuration`: the page's start-up then takes one round trip instead of two. `apiUrl` is
   * the service's `{base_url}`. Off by default; a start that fails in any way leaves the token
   * answer as it is.
   */
  startSessions?: SessionStartOptions;
  /** Allow a plain-HTTP authorization server on another machine. Default: loopback only. */
  allowHttp?: boolean;
  /**
   * The `fetch` used to reach the authorization server (and, with `startSessions`, the
   * service). Default: the global one.
   */
  fetch?: typeof fetch;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Where operator messages go. Default: `console.warn` / `console.error`. */
  log?: (entry: TokenEndpointLogEntry) => void;
}

/**
 * Options of {@link createTokenEndpoint}: the scheme the service's integration uses (`scheme`
 * picks which fields apply) and the checks on callers.
 */
export type TokenEndpointOptions = UpstreamScheme & TokenEndpointBaseOptions;

const defaultLog = (entry: TokenEndpointLogEntry) =>
  (entry.level === 'error' ? console.error : console.warn)(
    `[token-endpoint] ${entry.code}: ${entry.message}`,
  );

/**
 * Creates the endpoint that hands the page a short-lived access token while the integration's
 * secret stays on the server. It answers `POST` only, checks the caller's origin and rate,
 * caches one token until shortly before it expires (or until a caller reports that very token
 * as refused by the service, with the body `{"rejected": "<token>"}`), and makes a single
 * upstream request however many callers arrive at once. Answers carry `Cache-Control: no-store`; errors are JSON
 * `{code, message}` with the codes of {@link TokenEndpointErrorCode}.
 *
 * @throws TypeError when an option is missing or malformed (the message names the option,
 *   never its value).
 */
export function createTokenEndpoint(options: TokenEndpointOptions): TokenEndpointHandler {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('token endpoint: options are required');
  }
  const upstream = prepareUpstreamRequest(options, options.allowHttp);
  const secret = options.scheme === 'client-credentials' ? options.clientSecret : options.secret;
  const log = redacting(options.log ?? defaultLog, secret);
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = numberOption(options.upstreamTimeoutMs, 10_000, 'upstreamTimeoutMs', 1);
  const renewBeforeSeconds = numberOption(
    options.renewBeforeExpirySeconds,
    60,
    'renewBeforeExpirySeconds',
    0,
  );
  const rejectedMinAgeSeconds = numberOption(
    options.rejectedTokenMinAgeSeconds,
    10,
    'rejectedTokenMinAgeSeconds',
    0,
  );
  const starts: PreparedSessionStart | undefined =
    options.startSessions &&
    prepareSessionStart(
      options.startSessions,
      options.allowHttp === true,
      numberOption(options.startSessions.timeoutMs, 3000, 'startSessions.timeoutMs', 1),
    );
  const origins = new OriginPolicy(options.allowedOrigins);
  const limiter =
    options.rateLimit === false
      ? undefined
      : new RateLimiter(options.rateLimit ?? {}, now, 'token endpoint: rateLimit');
  const getClientKey = options.getClientKey ?? defaultClientKey;
  if (upstream.scope.split(' ').includes('Service.Api')) {
    log({
      level: 'warn',
      code: TokenEndpointLogCode.wideScope,
      message:
        'scope Service.Api reaches every API of the tenant (customers, quotations, webhooks) and is handed to every page that asks; a shop needs only Service.Configurator',
    });
  }
  const cache = new TokenCache({
    load: () => requestUpstreamToken(upstream, {fetch: fetchImpl, timeoutMs}),
    now,
    renewBeforeMs: renewBeforeSeconds * 1000,
    rejectedMinAgeMs: rejectedMinAgeSeconds * 1000,
  });
  let warnedNoKey = false;

  const handle = async (
    request: Request,
    context: TokenEndpointContext | undefined,
    headers: Record<string, string>,
  ) => {
    const method = request.method.toUpperCase();
    const preflight = method === 'OPTIONS' && request.headers.has('access-control-request-method');
    if (method !== 'POST' && !preflight) {
      throw new TokenEndpointError(
        TokenEndpointErrors.methodNotAllowed,
        'The token endpoint answers POST only',
        {headers: {allow: 'POST'}},
      );
    }
    const origin = origins.check(request);
    if (!origin.allowed) {
      // The refusal carries the page's origin so the widget can read it and say what is wrong
      // ("could not be reached" would send the host looking at the network); it holds no token.
      const refused = request.headers.get('origin');
      if (refused && refused !== 'null' && !preflight) {
        headers['access-control-allow-origin'] = refused;
      }
      throw new TokenEndpointError(
        TokenEndpointErrors.originNotAllowed,
        'This origin may not request configurator tokens',
      );
    }
    if (origin.corsOrigin) headers['access-control-allow-origin'] = origin.corsOrigin;
    if (preflight) return preflightResponse(request, headers);

    if (limiter) {
      let key = getClientKey(request, context);
      if (!key) {
        key = '';
        if (!warnedNoKey) {
          warnedNoKey = true;
          log({
            level: 'warn',
            code: TokenEndpointLogCode.noClientKey,
            message:
              'no client address known: all callers share one rate-limit bucket; set getClientKey',
          });
        }
      }
      // An IPv6 caller is counted by its /64, whatever gave its address.
      const decision = limiter.take(key && addressKey(key));
      if (!decision.allowed) {
        throw new TokenEndpointError(
          TokenEndpointErrors.rateLimited,
          'Too many token requests; retry later',
          {headers: {'retry-after': String(decision.retryAfterSeconds)}},
        );
      }
    }

    const {rejected, start} = await readTokenRequest(request);
    const {token: pending, rejection} = cache.get(rejected);
    if (rejection === 'renewed') {
      log({
        level: 'warn',
        code: TokenEndpointLogCode.tokenRejected,
        message: 'a caller reported the cached token as refused by the service; renewing it early',
      });
    }
    const token = await pending;
    // Started before the lifetime is counted, so that `expires_in` leaves the start's time out.
    const outcome =
      starts && start
        ? await startSession(starts, token.accessToken, start, fetchImpl, origin.corsOrigin)
        : undefined;
    const body: TokenEndpointBody = {
      access_token: token.accessToken,
      token_type: 'Bearer',
      // Never 0: a caller told "0 seconds left" would ask again at once.
      expires_in: Math.max(1, Math.floor((token.expiresAt - now()) / 1000)),
    };
    if (outcome && 'answer' in outcome) {
      // Last: the element cuts it out of the answer's text as written, parsed once, by the
      // session (src/session/start-with-token.ts).
      body.configuration = outcome.answer;
      return compressible(request, JSON.stringify(body), headers);
    }
    if (outcome) {
      log({
        level: 'warn',
        code: TokenEndpointLogCode.sessionNotStarted,
        message: `the page's session was left for the page to start: ${outcome.reason}`,
      });
    }
    return Response.json(body, {headers});
  };

  return async (request, context) => {
    // Every answer, errors included, must stay out of caches: a token is per moment, not per URL.
    const headers: Record<string, string> = {'cache-control': 'no-store', vary: 'Origin'};
    try {
      return await handle(request, context, headers);
    } catch (error) {
      if (error instanceof TokenEndpointError) {
        if (error.detail) log({level: 'warn', code: error.code, message: error.detail});
        return error.toResponse(headers);
      }
      log({
        level: 'error',
        code: TokenEndpointErrors.internal.code,
        message: `unexpected ${error instanceof Error ? error.name : typeof error}`,
      });
      return new TokenEndpointError(
        TokenEndpointErrors.internal,
        'The token endpoint failed unexpectedly',
      ).toResponse(headers);
    }
  };
}

function numberOption(value: number | undefined, fallback: number, name: string, min: number) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new TypeError(`token endpoint: \`${name}\` must be a number of at least ${min}`);
  }
  return value;
}

function defaultClientKey(_request: Request, context: TokenEndpointContext | undefined) {
  return context?.clientAddress ?? context?.incoming?.socket?.remoteAddress;
}

/**
 * A JSON answer, gzip-compressed when the page accepts it: one that carries a session is tens
 * of kilobytes (the Office Chair's is 39 KB, 5 KB compressed), and the host's server may not
 * compress it (nginx, for one, leaves proxied answers alone by default). A host's compression
 * middleware leaves an answer that already has a `Content-Encoding` as it is.
 */
function compressible(request: Request, json: string, headers: Record<string, string>) {
  const accepted = /(^|[\s,])gzip(?!\s*;\s*q=0(\.0*)?\s*(,|$))/i.test(
    request.headers.get('accept-encoding') ?? '',
  );
  const type = {'content-type': 'application/json'};
  if (!accepted || typeof CompressionStream !== 'function') {
    return new Response(json, {headers: {...headers, ...type}});
  }
  const body = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(body, {
    headers: {...headers, ...type, 'content-encoding': 'gzip', vary: 'Origin, Accept-Encoding'},
  });
}

function preflightResponse(request: Request, headers: Record<string, string>): Response {
  const requested = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-methods': 'POST',
      ...(requested ? {'access-control-allow-headers': requested} : {}),
      'access-control-max-age': '600',
    },
  });
}

// The messages are written to hold no secret; this is the net under that promise, in case a
// runtime's error detail ever quotes a request.
function redacting(log: (entry: TokenEndpointLogEntry) => void, secret: string) {
  const forms = [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({s: secret}).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ]),
  ];
  return (entry: TokenEndpointLogEntry) => {
    let message = entry.message;
    for (const form of forms) message = message.split(form).join('[redacted]');
    log({...entry, message});
  };
}
