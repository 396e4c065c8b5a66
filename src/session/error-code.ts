// The widget's error codes: the session's vocabulary, so they live with the session; the
// `configurator-error` event types its `code` with them (this file imports nothing, so events
// stay leaves: .dependency-cruiser.cjs). src/session/errors.ts re-exports them.
//
// Inside src/session/ a code is written as its value (`'token_failed'`), which the type below
// checks: a read of this exported object's property survives minification, a literal the table
// already holds costs next to nothing in gzip (77 bytes of the headless file;
// docs/decisions/0104-slim-the-session-file-under-7000-bytes.md).

/**
 * The codes in the table's order. The table is made from them (its names are the codes in
 * camel case), so that each is written once in the built files; the compiler checks the list
 * against the documented table below both ways: a code missing from the list, or one the table
 * does not document, is a type error.
 */
const codes = [
  'token_failed',
  'unauthorized',
  'network',
  'timeout',
  'rate_limited',
  'service_unavailable',
  'server_error',
  'bad_response',
  'not_found',
  'model_not_found',
  'session_not_found',
  'invalid_request',
  'request_rejected',
  'not_started',
  'conflict_pending',
  'quote_blocked',
  'aborted',
  'origin_not_allowed',
  'no_token_source',
  'invalid_api_url',
  'invalid_publishable_key',
  'token_endpoint_not_found',
  'token_credentials_rejected',
] as const satisfies readonly ErrorCode[];

/** `token_endpoint_not_found` as `tokenEndpointNotFound`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

function byName<const C extends string>(list: readonly C[]): {readonly [K in C as Camel<K>]: K} {
  return Object.fromEntries(
    list.map((code) => [code.replace(/_./g, (pair) => pair[1]!.toUpperCase()), code]),
  ) as {readonly [K in C as Camel<K>]: K};
}

/**
 * Every failure the headless session reports, by stable code. The `configurator-error` event
 * of the element carries these codes; docs/widget-errors.md is their table for host pages.
 * Codes never change meaning once published; new failures get new codes.
 */
export const ErrorCode: {
  /** The token endpoint (or `fetchToken`) failed or answered without a usable token. */
  readonly tokenFailed: 'token_failed';
  /** The service refused the token even after one renewal (401), or forbade the call (403). */
  readonly unauthorized: 'unauthorized';
  /** The service could not be reached (offline, DNS, connection refused or reset). */
  readonly network: 'network';
  /** The service did not answer within the per-request timeout. */
  readonly timeout: 'timeout';
  /** The service asked the widget to slow down (429) and retries were used up. */
  readonly rateLimited: 'rate_limited';
  /** The service is temporarily unavailable (503) and retries were used up. */
  readonly serviceUnavailable: 'service_unavailable';
  /** The service failed with another 5xx status and retries were used up. */
  readonly serverError: 'server_error';
  /**
   * A success answer the widget cannot use: not JSON, or JSON of the wrong shape (a field it
   * reads is missing or of another type). Retryable: a proxy's page or a half-deployed service
   * may pass, and the input that got it is kept.
   */
  readonly badResponse: 'bad_response';
  /** A 404 for something other than the model or the session (for example an unknown node). */
  readonly notFound: 'not_found';
  /** The `model` identifier names no configuration model. */
  readonly modelNotFound: 'model_not_found';
  /** The session id or code is unknown or has expired. */
  readonly sessionNotFound: 'session_not_found';
  /** The service rejected the request as malformed or invalid (400, 413, 415, 422). */
  readonly invalidRequest: 'invalid_request';
  /** The service rejected the request for another reason (another 4xx status). */
  readonly requestRejected: 'request_rejected';
  /** The operation needs a session, and none has been started or opened. */
  readonly notStarted: 'not_started';
  /** The operation has to wait until the shopper accepts or cancels a conflict. */
  readonly conflictPending: 'conflict_pending';
  /** A quote cannot be requested yet: mandatory features are unanswered or inputs are unsaved. */
  readonly quoteBlocked: 'quote_blocked';
  /** The call was cancelled: the session was disposed, restarted, or the caller aborted. */
  readonly aborted: 'aborted';
  /**
   * The token endpoint or the service refused the page's origin (403 `origin_not_allowed`):
   * the host must allow it there (`allowedOrigins`, or the reference service's `ALLOWED_ORIGINS`).
   */
  readonly originNotAllowed: 'origin_not_allowed';
  /** The element has a `model` or `configuration` but neither `token-endpoint` nor `fetchToken`. */
  readonly noTokenSource: 'no_token_source';
  /** `api-url` is neither an absolute http(s) URL nor a path on the page's origin. */
  readonly invalidApiUrl: 'invalid_api_url';
  /**
   * The service does not know the `publishable-key` (mistyped, or the key was deleted): the
   * service's 401 `invalid_key`. Not retried.
   */
  readonly invalidPublishableKey: 'invalid_publishable_key';
  /**
   * The `token-endpoint` answered 404 or 405: no token route at that URL (a wrong path, or a
   * route mounted for another method). Not retried.
   */
  readonly tokenEndpointNotFound: 'token_endpoint_not_found';
  /**
   * The token endpoint's own credentials were refused by the authorization server (the token
   * endpoint helper's `upstream_rejected`: a wrong client id or secret). Not retried.
   */
  readonly tokenCredentialsRejected: 'token_credentials_rejected';
} = byName(codes);
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
