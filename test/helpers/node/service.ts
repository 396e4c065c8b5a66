// The one way Node tests start the reference service in-process: `createApp()` served by
// @hono/node-server on 127.0.0.1 over real HTTP, a port of the system's choosing unless given.
// (Tests of the service as `npm start` runs it spawn a process: ./service-process.ts.)
import {serve, type ServerType} from '@hono/node-server';
import type {AddressInfo} from 'node:net';
import {createApp, type AppOptions} from '../../../service/app.js';
import {requestDemoToken} from '../demo-token.js';

export {demoCredentials} from '../demo-token.js';

/** The reference service listening on 127.0.0.1 over real HTTP, for one test file. */
export interface RunningService {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  app: ReturnType<typeof createApp>['app'];
  store: ReturnType<typeof createApp>['store'];
  /** The webhook machinery (tests wait on `webhooks.dispatcher.nextRecord()`). */
  webhooks: ReturnType<typeof createApp>['webhooks'];
  /** Every request the service answered: method, path with the query, and status. */
  requests: {method: string; path: string; status: number}[];
  /** A fresh scheme 1 token for the demo application (demo-client / demo-secret). */
  token(): Promise<string>;
  /**
   * `fetch` against the service with a bearer token (fetched once and reused). `json` is sent
   * as the JSON body; `token: null` sends no Authorization header.
   */
  call(path: string, init?: CallInit): Promise<Response>;
  /** Stops listening and drops open connections; the app and its state stay (see `reopen`). */
  stop(): Promise<void>;
  /** Listens again on the same port, with the same app and state (a restarted service). */
  reopen(): Promise<void>;
  /** Stops listening, then stops background work (webhook delivery) and closes the store. */
  close(): Promise<void>;
}

export interface CallInit extends RequestInit {
  json?: unknown;
  token?: string | null;
}

/** Starts `createApp(options)` on 127.0.0.1 and `port` (default: a free one). */
export async function startService(options: AppOptions = {}, port = 0): Promise<RunningService> {
  const created = createApp(options);
  const {app, store} = created;
  const requests: RunningService['requests'] = [];
  // @hono/node-server's bindings (the socket: rate limits key on the caller's address) pass on.
  const answer = async (request: Request, env: unknown) => {
    const response = await app.fetch(request, env);
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      path: url.pathname + url.search,
      status: response.status,
    });
    return response;
  };
  const listen = (onPort: number) =>
    new Promise<ServerType>((resolve) => {
      const server = serve({fetch: answer, port: onPort, hostname: '127.0.0.1'}, () =>
        resolve(server),
      );
    });
  let server: ServerType | undefined = await listen(port);
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${actualPort}`;

  const token = async () => (await requestDemoToken(url)).access_token;

  let shared: Promise<string> | undefined;
  const call = async (path: string, {json, token: given, ...init}: CallInit = {}) => {
    const headers = new Headers(init.headers);
    const bearer = given === undefined ? await (shared ??= token()) : given;
    if (bearer !== null && !headers.has('authorization')) {
      headers.set('Authorization', `Bearer ${bearer}`);
    }
    if (json !== undefined) {
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(json);
    }
    return fetch(`${url}${path}`, {...init, headers});
  };

  const stop = async () => {
    const listening = server;
    server = undefined;
    if (!listening) return;
    await new Promise<void>((resolve, reject) => {
      listening.close((error) => (error ? reject(error) : resolve()));
      // fetch keeps connections alive; without this close() waits for them to time out.
      if ('closeAllConnections' in listening) listening.closeAllConnections();
    });
  };
  const reopen = async () => {
    await stop();
    server = await listen(actualPort);
  };
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await stop();
      await created.close();
    })());

  return {url, app, store, webhooks: created.webhooks, requests, token, call, stop, reopen, close};
}

/** Reads a JSON body, failing with the status and text when it is not JSON. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`expected JSON, got ${response.status}: ${text.slice(0, 200)}`);
  }
}
