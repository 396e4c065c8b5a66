import {serve} from '@hono/node-server';
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
  /** A fresh scheme 1 token for the demo application (demo-client / demo-secret). */
  token(): Promise<string>;
  /**
   * `fetch` against the service with a bearer token (fetched once and reused). `json` is sent
   * as the JSON body; `token: null` sends no Authorization header.
   */
  call(path: string, init?: CallInit): Promise<Response>;
  close(): Promise<void>;
}

export interface CallInit extends RequestInit {
  json?: unknown;
  token?: string | null;
}

/** Starts `createApp(options)` with @hono/node-server on 127.0.0.1 and a free port. */
export async function startService(options: AppOptions = {}): Promise<RunningService> {
  const created = createApp(options);
  const {app, store} = created;
  const {server, port} = await new Promise<{server: ReturnType<typeof serve>; port: number}>(
    (resolve) => {
      const server = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'}, (info) =>
        resolve({server, port: (info as AddressInfo).port}),
      );
    },
  );
  const url = `http://127.0.0.1:${port}`;

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

  const close = async () => {
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // fetch keeps connections alive; without this close() waits for them to time out.
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    // Stops background work (webhook delivery) and closes the store.
    await created.close();
  };

  return {url, app, store, webhooks: created.webhooks, token, call, close};
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
