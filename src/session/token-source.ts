import {ConfiguratorError, ErrorCode, abortedError} from './errors.js';

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
  /** After a 401: drop the current token (only if it is still `rejected`) and fetch a new one. */
  renew(rejected: string, signal?: AbortSignal): Promise<string>;
}

export interface TokenSourceOptions {
  /** Used instead of `globalThis.fetch`; sources are shared per `fetch` and URL. */
  fetch?: typeof fetch;
  /** The clock, in epoch milliseconds; tests move it to reach expiry without waiting. */
  now?: () => number;
}

/** The answer shape of `fetchToken`: scheme 1's lifetime unit, seconds. */
export interface FetchedToken {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
}

// A token without a stated lifetime is trusted this long; a 401 still renews it earlier.
const defaultLifetimeMs = 5 * 60_000;
const maxMarginMs = 30_000;

/**
 * Keeps one token in memory and renews it a margin before expiry: 10% of its lifetime, at
 * most 30 s, so a token never expires on its way to the service.
 */
class CachedTokenSource implements TokenSource {
  #load: () => Promise<AccessToken>;
  #now: () => number;
  #current: (AccessToken & {renewAt: number}) | null = null;
  #loading: Promise<AccessToken> | null = null;

  constructor(load: () => Promise<AccessToken>, now: () => number) {
    this.#load = load;
    this.#now = now;
  }

  get(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#now() < current.renewAt) return Promise.resolve(current.accessToken);
    return this.#fetch(signal);
  }

  renew(rejected: string, signal?: AbortSignal): Promise<string> {
    // Several requests rejected with the same token must cause one renewal, not one each.
    if (this.#current?.accessToken === rejected) this.#current = null;
    return this.get(signal);
  }

  #fetch(signal?: AbortSignal): Promise<string> {
    if (!this.#loading) {
      const issuedAt = this.#now();
      // Not tied to any caller's signal: other callers share this request.
      this.#loading = this.#load().then(
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
    }
    return abortable(
      this.#loading.then((token) => token.accessToken),
      signal,
    );
  }
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal.reason));
    signal.addEventListener('abort', onAbort, {once: true});
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const tokenFailed = (message: string, status: number | null, retryable: boolean, cause?: unknown) =>
  new ConfiguratorError(ErrorCode.tokenFailed, message, {status, retryable, cause});

/**
 * Reads a token endpoint's JSON answer. The field names tell the scheme: scheme 1 sends
 * `{access_token, expires_in}` in seconds, scheme 2 `{accessToken, expiresIn}` in milliseconds.
 */
export function parseTokenAnswer(body: unknown, now: number): AccessToken {
  if (typeof body !== 'object' || body === null) {
    throw tokenFailed('The token endpoint did not answer with a JSON object', 200, false);
  }
  const answer = body as Record<string, unknown>;
  let token: unknown;
  let lifetimeMs: number | null = null;
  if (typeof answer.access_token === 'string') {
    token = answer.access_token;
    const seconds = Number(answer.expires_in);
    if (answer.expires_in != null && Number.isFinite(seconds)) lifetimeMs = seconds * 1000;
  } else {
    token = answer.accessToken;
    const ms = Number(answer.expiresIn);
    if (answer.expiresIn != null && Number.isFinite(ms)) lifetimeMs = ms;
  }
  if (typeof token !== 'string' || token === '') {
    throw tokenFailed('The token endpoint answered without an access token', 200, false);
  }
  return {accessToken: token, expiresAt: now + Math.max(0, lifetimeMs ?? defaultLifetimeMs)};
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
 * accepts `{access_token, expires_in (s)}` or `{accessToken, expiresIn (ms)}`. Never stores
 * the token anywhere but memory.
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
  const source = new CachedTokenSource(async () => {
    let response: Response;
    try {
      response = await (doFetch ?? globalThis.fetch)(key, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {Accept: 'application/json'},
      });
    } catch (error) {
      throw tokenFailed('The token endpoint could not be reached', null, true, error);
    }
    if (!response.ok) {
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
  }, now);
  registry.set(key, source);
  return source;
}

/**
 * Wraps the contract's `fetchToken: () => Promise<{accessToken, expiresIn}>`, where
 * `expiresIn` is in seconds. The token is kept in memory and renewed like an endpoint's.
 */
export function functionTokenSource(
  fetchToken: () => Promise<FetchedToken>,
  options: Pick<TokenSourceOptions, 'now'> = {},
): TokenSource {
  const now = options.now ?? Date.now;
  return new CachedTokenSource(async () => {
    let answer: FetchedToken;
    try {
      answer = await fetchToken();
    } catch (error) {
      if (error instanceof ConfiguratorError) throw error;
      throw tokenFailed('fetchToken failed', null, true, error);
    }
    return parseTokenAnswer(
      {accessToken: answer?.accessToken, expiresIn: Number(answer?.expiresIn) * 1000},
      now(),
    );
  }, now);
}
