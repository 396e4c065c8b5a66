// What one client may hold of the server's connections, and how long a connection may take to
// say what it wants: a descriptor held by a client that sends nothing is one no other client
// can have, and a process out of descriptors refuses everyone (and its store: docs/security.md).
import {readFileSync} from 'node:fs';
import {STATUS_CODES, type Server} from 'node:http';
import type {Socket} from 'node:net';
import type {Duplex} from 'node:stream';
import {addressKey} from '../../src/server/address-key.js';
import {Errors, type ServiceErrorRow} from '../errors.js';

export interface ConnectionLimits {
  /** Open connections at most, from everyone together; `MAX_CONNECTIONS`. */
  total: number;
  /** Open connections at most from one address (an IPv6 /64); `MAX_CONNECTIONS_PER_ADDRESS`. */
  perAddress: number;
  /** Time for the request line and headers to arrive, ms; `HEADERS_TIMEOUT_MS`. */
  headersTimeoutMs: number;
  /** Time for the whole request, body included, to arrive, ms; `REQUEST_TIMEOUT_MS`. */
  requestTimeoutMs: number;
  /** Time an idle kept-alive connection stays open between requests, ms. */
  keepAliveTimeoutMs: number;
}

/**
 * Far above what browsers open (six per origin) and what a shop's backend pools, far below a
 * process's usual 1,024 descriptors; `total` is lowered further under a smaller limit.
 */
export const defaultConnectionLimits: ConnectionLimits = {
  total: 900,
  perAddress: 100,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * Descriptors kept free of connections under a lowered `ulimit -n`: the store's database, its
 * log and the log's syncs, the static files being read, and the standard streams.
 */
export const reservedDescriptors = 64;

/** The process's soft limit of open descriptors (Linux), or undefined where it cannot be read. */
export function descriptorLimit(): number | undefined {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    return line && line[1] !== 'unlimited' ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** `total` bounded so that the process keeps `reservedDescriptors` under its descriptor limit. */
export function fittedTotal(total: number, limit = descriptorLimit()): number {
  return limit === undefined ? total : Math.max(1, Math.min(total, limit - reservedDescriptors));
}

/**
 * The `node:http` server options that cut slow and idle connections early. Node checks the
 * header and request deadlines every `connectionsCheckingInterval` (30 s by default, which
 * let a silent connection live for 90 s); once a second keeps each deadline within a second.
 */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Node refuses a request deadline shorter than the headers' one.
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: 1_000,
  };
}

/**
 * Counts the server's connections per address and in total, and refuses one beyond either
 * bound at once: `429 too_many_connections` for an address over its share, `503` when the
 * server is full, each with `Retry-After` and the connection closed. A refused connection
 * costs its descriptor for as long as the answer takes to write, never longer.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  const perAddress = new Map<string, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const mine = perAddress.get(key) ?? 0;
    if (mine >= limits.perAddress || open >= limits.total) {
      const [row, message] =
        mine >= limits.perAddress
          ? [
              Errors.tooManyConnections,
              'Too many open connections from this address; close some and retry',
            ]
          : [
              Errors.tooManyConnectionsInTotal,
              'The service holds all the connections it takes; retry shortly',
            ];
      refuse(socket, row, message);
      return;
    }
    open++;
    perAddress.set(key, mine + 1);
    socket.once('close', () => {
      open--;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  });
}

/**
 * Writes a whole HTTP answer on a connection the server will not read further, then releases
 * the descriptor: once the answer is written, or after `graceMs` if the client does not read
 * it. Ending alone would keep the socket open for as long as the client keeps its side open.
 */
export function refuse(
  socket: Duplex,
  {code, status}: ServiceErrorRow,
  message: string,
  graceMs = 2_000,
): void {
  const body = JSON.stringify({code, message});
  const retryAfter = status === 429 || status === 503 ? 'Retry-After: 1\r\n' : '';
  const release = setTimeout(() => socket.destroy(), graceMs);
  release.unref();
  socket.once('close', () => clearTimeout(release));
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      retryAfter +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}
