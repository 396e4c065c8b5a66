// Requests the app never sees, because Node's parser or the adapter cannot make a `Request` of
// them, answered like every other refusal: a status and a JSON body with a stable code.
import {RequestError} from '@hono/node-server';
import type {Server} from 'node:http';
import type {Duplex} from 'node:stream';
import {Errors, ServiceError, errorResponse} from '../errors.js';
import {refuse} from './connection-limits.js';

/**
 * For `getRequestListener`'s `errorHandler`: a request the adapter could not build (a `Host`
 * that is not a host, a backslash in the path, a target that is not a path) is 400
 * `malformed_request`; anything else thrown before the app answered is the app's 500.
 */
export function answerAdapterError(error: unknown): Response {
  if (error instanceof RequestError) {
    return new ServiceError(Errors.malformedRequest, error.message).toResponse();
  }
  return errorResponse(error);
}

/**
 * Answers what Node's HTTP parser refuses (a broken request line or header, headers over the
 * server's limit, a request that did not arrive in time) with the status Node would give and
 * a JSON body, then releases the connection: after a parse error nothing more on it can be
 * read, and a client that keeps its side open must not keep the descriptor (docs/security.md).
 */
export function answerParseErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client already dropped.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [row, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [Errors.headersTooLarge, 'The request line and headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [Errors.requestTimeout, 'The request did not arrive in time']
          : [Errors.malformedRequest, 'The request is not readable HTTP'];
    refuse(socket, row, message);
  });
}
