// One client cannot hold the service unreachable: the service as `npm run service` runs it, in
// a child process under a lowered descriptor limit (`ulimit -n`), flooded over real loopback
// HTTP with connections that send nothing and keep their side open. Counts are modest (a few
// hundred sockets) so this holds on a busy machine; every wait is on socket events or a poll
// of the child's descriptors with a generous deadline.
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {connect, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, test} from 'node:test';
import {startNodeFlags} from '../../../scripts/start-flags.mjs';
import {requestDemoToken} from '../../helpers/demo-token.js';

const descriptorLimit = 200;
const perAddress = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'connection-flood-'));
let child: ChildProcess;
let url: string;
let port: number;

before(async () => {
  const args = ['--import', 'tsx', ...startNodeFlags('.', 'service'), 'service/main.ts'];
  // `exec` keeps the pid the service's own, so /proc/<pid>/fd counts its descriptors.
  child = spawn(
    'sh',
    ['-c', `ulimit -n ${descriptorLimit} && exec "$0" "$@"`, process.execPath, ...args],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MAX_CONNECTIONS_PER_ADDRESS: String(perAddress),
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:(\d+))\//.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  port = Number(new URL(url).port);
});

after(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, {recursive: true, force: true});
});

/** The child's open descriptors now. */
const descriptors = () => readdirSync(`/proc/${child.pid}/fd`).length;

/** Polls `check` until it holds, failing with `describe()` after a generous deadline. */
async function eventually(check: () => boolean, describe: () => string, deadlineMs = 60_000) {
  const until = performance.now() + deadlineMs;
  while (!check()) {
    if (performance.now() > until) assert.fail(describe());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface FloodSocket {
  socket: Socket;
  received: string;
  closed: boolean;
}

/**
 * Opens `count` connections from `from` that send nothing and never end their side (a
 * half-open client), resolving once each is connected or refused at connect.
 */
async function flood(from: string, count: number): Promise<FloodSocket[]> {
  return Promise.all(
    Array.from(
      {length: count},
      () =>
        new Promise<FloodSocket>((resolve) => {
          const socket = connect({
            host: '127.0.0.1',
            port,
            localAddress: from,
            allowHalfOpen: true,
          });
          const held: FloodSocket = {socket, received: '', closed: false};
          socket.on('data', (chunk: Buffer) => (held.received += chunk.toString()));
          socket.on('error', () => {});
          socket.on('close', () => {
            held.closed = true;
            resolve(held);
          });
          socket.on('connect', () => resolve(held));
        }),
    ),
  );
}

const status = (held: FloodSocket) => /^HTTP\/1\.1 (\d{3})/.exec(held.received)?.[1];

test('a flood of silent connections from one address leaves the service reachable, and every one is released', async () => {
  const baseline = descriptors();
  const sockets = await flood('127.0.0.2', 250);
  try {
    // Everyone else is served while the flood holds its connections.
    const health = await fetch(`${url}/health`, {signal: AbortSignal.timeout(30_000)});
    assert.equal(health.status, 200);
    // Beyond its share, the flooding address is refused at once: 429 and the connection closed.
    await eventually(
      () => sockets.filter((held) => status(held) === '429').length >= 250 - perAddress,
      () => `refused: ${sockets.filter((held) => status(held) === '429').length}`,
    );
    const refused = sockets.find((held) => status(held) === '429')!;
    assert.match(refused.received, /Retry-After: 1\r\n/);
    assert.match(refused.received, /"code":"too_many_connections"/);
    // Those it holds are cut with 408 once the headers are late, and their descriptors are
    // released although the client never ends its side.
    await eventually(
      () => sockets.filter((held) => status(held) === '408').length === perAddress,
      () => `timed out: ${sockets.filter((held) => status(held) === '408').length}`,
    );
    await eventually(
      () => descriptors() <= baseline + 2,
      () => `the service still holds ${descriptors()} descriptors (baseline ${baseline})`,
    );
  } finally {
    for (const held of sockets) held.socket.destroy();
  }
});

test('connections from many addresses stop at the total, below the descriptor limit, and the service recovers', async () => {
  const addresses = Array.from({length: 12}, (_, i) => `127.0.0.${10 + i}`);
  const sockets = (await Promise.all(addresses.map((from) => flood(from, perAddress)))).flat();
  try {
    let most = 0;
    await eventually(
      () => {
        most = Math.max(most, descriptors());
        return sockets.some((held) => status(held) === '503');
      },
      () => 'no connection was refused for the total',
    );
    assert.ok(most < descriptorLimit, `${most} descriptors of ${descriptorLimit}`);
    // Once the silent ones are cut, everyone is served again; the flood never closed a socket.
    await eventually(
      () => sockets.filter((held) => held.received !== '').length === sockets.length,
      () => `unanswered: ${sockets.filter((held) => held.received === '').length}`,
    );
    const health = await fetch(`${url}/health`, {signal: AbortSignal.timeout(30_000)});
    assert.equal(health.status, 200);
  } finally {
    for (const held of sockets) held.socket.destroy();
  }
});

test('a body trickled with a valid token is cut at the request deadline', async () => {
  const token = (await requestDemoToken(url)).access_token;
  const [held] = await flood('127.0.0.3', 1);
  const socket = held!.socket;
  socket.write(
    `PUT /api/3/configurator/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
  );
  // A byte now and then, as a slow-loris client sends them, until the server cuts it.
  const trickle = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(' ');
  }, 100);
  try {
    await eventually(
      () => held!.closed || status(held!) !== undefined,
      () => 'the trickled request is still open',
    );
    assert.equal(status(held!), '408', held!.received);
  } finally {
    clearInterval(trickle);
    socket.destroy();
  }
});
