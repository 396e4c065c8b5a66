import {abortable, withDeadline} from './abort.js';
import {ConfiguratorError, ErrorCode} from './errors.js';

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

/**
 * Keeps one token in memory and renews it a margin before expiry: 10% of its lifetime, at
 * most 30 s, so a token never expires on its way to the service.
 */
class CachedTokenSource implements TokenSource {
  #load: (request: TokenRequest) => Promise<AccessToken>;
  #now: () => number;
  #current: (AccessToken & {renewAt: number}) | null = null;
  #loading: Loading | null = null;

  constructor(load: (request: TokenRequest) => Promise<AccessToken>, now: () => number) {
    this.#load = load;
    this.#now = now;
  }

  get(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#now() < current.renewAt) return Promise.resolve(current.accessToken);
    return abortable(this.#fetch({}).promise, signal).then((token) => token.accessToken);
  }

  async renew(rejected: string, signal?: AbortSignal): Promise<string> {
    // Several requests rejected with the same token must cause one renewal, not one each.
    if (this.#current?.accessToken === rejected) this.#current = null;
    const current = this.#current;
    if (current && this.#now() < current.renewAt) return current.accessToken;
    const loading = this.#fetch({rejected});
    const token = (await abortable(loading.promise, signal)).accessToken;
    // A renewal already under way that did not carry the report may bring back the very token
    // the service refused (the issuer's cache still holds it): report it once more, now.
    if (token !== rejected || loading.rejected === rejected) return token;
    if (this.#current?.accessToken === rejected) this.#current = null;
    return (await abortable(this.#fetch({rejected}).promise, signal)).accessToken;
  }

  /** The request under way, or a new one carrying `request`. */
  #fetch(request: TokenRequest): Loading {
    if (this.#loading) return this.#loading;
    const issuedAt = this.#now();
    // Not tied to any caller's signal: other callers share this request.
    const promise = this.#load(request).then(
      (token) => {
        this.#loading = null;
        const lifetime = Math.max(0, token.expiresAt - issuedAt);
        const margin = Math.min(maxMarginMs, lifetime / 10);
        this.#current = {...token, renewAt: token.expiresAt - margin};
        return token;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    this.#loading = {promise, rejected: request.rejected};
    return this.#loading;
  }
}

const tokenFailed = (message: string, status: number | null, retryable: boolean, cause?: unknown) =>
  new ConfiguratorError(ErrorCode.tokenFailed, message, {status, retryable, cause});

/**
 * Runs a token request with a deadline: the work's signal aborts at the deadline, and the
 * answer does not wait for work that ignores it (a host's `fetchToken` that never settles): a
 * token source that hangs would otherwise leave the skeleton up forever.
 */
function withTokenDeadline<T>(
  ms: number,
  what: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withDeadline(ms, work).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
    throw tokenFailed(`${what} did not answer within ${ms} ms`, null, true, error);
  });
}

/**
 * Reads a token endpoint's JSON answer. The field names tell the scheme: scheme 1 sends
 * `{access_token, expires_in}` in seconds, scheme 2 `{accessToken, expiresIn}` in milliseconds.
 */
export function parseTokenAnswer(body: unknown, now: number): AccessToken {
  // Anything but an object (null, a list, a string) has no token field: refused below.
  const answer = (typeof body === 'object' && body ? body : {}) as Record<string, unknown>;
  const scheme1 = typeof answer.access_token === 'string';
  const token = scheme1 ? answer.access_token : answer.accessToken;
  const lifetime = scheme1 ? answer.expires_in : answer.expiresIn;
  const lifetimeMs = Number(lifetime) * (scheme1 ? 1000 : 1);
  // A header value can carry only visible ASCII: anything else would fail every request later,
  // looking like a network error.
  if (typeof token !== 'string' || !/^[\x21-\x7e]{1,8192}$/.test(token)) {
    throw tokenFailed('The token endpoint answered without a usable access token', 200, false);
  }
  const known = lifetime != null && Number.isFinite(lifetimeMs);
  return {accessToken: token, expiresAt: now + Math.max(0, known ? lifetimeMs : defaultLifetimeMs)};
}

const defaultShared = new Map<string, TokenSource>();
const sharedByFetch = new WeakMap<typeof fetch, Map<string, TokenSource>>();

function absoluteUrl(url: string): string {
  const base = (globalThis as {location?: {href?: string}}).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
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
  const key = absoluteUrl(url);
  let registry = defaultShared;
  if (options.fetch) {
    registry = sharedByFetch.get(options.fetch) ?? new Map<string, TokenSource>();
    sharedByFetch.set(options.fetch, registry);
  }
  const existing = registry.get(key);
  if (existing) return existing;

  const now = options.now ?? Date.now;
  const doFetch = options.fetch;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const load = async ({rejected}: TokenRequest, signal: AbortSignal): Promise<AccessToken> => {
    let response: Response;
    try {
      response = await (doFetch ?? globalThis.fetch)(key, {
        method: 'POST',
        credentials: 'same-origin',
        signal,
        // JSON labelled text/plain keeps the POST a CORS simple request: an endpoint on another
        // origin that answers no preflight, or one that ignores bodies, works as before.
        ...(rejected === undefined
          ? {headers: {Accept: 'application/json'}}
          : {
              headers: {Accept: 'application/json', 'Content-Type': 'text/plain;charset=UTF-8'},
              body: JSON.stringify({rejected}),
            }),
      });
    } catch (error) {
      throw tokenFailed('The token endpoint could not be reached', null, true, error);
    }
    if (!response.ok) {
      if (
        response.status === 403 &&
        (await serviceCodeOf(response)) === ErrorCode.originNotAllowed
      ) {
        throw new ConfiguratorError(
          ErrorCode.originNotAllowed,
          "The token endpoint refused this page's origin",
          {
            status: 403,
            serviceCode: ErrorCode.originNotAllowed,
            details: {refusedBy: 'token-endpoint'},
          },
        );
      }
      const retryable = response.status === 429 || response.status >= 500;
      throw tokenFailed(
        `The token endpoint answered ${response.status}`,
        response.status,
        retryable,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw tokenFailed('The token endpoint did not answer JSON', response.status, false, error);
    }
    return parseTokenAnswer(body, now());
  };
  const source = new CachedTokenSource(
    (request) =>
      withTokenDeadline(timeoutMs, 'The token endpoint', (signal) => load(request, signal)),
    now,
  );
  registry.set(key, source);
  return source;
}

/** The `code` of a JSON error body, if the answer has one. */
async function serviceCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as {code?: unknown} | null;
    return typeof body?.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
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
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const load = async ({rejected}: TokenRequest): Promise<AccessToken> => {
    let answer: FetchedToken;
    try {
      answer = await (rejected === undefined ? fetchToken() : fetchToken({rejected}));
    } catch (error) {
      if (error instanceof ConfiguratorError) throw error;
      throw tokenFailed('fetchToken failed', null, true, error);
    }
    return parseTokenAnswer(
      {accessToken: answer?.accessToken, expiresIn: Number(answer?.expiresIn) * 1000},
      now(),
    );
  };
  return new CachedTokenSource(
    (request) => withTokenDeadline(timeoutMs, 'fetchToken', () => load(request)),
    now,
  );
}
