import {badResponse} from './answers.js';
import {backoff, sleep, throwIfAborted, withDeadline} from './abort.js';
import {ConfiguratorError, type ErrorCode} from './errors.js';
import {ServiceErrorCode} from '../wire/index.js';
import type {TokenSource} from './token-source.js';

/** Backoff for network errors, timeouts, 429 and 5xx. */
export interface RetryOptions {
  /** Tries in total, the first included; 1 turns retrying off. */
  attempts: number;
  /** Delay before the first retry; doubled each time, with jitter. */
  baseDelayMs: number;
  /** No backoff is longer than this; a longer Retry-After ends the retries at once. */
  maxDelayMs: number;
}

export const defaultRetry: RetryOptions = {attempts: 4, baseDelayMs: 300, maxDelayMs: 8_000};

/** The session's options the client reads (the session passes its own). */
export interface HttpClientOptions {
  /** The service's base URL; a trailing slash is ignored. */
  apiUrl: string;
  tokenSource: TokenSource;
  fetch?: typeof fetch;
  /** Per attempt, in milliseconds. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
}

export interface HttpRequest {
  method: 'GET' | 'PUT' | 'POST';
  /** Path below the base URL, already encoded, starting with `/`. */
  path: string;
  query?: Record<string, string | boolean | undefined>;
  /** Sent as JSON unless `text` is set. */
  json?: unknown;
  /** Sent as `text/plain`. */
  text?: string;
  signal?: AbortSignal;
  /**
   * Whether the request may be sent twice. A non-idempotent request is retried only when the
   * service certainly did not act on it (429, 503), never after a timeout or a lost answer.
   */
  idempotent?: boolean;
  /**
   * What a 404 means, or how to choose it from the service's own error code. Default
   * `session_not_found`: every path but a start's names a session.
   */
  notFoundCode?: ErrorCode | ((serviceCode: string | null) => ErrorCode);
  /**
   * The success status is the answer and the body only adds to it: a body that is not JSON
   * reads as `undefined` instead of failing (a quote request's answer has no documented body).
   */
  bodyOptional?: boolean;
  /** The success answer's body as a Blob (an image), not JSON; `Accept` names what may come. */
  blob?: string;
}

/** A request whose success answer passes `read` (see answers.ts) before the caller gets it. */
export interface ReadRequest<T> extends HttpRequest {
  /**
   * Checks and returns the parsed body; throws `bad_response` for an unusable one, carrying
   * `status`, the answer's.
   */
  read: (body: unknown, status: number, headers?: Headers) => T;
}

/**
 * An answer with its body read, so the body falls under the attempt's timeout: a Blob for a
 * successful `blob` request, the text otherwise.
 */
type Answer = [response: Response, body: string | Blob];

/**
 * Sends a request to the service; see {@link httpClient}. A function rather than an object with
 * a method: a member name the minifier keeps less at every call.
 */
export interface HttpClient {
  /**
   * Sends the request and answers its JSON body (`undefined` for an empty body), passed through
   * `request.read` when given.
   */
  <T>(request: ReadRequest<T>): Promise<T>;
  <T = unknown>(request: HttpRequest): Promise<T>;
}

// The versioned API is served as version 3 by the real service and documented by the seed as
// version 1 (docs/api-compatibility.md).
const v3 = '/configurator/3/configurator/';
const v1 = '/configurator/1/configurator/';

// What a gateway may answer for any path (401, 403, 5xx) proves nothing about the route.
const routed = (status: number) => status < 500 && ![401, 403, 404].includes(status);

/**
 * Sends requests to the service with a bearer token, a per-attempt timeout linked to the
 * caller's signal, one renewal and replay after a 401, and retries with exponential backoff
 * and jitter. Every failure becomes a {@link ConfiguratorError}. A versioned call answered 404
 * under version 3 is sent once more under version 1; once version 1 has answered where 3 did
 * not, later calls of this client go to version 1 directly, and once version 3 has answered it
 * is kept. A 404 from both means what it says (no such session), and version 1's answer is the
 * one taken.
 */
export function httpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  const {tokenSource: tokens, timeoutMs = 15_000} = options;
  const {attempts, baseDelayMs, maxDelayMs}: RetryOptions = {...defaultRetry, ...options.retry};
  // Called unbound: some fetch implementations throw when `this` is not the global.
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let served: '3' | '1' | undefined;

  const fetchVersioned = async (path: string, init: RequestInit): Promise<Response> => {
    const older = path.startsWith(v3) && v1 + path.slice(v3.length);
    if (!older || served === '3') return doFetch(baseUrl + path, init);
    if (served === '1') return doFetch(baseUrl + older, init);
    const answer = await doFetch(baseUrl + path, init);
    if (routed(answer.status)) served = '3';
    if (answer.status !== 404) return answer;
    // The 404 is not read; release its connection before asking again.
    await answer.body?.cancel().catch(() => undefined);
    const fallback = await doFetch(baseUrl + older, init);
    if (routed(fallback.status)) served = '1';
    return fallback;
  };

  const request = async <T>(request: HttpRequest & {read?: ReadRequest<T>['read']}): Promise<T> => {
    const {method, text, json, blob, signal, read} = request;
    const query = new URLSearchParams(
      // Booleans are written as `true` and `false`; what is undefined is left out.
      Object.entries(request.query ?? {}).filter(([, value]) => value !== undefined) as string[][],
    ).toString();
    const path = query ? `${request.path}?${query}` : request.path;
    const body = text ?? (json === undefined ? undefined : JSON.stringify(json));
    const idempotent = request.idempotent ?? method !== 'POST';

    // The body is read under the same deadline, so a stalled answer is a timeout too.
    const attempt = (token: string): Promise<Answer> =>
      withDeadline(
        timeoutMs,
        async (signal): Promise<Answer> => {
          const response = await fetchVersioned(path, {
            method,
            body,
            signal,
            headers: {
              Accept: blob ?? 'application/json',
              Authorization: `Bearer ${token}`,
              ...(body !== undefined && {
                'Content-Type': text === undefined ? 'application/json' : 'text/plain',
              }),
            },
          });
          return [response, await (blob && response.ok ? response.blob() : response.text())];
        },
        signal,
      ).catch((error: unknown) => {
        throwIfAborted(signal);
        const timedOut = (error as {name?: unknown} | null)?.name === 'TimeoutError';
        throw new ConfiguratorError(
          timedOut ? 'timeout' : 'network',
          timedOut ? 'The service did not answer in time' : 'The service could not be reached',
          {retryable: true, cause: error},
        );
      });

    // After a 401, one renewal and replay per request (a second 401 after a renewal means the
    // token is not the problem).
    let renewed = false;
    for (let tries = 1; ; tries++) {
      throwIfAborted(signal);
      let answer: Answer | undefined;
      let failure: ConfiguratorError | undefined;
      try {
        const token = await tokens.get(signal);
        const first = await attempt(token);
        answer =
          first[0].status !== 401 || renewed
            ? first
            : ((renewed = true), await attempt(await tokens.renew(token, signal)));
      } catch (error) {
        // Only a token that could not be had, a timeout or a lost connection get here; a token
        // source's own failure passes as it is.
        failure =
          error instanceof ConfiguratorError
            ? error
            : new ConfiguratorError('token_failed', 'No access token', {
                retryable: true,
                cause: error,
              });
      }
      throwIfAborted(signal);
      if (answer?.[0].ok) {
        const [{status, headers}, content] = answer;
        // A picture's `read` takes the headers: its ETag says which drawing came (decision 112).
        if (blob) return read ? read(content, status, headers) : (content as T);
        let parsed: unknown;
        if (content !== '') {
          try {
            parsed = JSON.parse(content as string);
          } catch (error) {
            if (!request.bodyOptional) throw badResponse('it is not JSON', status, error);
          }
        }
        return read ? read(parsed, status) : (parsed as T);
      }
      failure ??= httpError(answer!, request);
      // A token that could not be had means nothing was sent: safe to repeat even a POST.
      const {code, retryable, cause} = failure;
      const mayRepeat =
        retryable &&
        // A token source that hung has cost the shopper a whole timeout already: report it now
        // and let the session's recovery try again later, with its longer backoff.
        !(code === 'token_failed' && (cause as {name?: unknown})?.name === 'TimeoutError') &&
        (idempotent ||
          code === 'token_failed' ||
          code === 'rate_limited' ||
          code === 'service_unavailable');
      if (!mayRepeat || tries >= attempts) throw failure;
      const retryAfter = retryAfterMs(answer?.[0].headers.get('Retry-After'));
      // A Retry-After longer than we are willing to wait: report now, the inputs are kept.
      if (retryAfter !== null && retryAfter > maxDelayMs) throw failure;
      await sleep(retryAfter ?? backoff(tries - 1, baseDelayMs, maxDelayMs), signal);
    }
  };
  return request;
}

/** What an error status means; any other is `server_error` from 500, `request_rejected` below. */
const codeOfStatus: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'unauthorized',
  413: 'invalid_request',
  415: 'invalid_request',
  422: 'invalid_request',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** The error of an answer with an error status, with the service's code and message if any. */
function httpError([{status}, text]: Answer, request: HttpRequest): ConfiguratorError {
  let body: {code?: unknown; message?: unknown; details?: unknown} | null | undefined;
  try {
    body = JSON.parse(text as string);
  } catch {
    // Not every error body is the service's JSON (a proxy's HTML page, an empty 503).
  }
  const serviceCode = typeof body?.code === 'string' ? body.code : null;
  let code = codeOfStatus[status] ?? (status >= 500 ? 'server_error' : 'request_rejected');
  if (status === 403 && serviceCode === ServiceErrorCode.originNotAllowed) {
    code = serviceCode;
  }
  if (status === 404) {
    const {notFoundCode = 'session_not_found'} = request;
    code = typeof notFoundCode === 'function' ? notFoundCode(serviceCode) : notFoundCode;
  }
  return new ConfiguratorError(
    code,
    (typeof body?.message === 'string' && body.message) || `Status ${status}`,
    {
      status,
      serviceCode,
      details: body?.details,
      retryable: status === 429 || status >= 500,
    },
  );
}

/** Retry-After is either delay seconds or an HTTP date. */
export function retryAfterMs(header?: string | null, now = Date.now()): number | null {
  if (!header?.trim()) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
