import {lookup} from 'node:dns/promises';
import {request as httpRequest, type RequestOptions} from 'node:http';
import {request as httpsRequest} from 'node:https';
import type {LookupFunction} from 'node:net';
import {isPrivateAddress, isPrivateHost, literalFamily} from './private-address.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all of its addresses (tests inject one; default `dns.lookup`). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, {all: true, verbatim: true});

/** A delivery refused before any connection: its target is private. */
export class PrivateTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivateTargetError';
  }
}

/**
 * Where a delivery may connect: the URL's address literal, or the first address its name
 * resolves to, after checking every resolved address (a name answering with one public and one
 * private address could otherwise be steered to the private one). Unless private targets are
 * allowed, a private literal or address is a `PrivateTargetError`.
 */
export async function resolveTarget(
  url: URL,
  {resolve, allowPrivateTargets}: {resolve: Resolver; allowPrivateTargets: boolean},
): Promise<ResolvedAddress> {
  const family = literalFamily(url.hostname);
  if (family !== 0) {
    const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!allowPrivateTargets && isPrivateAddress(address)) {
      throw new PrivateTargetError(`${address} is a private address; deliveries there are refused`);
    }
    return {address, family};
  }
  if (!allowPrivateTargets && isPrivateHost(url.hostname)) {
    throw new PrivateTargetError(`${url.hostname} is a local name; deliveries there are refused`);
  }
  const addresses = await resolve(url.hostname);
  if (addresses.length === 0) throw new Error(`${url.hostname} resolves to no address`);
  if (!allowPrivateTargets) {
    const refused = addresses.find(({address}) => isPrivateAddress(address));
    if (refused) {
      throw new PrivateTargetError(
        `${url.hostname} resolves to ${refused.address}, a private address; deliveries there are refused`,
      );
    }
  }
  return addresses[0]!;
}

/**
 * POSTs `body` to `url` over a fresh connection to `target`, the address `resolveTarget`
 * checked, so the name is not looked up a second time between check and connect (DNS
 * rebinding). TLS still verifies the certificate against the URL's host name. Resolves with
 * the status code; the response body is discarded. Redirects are not followed.
 */
export function postTo(
  url: URL,
  target: ResolvedAddress,
  {
    headers,
    body,
    signal,
    connectTimeoutMs = 3000,
  }: {
    headers: Record<string, string>;
    body: string;
    signal: AbortSignal;
    /** How long the connection may take to open (and TLS to agree), ms; default 3000. */
    connectTimeoutMs?: number;
  },
): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const options: RequestOptions = {
    method: 'POST',
    headers: {...headers, 'Content-Length': String(Buffer.byteLength(body))},
    // No pooled socket: every delivery connects to the address checked for it.
    agent: false,
    lookup: pinned,
    signal,
  };
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, options, (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    // A target that never accepts (a dropped SYN) is given up early, not at the attempt's end.
    const connecting = setTimeout(
      () => request.destroy(new Error(`No connection within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    request.on('socket', (socket) =>
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () =>
        clearTimeout(connecting),
      ),
    );
    request.on('close', () => clearTimeout(connecting));
    request.on('error', reject);
    request.end(body);
  });
}

/** Settles like `promise`, or rejects with the signal's reason once it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, {once: true});
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
