// What a page's POST may carry: the token the service refused (so the helper can drop it instead
// of handing it out again until its renewal time), and the session the page is about to start
// (so the helper can start it in the same round trip, when it is set up to: session-start.ts).
import {readCapped} from './read-capped.js';
import {TokenEndpointError, TokenEndpointErrors} from './token-endpoint-error.js';

/**
 * The largest body the endpoint reads. A request holds one token or one model name; real
 * tokens (opaque strings, JWTs) and names stay far below this, and anything larger is not a
 * token request.
 */
export const maxRequestBytes = 16 * 1024;

/**
 * The session a page asks the helper to start with its token, in `lang`: a model anew
 * (`new/{model}`) or an existing session id or code (`open/{configuration}`), one of the two.
 */
export type StartRequest = (
  | {
      /** The model identifier, as the element's `model` holds it. */
      model: string;
    }
  | {
      /** The session id or code, as the element's `configuration` holds it. */
      configuration: string;
    }
) & {
  /** The language, as the element would send it; absent: the service's default. */
  lang?: string;
};

/** A token request's body, read. */
export interface TokenRequestBody {
  /** The access token the service refused, when the page reports one. */
  rejected?: string;
  /** The session the page would start next, when it says so. */
  start?: StartRequest;
}

/**
 * Reads a token request's body: `{"rejected"?: "<token>", "start"?: {"model" or
 * "configuration", "lang"?}}`. An
 * empty body (what a page sends that reports and asks nothing) gives `{}`, as does an object
 * without either field; other fields are ignored. The body is read as JSON whatever its content
 * type, because a page labels it `text/plain` to stay a CORS simple request.
 *
 * @throws TokenEndpointError 413 `payload_too_large` past {@link maxRequestBytes}, 400
 *   `invalid_request` for a body that is not such an object.
 */
export async function readTokenRequest(request: Request): Promise<TokenRequestBody> {
  const text = await readLimited(request);
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('The request body is not JSON');
  }
  if (!isObject(body)) throw invalid('The request body must be a JSON object');
  const {rejected, start} = body;
  if (rejected != null && (typeof rejected !== 'string' || rejected === '')) {
    throw invalid('`rejected` must be the access token the service refused');
  }
  const named = isObject(start) ? nonEmpty(start.model) + nonEmpty(start.configuration) : 0;
  if (
    start != null &&
    !(isObject(start) && named === 1 && (start.lang == null || typeof start.lang === 'string'))
  ) {
    throw invalid(
      '`start` must be an object with either the `model` to start or the `configuration` to open and, optionally, its `lang`',
    );
  }
  if (!isObject(start)) return typeof rejected === 'string' ? {rejected} : {};
  const lang = typeof start.lang === 'string' ? {lang: start.lang} : {};
  return {
    ...(typeof rejected === 'string' && {rejected}),
    start:
      typeof start.model === 'string'
        ? {model: start.model, ...lang}
        : {configuration: start.configuration as string, ...lang},
  };
}

/** 1 for a non-empty string, else 0: a `start` names exactly one thing. */
const nonEmpty = (value: unknown) => (typeof value === 'string' && value !== '' ? 1 : 0);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function readLimited(request: Request): Promise<string> {
  const bytes = await readCapped(request, maxRequestBytes);
  if (!bytes) throw tooLarge();
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    throw invalid('The request body is not UTF-8');
  }
}

const invalid = (message: string) =>
  new TokenEndpointError(TokenEndpointErrors.invalidRequest, message);

const tooLarge = () =>
  new TokenEndpointError(
    TokenEndpointErrors.payloadTooLarge,
    `The request body is larger than ${maxRequestBytes} bytes`,
  );
