// Real HTTP on both sides of the token endpoint: a counting, fault-injecting authorization
// server, the endpoint served through its Node adapter, and a recorder of every answer and
// log line so a test can prove the secret never left the server.
import {randomUUID} from 'node:crypto';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before} from 'node:test';
import {
  toNodeHandler,
  type TokenEndpointHandler,
  type TokenEndpointLogEntry,
} from '../../src/server/token-endpoint.js';

/** A secret no code path could produce by accident. */
export const newSecret = () => `s3cret+${randomUUID()}/&=`;

export type UpstreamMode =
  | 'ok'
  | 'reject'
  | 'reject-echoing'
  | 'unavailable'
  | 'garbage'
  | 'incomplete'
  | 'hang'
  | 'redirect'
  | 'invalid-scope'
  | 'wide-scope'
  | 'scope-list'
  | 'endless';

export interface UpstreamCall {
  path: string;
  contentType: string;
  body: string;
}

/** An authorization server for both schemes that counts calls and misbehaves on demand. */
export class FakeUpstream {
  url = '';
  mode: UpstreamMode = 'ok';
  lifetimeSeconds = 3600;
  readonly calls: UpstreamCall[] = [];
  #server: Server;
  #gate: Promise<void> | undefined;
  #arrived: Array<() => void> = [];

  constructor() {
    this.#server = createServer((req, res) => void this.#answer(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Holds every answer until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.#gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.#gate = undefined;
      release();
    };
  }

  /** Resolves once `count` requests have arrived. */
  arrivals(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.calls.length >= count ? (resolve(), true) : false);
      if (!check()) this.#arrived.push(() => void check());
    });
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  async #answer(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const call = {path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body};
    this.calls.push(call);
    for (const notify of this.#arrived) notify();
    if (this.#gate) await this.#gate;
    const n = this.calls.length;
    const scheme2 = call.path === '/api/2/auth/serviceconnectlogin';
    const json = (status: number, value: unknown) => {
      res.writeHead(status, {'content-type': 'application/json'});
      res.end(JSON.stringify(value));
    };
    switch (this.mode) {
      case 'ok':
        return json(
          200,
          scheme2
            ? {accessToken: `token-${n}`, expiresIn: this.lifetimeSeconds * 1000}
            : {access_token: `token-${n}`, expires_in: this.lifetimeSeconds, token_type: 'Bearer'},
        );
      case 'reject':
        return json(401, {error: 'invalid_client'});
      case 'reject-echoing':
        // A careless server that quotes the request back: the endpoint must not pass it on.
        return json(400, {error: 'invalid_request', error_description: `could not use ${body}`});
      case 'unavailable':
        return json(503, {error: 'maintenance'});
      case 'garbage':
        res.writeHead(200, {'content-type': 'text/html'});
        return res.end(`<html>login page for ${body}</html>`);
      case 'incomplete':
        return json(200, scheme2 ? {accessToken: 'x'} : {access_token: 'x', expires_in: 'soon'});
      case 'invalid-scope':
        // A service that knows only the seed's scope, refusing as OAuth (scheme 1) or with its
        // own code (scheme 2) does.
        return json(
          400,
          scheme2
            ? {code: 'invalid_scope', message: 'Only the scope Service.Api exists'}
            : {error: 'invalid_scope', error_description: 'Only the scope Service.Api exists'},
        );
      case 'wide-scope':
        return json(
          200,
          scheme2
            ? {accessToken: `token-${n}`, expiresIn: 1_800_000, scope: 'Service.Api'}
            : {access_token: `token-${n}`, expires_in: 3600, scope: 'Service.Api'},
        );
      case 'scope-list':
        // A grant written as a list instead of OAuth's space-separated text.
        return json(
          200,
          scheme2
            ? {accessToken: `token-${n}`, expiresIn: 1_800_000, scope: ['Service.Api']}
            : {access_token: `token-${n}`, expires_in: 3600, scope: ['Service.Api']},
        );
      case 'endless': {
        // A 200 whose body never ends: the endpoint must stop reading at its cap.
        res.writeHead(200, {'content-type': 'application/json'});
        const chunk = `[${'0,'.repeat(8192)}`;
        const more = () => {
          if (!res.destroyed && res.write(chunk)) setImmediate(more);
          else if (!res.destroyed) res.once('drain', more);
        };
        return more();
      }
      case 'redirect':
        res.writeHead(307, {location: `${this.url}/elsewhere`});
        return res.end();
      case 'hang':
        return; // never answers; the endpoint's timeout must end the wait
    }
  }
}

/** The reference service over real HTTP, with one integration application. */
export async function startReferenceService(options: {
  clientId: string;
  secret: string;
  /** The scopes the application may be granted; default every scope. */
  scopes?: readonly ('Service.Api' | 'Service.Configurator')[];
  tokenLifetimeSeconds?: number;
  loginTokenLifetimeMs?: number;
}) {
  // Loaded on demand: files that need no reference service do not depend on it building.
  const {startService} = await import('../helpers/node/service.js');
  return startService({
    applications: [{clientId: options.clientId, secret: options.secret, scopes: options.scopes}],
    tokenLifetimeSeconds: options.tokenLifetimeSeconds,
    loginTokenLifetimeMs: options.loginTokenLifetimeMs,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
}

/** Everything the endpoint said, to scan for the secret at the end of a file. */
export class Recorder {
  readonly answers: Answer[] = [];
  readonly logs: TokenEndpointLogEntry[] = [];
  readonly log = (entry: TokenEndpointLogEntry) => void this.logs.push(entry);

  /** Every byte the outside world saw: bodies, header names and values, log lines. */
  transcript(): string {
    const answers = this.answers.map((a) => {
      const headers: string[] = [];
      a.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
      return `${a.status}\n${headers.join('\n')}\n${a.text}`;
    });
    return [...answers, ...this.logs.map((l) => JSON.stringify(l))].join('\n');
  }
}

/** The endpoint served over real HTTP through the Node adapter. */
export class EndpointServer {
  url = '';
  /** Requests handed to the endpoint so far. */
  received = 0;
  #server: Server;
  #recorder: Recorder;
  #waiters: Array<() => void> = [];

  constructor(handler: TokenEndpointHandler, recorder: Recorder) {
    const listener = toNodeHandler(handler);
    this.#server = createServer((req, res) => {
      listener(req, res);
      this.received += 1;
      for (const wake of this.#waiters) wake();
    });
    this.#recorder = recorder;
  }

  /** Resolves once the endpoint has been handed `count` requests. */
  receivedAtLeast(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.received >= count ? (resolve(), true) : false);
      if (!check()) this.#waiters.push(() => void check());
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/api/configurator-token`;
    return this;
  }

  /** A request as a page would send it: `POST` from `origin` (unless told otherwise). */
  async request(
    init: {method?: string; origin?: string | null; headers?: Record<string, string>} = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {accept: 'application/json', ...init.headers};
    if (init.origin !== null) headers.origin = init.origin ?? pageOrigin;
    const response = await fetch(this.url, {method: init.method ?? 'POST', headers});
    const text = await response.text();
    const answer = {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
    this.#recorder.answers.push(answer);
    return answer;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

/** The host page's origin in these tests. */
export const pageOrigin = 'https://shop.example';

/** A clock the test moves by hand. */
export class Clock {
  ms = 1_700_000_000_000;
  readonly now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

/**
 * The per-file setup every endpoint test shares: a fresh secret, a recorder, a fake upstream
 * started before the first test, and `cleanup`, closed in reverse order after the last one.
 */
export function useTokenEndpointFile() {
  const secret = newSecret();
  const recorder = new Recorder();
  const cleanup: Array<() => Promise<unknown>> = [];
  const upstream = new FakeUpstream();
  before(async () => {
    await upstream.start();
    cleanup.push(() => upstream.close());
  });
  after(async () => {
    for (const close of cleanup.reverse()) await close();
  });
  return {secret, recorder, cleanup, upstream};
}
