/**
 * Every error the token endpoint answers with, as rows `{code, status}`: a throw names a row
 * (`new TokenEndpointError(TokenEndpointErrors.rateLimited, ...)`), so a code always goes with
 * its status. The helper's own table, apart from the service's: it runs in the host's backend
 * and answers for it. docs/token-endpoint.md and the "Token endpoint" table of docs/errors.md
 * document these rows; test/server/token-endpoint-error.test.ts holds the page to them.
 */
export const TokenEndpointErrors = {
  methodNotAllowed: {code: 'method_not_allowed', status: 405},
  originNotAllowed: {code: 'origin_not_allowed', status: 403},
  rateLimited: {code: 'rate_limited', status: 429},
  invalidRequest: {code: 'invalid_request', status: 400},
  payloadTooLarge: {code: 'payload_too_large', status: 413},
  upstreamUnavailable: {code: 'upstream_unavailable', status: 502},
  upstreamRejected: {code: 'upstream_rejected', status: 502},
  upstreamInvalidResponse: {code: 'upstream_invalid_response', status: 502},
  upstreamScopeRefused: {code: 'upstream_scope_refused', status: 502},
  upstreamScopeWidened: {code: 'upstream_scope_widened', status: 502},
  internal: {code: 'internal_error', status: 500},
} as const satisfies Record<string, {code: string; status: number}>;

/** A row of {@link TokenEndpointErrors}. */
export type TokenEndpointErrorRow = (typeof TokenEndpointErrors)[keyof typeof TokenEndpointErrors];

/** Each row's code by the row's name. */
export const TokenEndpointErrorCode = Object.fromEntries(
  Object.entries(TokenEndpointErrors).map(([name, row]) => [name, row.code]),
) as {
  readonly [Name in keyof typeof TokenEndpointErrors]: (typeof TokenEndpointErrors)[Name]['code'];
};
export type TokenEndpointErrorCode = TokenEndpointErrorRow['code'];

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
 * An error of the token endpoint that names a row and knows how to become a JSON `{code, message}` response.
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
    row: TokenEndpointErrorRow,
    message: string,
    extra: {headers?: Record<string, string>; detail?: string} = {},
  ) {
    super(message);
    this.name = 'TokenEndpointError';
    this.status = row.status;
    this.code = row.code;
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
