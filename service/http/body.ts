import {Errors, ServiceError, badRequest} from '../errors.js';
import {readCapped} from '../../src/server/read-capped.js';
import {checkJsonDepth} from './limits.js';

// One decoder for every body: `decode` without `stream` keeps no state between calls, and
// building a decoder per request (its label lookup) showed in the service's profile.
const utf8 = new TextDecoder('utf-8', {fatal: false});

/** The largest body the service reads, in bytes. */
export const defaultBodyLimit = 1024 * 1024;

export interface ReadBodyOptions {
  /** Largest accepted body in bytes; larger bodies are answered with 413. */
  limit?: number;
}

const tooLarge = (limit: number) =>
  new ServiceError(
    Errors.payloadTooLarge,
    `The body is larger than the ${limit} bytes the service accepts`,
  );

/**
 * Reads the body as UTF-8 text, stopping as soon as it exceeds the limit so a huge body never
 * sits in memory whole. `Content-Length` is trusted only to fail early or to bound a read (the
 * size is checked again after), never to let a larger body through.
 */
export async function readBodyText(
  request: Request,
  {limit = defaultBodyLimit}: ReadBodyOptions = {},
): Promise<string> {
  const bytes = await readCapped(request, limit);
  if (!bytes) throw tooLarge(limit);
  return utf8.decode(bytes);
}

/** The media type of a request without parameters, lowercased; '' when absent. */
export function mediaType(request: Request): string {
  return mediaTypeOf(request.headers.get('content-type'));
}

/** The media type of a `Content-Type` value without parameters, lowercased; '' when absent. */
export function mediaTypeOf(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Bytes as UTF-8 text, as every body is read (malformed sequences become U+FFFD). */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

// UTF-8 and its subset; any other declared charset would be read as something it is not.
const readableCharsets = new Set(['utf-8', 'utf8', 'us-ascii']);

/** Whether a `Content-Type` value declares no charset, or UTF-8 (or its ASCII subset). */
export function readsAsUtf8(header: string | null | undefined): boolean {
  return charsetOf(header) === undefined || readableCharsets.has(charsetOf(header)!);
}

function charsetOf(header: string | null | undefined): string | undefined {
  for (const parameter of (header ?? '').split(';').slice(1)) {
    const [name, ...rest] = parameter.split('=');
    if (name!.trim().toLowerCase() !== 'charset') continue;
    return rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * Refuses a body that declares a charset other than UTF-8 (415 `unsupported_media_type`):
 * every body is read as UTF-8, so `charset=utf-16` text would be misread, not refused.
 */
export function requireUtf8(request: Request): void {
  const header = request.headers.get('content-type');
  if (readsAsUtf8(header)) return;
  throw new ServiceError(
    Errors.unsupportedMediaType,
    `The body must be UTF-8; charset=${charsetOf(header)} is not read`,
  );
}

/** Whether a media type is JSON (`application/json` or any `+json` type). */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

export interface ReadJsonOptions extends ReadBodyOptions {
  /**
   * `strict` demands a JSON content type. The default also accepts a body sent without one
   * or as `text/plain` (what `fetch` declares for a string body when the caller forgot the
   * header), but never one that declares another structured type.
   */
  contentType?: 'strict' | 'lenient';
}

/**
 * Reads and parses a JSON body: 415 for another declared content type or a charset other than
 * UTF-8, 413 above the limit,
 * 400 `malformed_body` for text that is not JSON, 400 `invalid_body` for an empty body, 400
 * `body_too_deep` for nesting deeper than `Limits.bodyDepth`.
 */
export async function readJson(request: Request, options: ReadJsonOptions = {}): Promise<unknown> {
  const type = mediaType(request);
  const lenient = options.contentType !== 'strict' && (type === '' || type === 'text/plain');
  if (!isJsonMediaType(type) && !lenient) {
    throw new ServiceError(
      Errors.unsupportedMediaType,
      `Expected Content-Type application/json, got ${type || 'none'}`,
    );
  }
  requireUtf8(request);
  const text = await readBodyText(request, options);
  return parseJson(text);
}

/**
 * Parses JSON text with the service's error codes; nesting deeper than `Limits.bodyDepth` is
 * 400 `body_too_deep`.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw badRequest(Errors.invalidBody, 'The body is empty');
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(
      Errors.malformedBody,
      `The body is not valid JSON: ${(error as Error).message}`,
    );
  }
}
