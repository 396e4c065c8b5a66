import type {ContentfulStatusCode} from 'hono/utils/http-status';

/**
 * Every error code the service answers with: one table, so `ServiceError` takes nothing else
 * and a code cannot be spelt two ways. docs/errors.md documents each with its status and
 * meaning; test/service/errors.test.ts fails when a code lacks a row there, or a row names a
 * code this table does not hold. The strings are a public contract: never change one.
 */
export const ErrorCode = {
  // Authentication and tokens.
  notAuthorized: 'not_authorized',
  tokenMissing: 'token_missing',
  tokenInvalid: 'token_invalid',
  tokenExpired: 'token_expired',
  /** The token's scope does not reach the operation (403). */
  insufficientScope: 'insufficient_scope',
  /** A token request named a scope the service does not know, or the application may not have. */
  invalidScope: 'invalid_scope',
  /** Too many token requests from this client or address (429, `Retry-After`). */
  rateLimited: 'rate_limited',
  originNotAllowed: 'origin_not_allowed',
  /** The publishable key is unknown or was deleted (401; service/embed-keys). */
  invalidKey: 'invalid_key',

  // Requests and their limits (service/http/limits.ts).
  unsupportedMediaType: 'unsupported_media_type',
  malformedBody: 'malformed_body',
  invalidBody: 'invalid_body',
  invalidQuery: 'invalid_query',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  /** An array in the body has more items than the operation takes (413). */
  tooManyItems: 'too_many_items',
  /** The JSON body nests deeper than `Limits.bodyDepth` (400). */
  bodyTooDeep: 'body_too_deep',
  /** The request target is longer than `Limits.urlLength` (414). */
  uriTooLong: 'uri_too_long',
  /** More query parameters than `Limits.queryParameters` (400). */
  tooManyParameters: 'too_many_parameters',
  /**
   * The request line or a header cannot be read as HTTP or as a URL (400): a `Host` that is not
   * a host, a backslash in the path, a target that is not a path.
   */
  malformedRequest: 'malformed_request',
  /** The request line and headers together are larger than the server reads (431). */
  headersTooLarge: 'headers_too_large',
  /** The request's headers or body did not arrive in time (408). */
  requestTimeout: 'request_timeout',
  /**
   * A connection over the bounds of service/http/connection-limits.ts: too many open from one
   * address (429) or in total (503), with `Retry-After`.
   */
  tooManyConnections: 'too_many_connections',

  // Entities and storage.
  /** A number outside its property's range (400). */
  outOfRange: 'out_of_range',
  /** The body sets a property only the service sets (400). */
  readOnlyField: 'read_only_field',
  /** An entity write names a related entity that does not exist (400). */
  invalidReference: 'invalid_reference',
  /** The application holds the most webhook subscriptions it may (409). */
  tooManySubscriptions: 'too_many_subscriptions',
  conflict: 'conflict',
  storageFull: 'storage_full',
  storageUnavailable: 'storage_unavailable',
  internal: 'internal_error',

  // What the engine refuses (service/engine/engine-error.ts gives each its status).
  /** No node with that id in the model (404). */
  unknownNode: 'unknown_node',
  /** No step with that id in the model (404). */
  unknownStep: 'unknown_step',
  /** The value is not a finite number, or the node cannot take it (400). */
  invalidValue: 'invalid_value',
  /** Text was sent for a node that is not a text input (400). */
  notATextNode: 'not_a_text_node',
  /** A value was sent for a text input; text goes through the text operation (400). */
  textNodeNeedsText: 'text_node_needs_text',
  /** The model's rules cannot satisfy the requirement at all (409). */
  unsatisfiable: 'unsatisfiable',
  /** The session state belongs to another model (400). */
  modelMismatch: 'model_mismatch',

  // Configurator operations.
  /** A language the service has no texts for. */
  unsupportedLanguage: 'unsupported_language',
  /** The session's model is no longer offered by this service. */
  modelUnavailable: 'model_unavailable',
  /** The node exists but holds no linked configuration. */
  notLinkedConfiguration: 'not_linked_configuration',

  // Quotations.
  /** A configuration still has unanswered mandatory features. */
  configurationIncomplete: 'configuration_incomplete',
  /** The configurations (or the quotation) use different currencies. */
  currencyMismatch: 'currency_mismatch',
  /** The quotation is past the point where lines may change. */
  quotationClosed: 'quotation_closed',
  /** A status move the quotation's life cycle does not allow (409). */
  invalidTransition: 'invalid_transition',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error that knows how to become a JSON `{code, message}` response. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, details?: unknown) {
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

export const badRequest = (code: ErrorCode, message: string, details?: unknown) =>
  new ServiceError(400, code, message, details);
export const notFound = (message: string, details?: unknown) =>
  new ServiceError(404, ErrorCode.notFound, message, details);
