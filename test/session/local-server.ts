// A tiny HTTP server on 127.0.0.1 for unit tests of the session layer, before (and beside) the
// reference service: each test decides the answers, and can hold them to observe queueing.
import {createServer, type IncomingMessage} from 'node:http';
import type {AddressInfo} from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
}

export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

export interface LocalServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(seen);
    let answer: Answer;
    try {
      answer = await handler(seen);
    } catch (error) {
      answer = {status: 500, body: {code: 'internal_error', message: String(error)}};
    }
    if (res.destroyed) return;
    const body =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    res.writeHead(answer.status ?? 200, {
      ...(typeof answer.body === 'string' ? {} : {'Content-Type': 'application/json'}),
      ...answer.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise with its resolve outside, for holding a server answer until a test releases it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return {promise, resolve};
}

/** Resolves with the next event of that type. */
export function nextEvent<E extends Event>(target: EventTarget, type: string): Promise<E> {
  return new Promise((resolve) =>
    target.addEventListener(type, (event) => resolve(event as E), {once: true}),
  );
}

/** Resolves when `predicate` holds, checked on each event of that type (and right away). */
export function until(target: EventTarget, type: string, predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate()) return resolve();
    const check = () => {
      if (!predicate()) return;
      target.removeEventListener(type, check);
      resolve();
    };
    target.addEventListener(type, check);
  });
}
