// Node's http module (and Express, whose req/res extend it) speak IncomingMessage and
// ServerResponse, not Request and Response. This file bridges them with structural types
// only, so the helper imports nothing from Node and still bundles for other runtimes.
import type {TokenEndpointContext} from './token-endpoint.js';

/** The part of `http.IncomingMessage` (or an Express request) the adapter reads. */
export interface NodeRequestLike {
  method?: string;
  url?: string;
  /** Express keeps the full path here when a router strips its mount point from `url`. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: {remoteAddress?: string; encrypted?: boolean};
  resume(): unknown;
}

/** The part of `http.ServerResponse` (or an Express response) the adapter writes. */
export interface NodeResponseLike {
  headersSent?: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
}

type Handler = (request: Request, context?: TokenEndpointContext) => Promise<Response>;

/**
 * Turns a web-standard handler into a Node `(req, res)` listener, usable with
 * `http.createServer` and as an Express route handler. The caller's socket address reaches
 * the handler as `context.clientAddress`, the default rate-limit key.
 */
export function toNodeHandler(
  handler: Handler,
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  return (req, res) => {
    // The endpoint reads no body; draining it keeps a keep-alive connection usable.
    req.resume();
    let request: Request;
    try {
      request = toRequest(req);
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
        send(res, response.status, headers, await response.text());
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
  };
}

function toRequest(req: NodeRequestLike): Request {
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
  return new Request(url, {method: req.method ?? 'GET', headers});
}

function send(
  res: NodeResponseLike,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}
