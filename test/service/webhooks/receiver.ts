import {createServer, type IncomingHttpHeaders, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

/** One callback the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (what the signature covers). */
  body: string;
  path: string;
}

/** What the receiver answers to the n-th request (0-based) it got; `hold` never answers. */
export type Answer = number | 'hold';

/**
 * A webhook receiver on 127.0.0.1 over real HTTP: records every request and lets a test wait
 * for the n-th one instead of sleeping.
 */
export interface Receiver {
  url: string;
  requests: Received[];
  /** Resolves with the first `count` requests once that many arrived. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (index: number, request: Received) => Answer = () => 200,
): Promise<Receiver> {
  const requests: Received[] = [];
  const waiters: Array<{count: number; resolve: (requests: Received[]) => void}> = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = requests.length;
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      };
      requests.push(received);
      const status = answer(index, received);
      if (status === 'hold') held.push(response);
      else response.writeHead(status, {'Content-Type': 'text/plain'}).end('noted');
      for (const waiter of [...waiters]) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(requests.slice(0, waiter.count));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    waitFor: (count) =>
      requests.length >= count
        ? Promise.resolve(requests.slice(0, count))
        : new Promise((resolve) => waiters.push({count, resolve})),
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
