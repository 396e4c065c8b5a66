import type {ContentfulStatusCode} from 'hono/utils/http-status';

/**
 * Every error the service answers with, by stable code. The table in docs/errors.md is the
 * documentation of these codes; add a row there with every code added here.
 */
export const ErrorCode = {
  notAuthorized: 'not_authorized',
  tokenMissing: 'token_missing',
  tokenInvalid: 'token_invalid',
  tokenExpired: 'token_expired',
  unsupportedMediaType: 'unsupported_media_type',
  malformedBody: 'malformed_body',
  invalidBody: 'invalid_body',
  invalidQuery: 'invalid_query',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  conflict: 'conflict',
  storageFull: 'storage_full',
  storageUnavailable: 'storage_unavailable',
  internal: 'internal_error',
  originNotAllowed: 'origin_not_allowed',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error that knows how to become a JSON `{code, message}` response. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details: unknown;

  constructor(status: ContentfulStatusCode, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  toResponse(headers?: HeadersInit): Response {
    const body: Record<string, unknown> = {code: this.code, message: this.message};
    if (this.details !== undefined) body.details = this.details;
    const response = Response.json(body, {status: this.status, headers});
    return response;
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new ServiceError(400, code, message, details);
export const notFound = (message: string, details?: unknown) =>
  new ServiceError(404, ErrorCode.notFound, message, details);
