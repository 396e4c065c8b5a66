// A caller whose token the service refused says so in the body of its next POST, so the
// helper can drop that token instead of handing it out again until its renewal time.
import {TokenEndpointError, TokenEndpointErrorCode} from './token-endpoint-error.js';

/**
 * The largest body the endpoint reads. A report holds one token; real tokens (opaque strings,
 * JWTs) stay far below this, and anything larger is not a report.
 */
export const maxReportBytes = 16 * 1024;

/**
 * Reads the report of a rejected token from a request's body: `{"rejected": "<token>"}`. An
 * empty body (what callers send that report nothing) gives `undefined`, as does an object
 * without `rejected`; other fields are ignored. The body is read as JSON whatever its content
 * type, because a reporting page labels it `text/plain` to stay a CORS simple request.
 *
 * @throws TokenEndpointError 413 `payload_too_large` past {@link maxReportBytes}, 400
 *   `invalid_request` for a body that is not such an object.
 */
export async function readRejectedToken(request: Request): Promise<string | undefined> {
  const text = await readLimited(request);
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('The request body must be a JSON object');
  }
  const rejected = (body as Record<string, unknown>).rejected;
  if (rejected === undefined || rejected === null) return undefined;
  if (typeof rejected !== 'string' || rejected === '') {
    throw invalid('`rejected` must be the access token the service refused');
  }
  return rejected;
}

async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxReportBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading at once: a stream that never ends must not fill the memory.
    if (size > maxReportBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    throw invalid('The request body is not UTF-8');
  }
}

const invalid = (message: string) =>
  new TokenEndpointError(400, TokenEndpointErrorCode.invalidRequest, message);

const tooLarge = () =>
  new TokenEndpointError(
    413,
    TokenEndpointErrorCode.payloadTooLarge,
    `The request body is larger than ${maxReportBytes} bytes`,
  );
