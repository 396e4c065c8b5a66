// Node's http module (and Express, whose req/res extend it) speak IncomingMessage and
// ServerResponse, not Request and Response. This file bridges them with structural types
// only, so the helper imports nothing from Node and still bundles for other runtimes.
import type {TokenEndpointHandler} from './token-endpoint-handler.js';
import {maxRequestBytes} from './token-request-body.js';

/** The part of `http.IncomingMessage` (or an Express request) the adapter reads. */
export interface NodeRequestLike {
  method?: string;
  url?: string;
  /** Express keeps the full path here when a router strips its mount point from `url`. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: {remoteAddress?: string; encrypted?: boolean};
  /** True once the body was read, for example by an Express body parser mounted earlier. */
  readableEnded?: boolean;
  /** What such a body parser made of the body. */
  body?: unknown;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  resume(): unknown;
}

/** The part of `http.ServerResponse` (or an Express response) the adapter writes. */
export interface NodeResponseLike {
  headersSent?: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string | Uint8Array): unknown;
}

/**
 * Turns a web-standard handler into a Node `(req, res)` listener, usable with
 * `http.createServer` and as an Express route handler. The caller's socket address reaches
 * the handler as `context.clientAddress`, the default rate-limit key. The body (a report of a
 * rejected token, a session to start) is passed on up to the size a token request may have; a
 * body an Express parser already read is taken from `req.body`.
 */
export function toNodeHandler(
  handler: TokenEndpointHandler,
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  return (req, res) => {
    void readBody(req).then((body) => {
      // The client went away before its body ended: there is no one to answer.
      if (body === null) return;
      let request: Request;
      try {
        request = toRequest(req, body);
      } catch {
        // `new Request` refuses methods like TRACE and CONNECT; none of them is POST anyway.
        send(
          res,
          405,
          {allow: 'POST', 'cache-control': 'no-store', 'content-type': 'application/json'},
          JSON.stringify({
            code: 'method_not_allowed',
            message: 'The token endpoint answers POST only',
          }),
        );
        return;
      }
      handler(request, {clientAddress: req.socket.remoteAddress})
        .then(async (response) => {
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            headers[name] = value;
          });
          // Bytes, not text: an answer carrying a started session may be compressed.
          send(res, response.status, headers, new Uint8Array(await response.arrayBuffer()));
        })
        .catch(() => {
          send(
            res,
            500,
            {'cache-control': 'no-store', 'content-type': 'application/json'},
            JSON.stringify({
              code: 'internal_error',
              message: 'The token endpoint failed unexpectedly',
            }),
          );
        });
    });
  };
}

/**
 * The body, of which at most one byte more than a token request may hold is kept (enough for the
 * endpoint to refuse it as too large); the rest is drained so a keep-alive connection stays
 * usable. `null` when the request ended without its body.
 */
function readBody(req: NodeRequestLike): Promise<Uint8Array<ArrayBuffer> | string | null> {
  if (req.readableEnded) return Promise.resolve(parsedBody(req.body));
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    req.on('data', (chunk) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      if (size > maxRequestBytes) return;
      chunks.push(bytes.subarray(0, maxRequestBytes + 1 - size));
      size += Math.min(bytes.byteLength, maxRequestBytes + 1 - size);
    });
    req.on('end', () => {
      const body = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(body);
    });
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(null));
    req.resume();
  });
}

// Express body parsers leave an object (JSON, forms), a string (text) or bytes (raw).
function parsedBody(body: unknown): Uint8Array<ArrayBuffer> | string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  if (typeof body === 'object' && body !== null && Object.keys(body).length > 0) {
    return JSON.stringify(body);
  }
  return '';
}

function toRequest(req: NodeRequestLike, body: Uint8Array<ArrayBuffer> | string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":path") are not headers to a Request.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const scheme = req.socket.encrypted ? 'https' : 'http';
  const path = req.originalUrl ?? req.url ?? '/';
  let url: URL;
  try {
    url = new URL(path, `${scheme}://${headers.get('host') ?? 'localhost'}`);
  } catch {
    url = new URL('http://localhost/');
  }
  const method = req.method ?? 'GET';
  // A web Request refuses a body on GET and HEAD; only a POST's body means anything here.
  const hasBody = method.toUpperCase() === 'POST' && body.length > 0;
  if (!hasBody) headers.delete('content-length');
  return new Request(url, {method, headers, body: hasBody ? body : undefined});
}

function send(
  res: NodeResponseLike,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array,
) {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}
