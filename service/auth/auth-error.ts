import {Errors, ServiceError, type ServiceErrorRow} from '../errors.js';
import type {Scope} from './scopes.js';

/**
 * The OAuth 2 `error` values a failed token request carries (RFC 6749, section 5.2), beside the
 * service's own `code`. docs/errors.md names them; test/docs/error-codes.test.ts holds every code
 * the documents name to this table and the others.
 */
export const OAuthError = {
  invalidRequest: 'invalid_request',
  invalidClient: 'invalid_client',
  unsupportedGrantType: 'unsupported_grant_type',
  invalidScope: 'invalid_scope',
  /** Too many token requests (429, with `code` `rate_limited` and `Retry-After`). */
  temporarilyUnavailable: 'temporarily_unavailable',
} as const;
export type OAuthError = (typeof OAuthError)[keyof typeof OAuthError];

/**
 * A failed token request. Carries the OAuth 2 `error` field next to the service's own
 * `{code, message}`, so OAuth client libraries and this project's clients both understand it.
 */
export class TokenRequestError extends ServiceError {
  readonly oauthError: OAuthError;
  readonly headers: Record<string, string>;

  constructor(
    row: ServiceErrorRow,
    oauthError: OAuthError,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(row, message);
    this.oauthError = oauthError;
    this.headers = headers;
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    for (const [name, value] of Object.entries(this.headers)) all.set(name, value);
    all.set('Cache-Control', 'no-store');
    if (this.status === 401) all.set('WWW-Authenticate', 'Basic realm="connect"');
    return Response.json(
      {
        code: this.code,
        message: this.message,
        error: this.oauthError,
        error_description: this.message,
      },
      {status: this.status, headers: all},
    );
  }
}

/** A call without a usable bearer token: 401 with the `WWW-Authenticate` challenge. */
export class BearerError extends ServiceError {
  constructor(
    row: typeof Errors.tokenMissing | typeof Errors.tokenInvalid | typeof Errors.tokenExpired,
    message: string,
  ) {
    super(row, message);
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    const error = this.code === Errors.tokenMissing.code ? '' : ', error="invalid_token"';
    all.set('WWW-Authenticate', `Bearer realm="service"${error}`);
    return super.toResponse(all);
  }
}

/**
 * A valid token whose scope does not reach the operation: 403 with RFC 6750's challenge naming
 * the scope that would (`Bearer error="insufficient_scope", scope="Service.Api"`).
 */
export class InsufficientScopeError extends ServiceError {
  readonly required: Scope;

  constructor(required: Scope, message: string) {
    super(Errors.insufficientScope, message, {requiredScope: required});
    this.required = required;
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    all.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${this.required}"`);
    return super.toResponse(all);
  }
}

/** Too many token requests: 429 with `Retry-After` in whole seconds. */
export class RateLimitedError extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(Errors.rateLimited, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    all.set('Retry-After', String(this.retryAfterSeconds));
    all.set('Cache-Control', 'no-store');
    return super.toResponse(all);
  }
}
