import {ErrorCode, ServiceError} from '../errors.js';
import type {ContentfulStatusCode} from 'hono/utils/http-status';

/**
 * A failed token request. Carries the OAuth 2 `error` field next to the service's own
 * `{code, message}`, so OAuth client libraries and this project's clients both understand it.
 */
export class TokenRequestError extends ServiceError {
  readonly oauthError: string;

  constructor(status: ContentfulStatusCode, oauthError: string, message: string, code?: string) {
    super(status, code ?? ErrorCode.notAuthorized, message);
    this.oauthError = oauthError;
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
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
  constructor(code: string, message: string) {
    super(401, code, message);
  }

  override toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    const error = this.code === ErrorCode.tokenMissing ? '' : ', error="invalid_token"';
    all.set('WWW-Authenticate', `Bearer realm="service"${error}`);
    return super.toResponse(all);
  }
}
