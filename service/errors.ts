import type {ContentfulStatusCode} from 'hono/utils/http-status';
import {ServiceErrorCode} from '../src/wire/index.js';

/** A row of the table: the stable code an answer carries and the HTTP status it goes with. */
export interface ErrorRow {
  readonly code: string;
  readonly status: ContentfulStatusCode;
}

/**
 * Every error the service answers with, as rows `{code, status}`: one table, so a throw names a
 * row (`new ServiceError(Errors.notFound, ...)`) and neither a code nor its status can be spelt
 * two ways. A code answered with two statuses has a row for each. docs/errors.md documents each
 * code with its statuses and meaning; test/service/errors.test.ts holds the page and this table
 * to each other both ways. The codes are a public contract: never change one. The codes the
 * widget reads come from the wire (src/wire/service-error-code.ts).
 */
export const Errors = {
  // Authentication and tokens.
  /** Wrong client credentials, or no such integration application (401). */
  notAuthorized: {code: 'not_authorized', status: 401},
  /**
   * A token request without a `grant_type`, or with one other than `client_credentials` (400);
   * its OAuth `error` tells the two apart.
   */
  grantNotSupported: {code: 'not_authorized', status: 400},
  tokenMissing: {code: 'token_missing', status: 401},
  tokenInvalid: {code: 'token_invalid', status: 401},
  tokenExpired: {code: 'token_expired', status: 401},
  /** The token's scope does not reach the operation (403). */
  insufficientScope: {code: 'insufficient_scope', status: 403},
  /** A token request named a scope the service does not know, or the application may not have. */
  invalidScope: {code: 'invalid_scope', status: 400},
  /** Too many token requests from this client or address (429, `Retry-After`). */
  rateLimited: {code: 'rate_limited', status: 429},
  originNotAllowed: {code: ServiceErrorCode.originNotAllowed, status: 403},
  /** The publishable key is unknown or was deleted (401; service/embed-keys). */
  invalidKey: {code: 'invalid_key', status: 401},

  // Requests and their limits (service/http/limits.ts).
  unsupportedMediaType: {code: 'unsupported_media_type', status: 415},
  malformedBody: {code: 'malformed_body', status: 400},
  invalidBody: {code: 'invalid_body', status: 400},
  invalidQuery: {code: 'invalid_query', status: 400},
  notFound: {code: 'not_found', status: 404},
  methodNotAllowed: {code: 'method_not_allowed', status: 405},
  payloadTooLarge: {code: 'payload_too_large', status: 413},
  /** An array in the body has more items than the operation takes (413). */
  tooManyItems: {code: 'too_many_items', status: 413},
  /** The JSON body nests deeper than `Limits.bodyDepth` (400). */
  bodyTooDeep: {code: 'body_too_deep', status: 400},
  /** The request target is longer than `Limits.urlLength` (414). */
  uriTooLong: {code: 'uri_too_long', status: 414},
  /** More query parameters than `Limits.queryParameters` (400). */
  tooManyParameters: {code: 'too_many_parameters', status: 400},
  /**
   * The request line or a header cannot be read as HTTP or as a URL (400): a `Host` that is not
   * a host, a backslash in the path, a target that is not a path.
   */
  malformedRequest: {code: 'malformed_request', status: 400},
  /** The request line and headers together are larger than the server reads (431). */
  headersTooLarge: {code: 'headers_too_large', status: 431},
  /** The request's headers or body did not arrive in time (408). */
  requestTimeout: {code: 'request_timeout', status: 408},
  /**
   * A connection over the bounds of service/http/connection-limits.ts: too many open from one
   * address (429) or in total (503), with `Retry-After`.
   */
  tooManyConnections: {code: 'too_many_connections', status: 429},
  /** The connection over the bounds of all addresses together (503, `Retry-After`). */
  tooManyConnectionsInTotal: {code: 'too_many_connections', status: 503},

  // Entities and storage.
  /** A number outside its property's range (400). */
  outOfRange: {code: 'out_of_range', status: 400},
  /** The body sets a property only the service sets (400). */
  readOnlyField: {code: 'read_only_field', status: 400},
  /** An entity write names a related entity that does not exist (400). */
  invalidReference: {code: 'invalid_reference', status: 400},
  /** The application holds the most webhook subscriptions it may (409). */
  tooManySubscriptions: {code: 'too_many_subscriptions', status: 409},
  conflict: {code: 'conflict', status: 409},
  /** The disk is full: the write was refused, nothing of it kept (507). */
  storageFull: {code: 'storage_full', status: 507},
  /** The database cannot be used right now: an I/O error, a read-only file system (503). */
  storageUnavailable: {code: 'storage_unavailable', status: 503},
  internal: {code: 'internal_error', status: 500},

  // What the engine refuses (service/engine/engine-error.ts).
  /** No node with that id in the model (404). */
  unknownNode: {code: ServiceErrorCode.unknownNode, status: 404},
  /** No step with that id in the model (404). */
  unknownStep: {code: ServiceErrorCode.unknownStep, status: 404},
  /** The value is not a finite number, or the node cannot take it (400). */
  invalidValue: {code: 'invalid_value', status: 400},
  /** Text was sent for a node that is not a text input (400). */
  notATextNode: {code: 'not_a_text_node', status: 400},
  /** A value was sent for a text input; text goes through the text operation (400). */
  textNodeNeedsText: {code: 'text_node_needs_text', status: 400},
  /** The model's rules cannot satisfy the requirement at all (409). */
  unsatisfiable: {code: 'unsatisfiable', status: 409},
  /** The session state belongs to another model (400). */
  modelMismatch: {code: 'model_mismatch', status: 400},

  // Configurator operations.
  /** A language the service has no texts for (400). */
  unsupportedLanguage: {code: 'unsupported_language', status: 400},
  /** The session's model is no longer offered by this service (404). */
  modelUnavailable: {code: 'model_unavailable', status: 404},
  /** The node exists but holds no linked configuration (400). */
  notLinkedConfiguration: {code: 'not_linked_configuration', status: 400},
  /** A copy of a revision the session no longer keeps, or never had (404). */
  revisionNotKept: {code: 'revision_not_kept', status: 404},

  // Quotations.
  /** A configuration still has unanswered mandatory features (409). */
  configurationIncomplete: {code: 'configuration_incomplete', status: 409},
  /** The configurations of one quote request use different currencies (400). */
  currencyMismatch: {code: 'currency_mismatch', status: 400},
  /** A configuration added to a quotation in another currency (409). */
  quotationCurrencyMismatch: {code: 'currency_mismatch', status: 409},
  /** The quotation is past the point where lines may change (409). */
  quotationClosed: {code: 'quotation_closed', status: 409},
  /** A status move the quotation's life cycle does not allow (409). */
  invalidTransition: {code: 'invalid_transition', status: 409},
} as const satisfies Record<string, ErrorRow>;

/** The name of a row of {@link Errors}. */
export type ErrorName = keyof typeof Errors;
/** A row of {@link Errors}, what a `ServiceError` is made of. */
export type ServiceErrorRow = (typeof Errors)[ErrorName];
/** Every code the service answers with. */
export type ErrorCode = (typeof Errors)[ErrorName]['code'];

/** Each row's code by the row's name, for code that compares codes (tests, clients). */
export const ErrorCode = Object.fromEntries(
  Object.entries(Errors).map(([name, row]) => [name, row.code]),
) as {readonly [Name in ErrorName]: (typeof Errors)[Name]['code']};

/** An error that names a row of {@link Errors} and knows how to become a JSON `{code, message}` answer. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(row: ServiceErrorRow, message: string, details?: unknown) {
    super(message);
    this.name = 'ServiceError';
    this.status = row.status;
    this.code = row.code;
    this.details = details;
  }

  toResponse(headers?: HeadersInit): Response {
    const body: Record<string, unknown> = {code: this.code, message: this.message};
    if (this.details !== undefined) body.details = this.details;
    return Response.json(body, {status: this.status, headers});
  }
}

/**
 * The answer to anything thrown while answering a request: a `ServiceError` (the engine's
 * refusals are ones too) answers for itself; anything else is a bug, logged and answered 500
 * without a word of its message. The Hono app's error handler and the fast update path both
 * answer with this, so the two cannot drift.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof ServiceError) return error.toResponse();
  console.error(error);
  return new ServiceError(Errors.internal, 'Internal error').toResponse();
}

export const badRequest = (
  row: ServiceErrorRow & {status: 400},
  message: string,
  details?: unknown,
) => new ServiceError(row, message, details);
export const notFound = (message: string, details?: unknown) =>
  new ServiceError(Errors.notFound, message, details);
