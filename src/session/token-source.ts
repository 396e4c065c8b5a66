import {abortable, withDeadline} from './abort.js';
import {ConfiguratorError} from './errors.js';

/** An access token and the moment it stops being valid. */
export interface AccessToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Where the session gets its bearer token from. */
export interface TokenSource {
  /** A valid token, renewing before expiry; concurrent callers share one request. */
  get(signal?: AbortSignal): Promise<string>;
  /**
   * After a 401: drop the current token (only if it is still `rejected`) and fetch a new one,
   * telling the token's issuer which token the service refused.
   */
  renew(rejected: string, signal?: AbortSignal): Promise<string>;
}

/**
 * What a renewal after a 401 tells the token's issuer. A token endpoint receives it as the
 * body `{"rejected": "<token>"}`; `fetchToken` receives it as its argument.
 */
export interface TokenRequest {
  /** The access token the service refused; the issuer should not hand it out again. */
  rejected?: string;
}

export interface TokenSourceOptions {
  /** Used instead of `globalThis.fetch`; sources are shared per `fetch` and URL. */
  fetch?: typeof fetch;
  /** The clock, in epoch milliseconds; tests move it to reach expiry without waiting. */
  now?: () => number;
  /**
   * How long one token request may take, in milliseconds; then it fails as a retryable
   * `token_failed` rather than keep the configurator waiting. Default 10000.
   */
  timeoutMs?: number;
}

const defaultTimeoutMs = 10_000;

/** The answer shape of `fetchToken`: scheme 1's lifetime unit, seconds. */
export interface FetchedToken {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
}

// A token without a stated lifetime is trusted this long; a 401 still renews it earlier.
const defaultLifetimeMs = 5 * 60_000;
const maxMarginMs = 30_000;

interface Loading {
  promise: Promise<AccessToken>;
  /** The rejected token this request reports, if any. */
  rejected: string | undefined;
}

const tokenFailed = (message: string, status: number | null, retryable: boolean, cause?: unknown) =>
  new ConfiguratorError('token_failed', message, {status, retryable, cause});

/**
 * Keeps one token in memory and renews it a margin before expiry: 10% of its lifetime, at
 * most 30 s, so a token never expires on its way to the service. One request runs at a time,
 * shared by every caller, under a deadline: its signal aborts then, and the answer does not
 * wait for work that ignores it (a host's `fetchToken` that never settles), since a token
 * source that hangs would leave the skeleton up forever. `what` names the source in messages;
 * a failure that is not already a {@link ConfiguratorError} is a retryable `token_failed`
 * saying `failed`. `load` answers the token in a token endpoint's JSON.
 */
export function cachedTokenSource(
  what: string,
  failed: string,
  options: Pick<TokenSourceOptions, 'now' | 'timeoutMs'>,
  load: (request: TokenRequest, signal: AbortSignal) => Promise<unknown>,
): TokenSource {
  const {now = Date.now, timeoutMs = defaultTimeoutMs} = options;
  let current: (AccessToken & {renewAt: number}) | null = null;
  let loading: Loading | null = null;

  /**
   * `get` without `rejected`; `renew` after a 401 with the refused token, which is dropped
   * (only if it is still the current one: several requests rejected with the same token must
   * cause one renewal, not one each) and reported to the issuer.
   */
  const token = async (
    rejected?: string,
    signal?: AbortSignal,
    again?: boolean,
  ): Promise<string> => {
    if (current?.accessToken === rejected) current = null;
    if (current && now() < current.renewAt) return current.accessToken;
    const issuedAt = now();
    // One request at a time, shared by every caller, so not tied to any caller's signal.
    const request = (loading ??= {
      rejected,
      promise: withDeadline(timeoutMs, (signal) => load({rejected}, signal))
        .then(
          (body) => {
            const token = parseTokenAnswer(body, now());
            const lifetime = Math.max(0, token.expiresAt - issuedAt);
            current = {...token, renewAt: token.expiresAt - Math.min(maxMarginMs, lifetime / 10)};
            return token;
          },
          (error: unknown) => {
            if (error instanceof ConfiguratorError) throw error;
            const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
            throw tokenFailed(
              timedOut ? `${what} did not answer within ${timeoutMs} ms` : failed,
              null,
              true,
              error,
            );
          },
        )
        .finally(() => (loading = null)),
    });
    const {accessToken} = await abortable(request.promise, signal);
    // A renewal already under way that did not carry the report may bring back the very token
    // the service refused (the issuer's cache still holds it): report it once more, now.
    return accessToken !== rejected || request.rejected === rejected || again
      ? accessToken
      : token(rejected, signal, true);
  };
  return {get: (signal) => token(undefined, signal), renew: token};
}

/**
 * Reads a token endpoint's JSON answer. The field names tell the scheme: scheme 1 sends
 * `{access_token, expires_in}` in seconds, scheme 2 `{accessToken, expiresIn}` in milliseconds.
 */
export function parseTokenAnswer(body: unknown, now: number): AccessToken {
  // Anything but an object (null, a list, a string) has no token field: refused below. `Object`
  // makes null an empty object, and leaves an object as it is.
  const answer = Object(body) as Record<string, unknown>;
  const scheme1 = typeof answer.access_token === 'string';
  const token = scheme1 ? answer.access_token : answer.accessToken;
  const lifetime = scheme1 ? answer.expires_in : answer.expiresIn;
  const lifetimeMs = Number(lifetime) * (scheme1 ? 1000 : 1);
  // A header value can carry only visible ASCII: anything else would fail every request later,
  // looking like a network error.
  if (typeof token !== 'string' || !/^[\x21-\x7e]{1,8192}$/.test(token)) {
    throw tokenFailed('The token endpoint answered without a usable access token', 200, false);
  }
  // A lifetime that is missing or not a number is the default.
  const ms = lifetime != null && Number.isFinite(lifetimeMs) ? lifetimeMs : defaultLifetimeMs;
  return {accessToken: token, expiresAt: now + Math.max(0, ms)};
}

// Sources by `fetch` and then by key; the page's own fetch is filed under the map itself.
const shared = new WeakMap<object, Map<string, TokenSource>>();

/**
 * The page's one cached source (see {@link cachedTokenSource}) for `key` and `options.fetch`,
 * made the first time; `load` gets the fetch to use. The seam of the publishable-key source,
 * which sits beside the session file (publishable-key-source.ts).
 * @internal
 */
export function sharedTokenSource(
  key: string,
  what: string,
  failed: string,
  options: TokenSourceOptions,
  load: (request: TokenRequest, signal: AbortSignal, doFetch: typeof fetch) => Promise<unknown>,
): TokenSource {
  const {fetch: doFetch} = options;
  const registry = shared.get(doFetch ?? shared) ?? new Map<string, TokenSource>();
  shared.set(doFetch ?? shared, registry);
  let source = registry.get(key);
  if (!source) {
    source = cachedTokenSource(what, failed, options, (request, signal) =>
      load(request, signal, doFetch ?? globalThis.fetch),
    );
    registry.set(key, source);
  }
  return source;
}

/**
 * The token source of a `token-endpoint`: shared per endpoint URL across every element on the
 * page (module-level map). POSTs with credentials 'same-origin', Accept: application/json;
 * accepts `{access_token, expires_in (s)}` or `{accessToken, expiresIn (ms)}`. A renewal after
 * a 401 sends the body `{"rejected": "<token>"}` (as `text/plain`) so the endpoint can drop a
 * token it still caches; other requests send no body. Never stores the token anywhere but
 * memory.
 */
export function endpointTokenSource(url: string, options: TokenSourceOptions = {}): TokenSource {
  let key = url;
  try {
    key = new URL(url, (globalThis as {location?: {href?: string}}).location?.href).href;
  } catch {
    // Not a URL even against the page's address: shared under what was given.
  }
  return sharedTokenSource(
    key,
    'The token endpoint',
    'The token endpoint could not be reached',
    options,
    async ({rejected}, signal, doFetch) => {
      const report = rejected !== undefined;
      // Only the fetch's own failure is left to `failed` above: what follows says what it is.
      const response = await doFetch(key, {
        method: 'POST',
        credentials: 'same-origin',
        signal,
        // JSON labelled text/plain keeps the POST a CORS simple request: an endpoint on another
        // origin that answers no preflight, or one that ignores bodies, works as before.
        headers: {
          Accept: 'application/json',
          ...(report && {'Content-Type': 'text/plain;charset=UTF-8'}),
        },
        body: report ? JSON.stringify({rejected}) : undefined,
      });
      const {status, ok} = response;
      if (status === 404 || status === 405) {
        await response.body?.cancel();
        throw new ConfiguratorError(
          'token_endpoint_not_found',
          `The token endpoint answered ${status}: no token route at that URL`,
          {status},
        );
      }
      // Read when it matters: the token, or the code of an error that says what is wrong.
      const body: unknown = await response.json().catch((error: unknown) => {
        if (ok) throw tokenFailed('The token endpoint did not answer JSON', status, false, error);
      });
      if (ok) return body;
      const code = (body as {code?: unknown} | null)?.code;
      // The helper's own credentials or scope are wrong: asking again gets the same answer.
      if (code === 'upstream_rejected') {
        throw new ConfiguratorError(
          'token_credentials_rejected',
          "The token endpoint's authorization server refused its credentials",
          {status, serviceCode: code},
        );
      }
      if (
        typeof code === 'string' &&
        /^upstream_(scope_refused|scope_widened|invalid_response)$/.test(code)
      ) {
        throw new ConfiguratorError('token_failed', `The token endpoint answered ${code}`, {
          status,
          serviceCode: code,
        });
      }
      if (code === 'origin_not_allowed') {
        throw new ConfiguratorError(
          'origin_not_allowed',
          "The token endpoint refused this page's origin",
          {
            status,
            serviceCode: 'origin_not_allowed',
            details: {refusedBy: 'token-endpoint'},
          },
        );
      }
      throw tokenFailed(
        `The token endpoint answered ${status}`,
        status,
        status === 429 || status >= 500,
      );
    },
  );
}

/**
 * Wraps the contract's `fetchToken: () => Promise<{accessToken, expiresIn}>`, where
 * `expiresIn` is in seconds. The token is kept in memory and renewed like an endpoint's.
 * A renewal after a 401 calls `fetchToken({rejected})` with the refused token, so a function
 * that caches tokens itself can drop that one; other calls pass no argument.
 */
export function functionTokenSource(
  fetchToken: (request?: TokenRequest) => Promise<FetchedToken>,
  options: Pick<TokenSourceOptions, 'now' | 'timeoutMs'> = {},
): TokenSource {
  return cachedTokenSource('fetchToken', 'fetchToken failed', options, async ({rejected}) => {
    const answer = await (rejected === undefined ? fetchToken() : fetchToken({rejected}));
    return {accessToken: answer?.accessToken, expiresIn: Number(answer?.expiresIn) * 1000};
  });
}
