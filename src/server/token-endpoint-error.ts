/**
 * Every error the token endpoint answers with, by stable code. docs/token-endpoint.md and the
 * "Token endpoint" table of docs/errors.md document these codes.
 */
export const TokenEndpointErrorCode = {
  methodNotAllowed: 'method_not_allowed',
  originNotAllowed: 'origin_not_allowed',
  rateLimited: 'rate_limited',
  invalidRequest: 'invalid_request',
  payloadTooLarge: 'payload_too_large',
  upstreamUnavailable: 'upstream_unavailable',
  upstreamRejected: 'upstream_rejected',
  upstreamInvalidResponse: 'upstream_invalid_response',
  upstreamScopeRefused: 'upstream_scope_refused',
  upstreamScopeWidened: 'upstream_scope_widened',
  internal: 'internal_error',
} as const;
export type TokenEndpointErrorCode =
  (typeof TokenEndpointErrorCode)[keyof typeof TokenEndpointErrorCode];

/**
 * Codes of the warnings the token endpoint logs for the operator, never answered to a caller.
 * docs/token-endpoint.md names them.
 */
export const TokenEndpointLogCode = {
  /** Created with a scope that reaches every API of the tenant. */
  wideScope: 'wide_scope',
  /** No client address known: every caller shares one rate-limit bucket. */
  noClientKey: 'no_client_key',
  /** A caller reported the cached token as refused; it is renewed early. */
  tokenRejected: 'token_rejected',
  /** `startSessions` is set but the service did not start the session a page asked for. */
  sessionNotStarted: 'session_not_started',
} as const;
export type TokenEndpointLogCode = (typeof TokenEndpointLogCode)[keyof typeof TokenEndpointLogCode];

/**
 * An error of the token endpoint that knows how to become a JSON `{code, message}` response.
 * Messages are written here, never copied from an upstream answer, so they cannot carry the
 * client secret or anything else the authorization server chose to echo.
 */
export class TokenEndpointError extends Error {
  readonly status: number;
  readonly code: TokenEndpointErrorCode;
  readonly headers: Record<string, string>;
  /** What the operator needs to know (an upstream status, a timeout); logged, never answered. */
  readonly detail: string | undefined;

  constructor(
    status: number,
    code: TokenEndpointErrorCode,
    message: string,
    extra: {headers?: Record<string, string>; detail?: string} = {},
  ) {
    super(message);
    this.name = 'TokenEndpointError';
    this.status = status;
    this.code = code;
    this.headers = extra.headers ?? {};
    this.detail = extra.detail;
  }

  toResponse(headers: Record<string, string> = {}): Response {
    return Response.json(
      {code: this.code, message: this.message},
      {status: this.status, headers: {...headers, ...this.headers}},
    );
  }
}
