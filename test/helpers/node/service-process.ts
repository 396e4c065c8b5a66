// The reference service as its entry runs it, in a child process: `service` is service/main.ts
// (`npm run service`), `demo` is demo/server/main.ts (`npm start` without the build: the
// service with the demo pages, the built widget and the demo token endpoint). In-process tests
// use ./service.ts instead.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startNodeFlags} from '../../../scripts/start-flags.mjs';
import {demoCredentials} from '../demo-token.js';

export const entries = {service: 'service/main.ts', demo: 'demo/server/main.ts'} as const;

/**
 * Node's arguments for an entry, with the flags its npm script gives it (`npm run service` for
 * the service, `npm start` for the demo; the heap's size, docs/decisions/0077).
 */
function nodeArgs(entry: keyof typeof entries = 'service'): string[] {
  const flags = startNodeFlags('.', entry === 'service' ? 'service' : 'start');
  return ['--import', 'tsx', ...flags, entries[entry]];
}

export interface ServiceProcessOptions {
  /** Which entry to run; default `service`. */
  entry?: keyof typeof entries;
  /** `DATA_DIR`; default a throwaway folder, removed once the process has exited. */
  dataDir?: string;
  /** More environment variables (`PORT=0` and `HOST=127.0.0.1` are set unless given). */
  env?: Record<string, string>;
}

export interface ServiceProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  pid: number;
  /** Everything it wrote to stdout so far (its start lines among it). */
  stdout(): string;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** The first match of `pattern` in its stdout, once it has written it. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
  /** `SIGKILL`: no shutdown code runs, as in a crash or a power cut of the process. */
  kill(): Promise<void>;
  /**
   * `SIGTERM`: the orderly shutdown. Resolves with the exit code once it exited (and its
   * throwaway data is gone).
   */
  stop(): Promise<number | null>;
  /** A bearer token of the demo application with every scope. */
  token(): Promise<string>;
  /** `fetch` against the service with the token. */
  call(path: string, init?: {method?: string; json?: unknown}): Promise<Response>;
}

/** Starts the entry; resolves once it printed its URL and credentials lines. */
export async function startServiceProcess(
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  const throwaway = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'configurator-process-'));
  const child = spawn(process.execPath, nodeArgs(options.entry), {
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const outputWaiters = new Set<() => void>();
  const waitForOutput = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve) => {
      const look = () => {
        const match = pattern.exec(stdout);
        if (!match) return false;
        outputWaiters.delete(check);
        resolve(match);
        return true;
      };
      const check = () => void look();
      if (!look()) outputWaiters.add(check);
    });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The store compacts on shutdown: remove a throwaway folder only once the process is gone.
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (throwaway) rmSync(dataDir, {recursive: true, force: true});
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const waiter of [...outputWaiters]) waiter();
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/?\n[^\n]*credentials: [^\n]*\n/i.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`the service exited with ${code} before listening: ${stderr}`)),
    );
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  let token: Promise<string> | undefined;
  const service: ServiceProcess = {
    url,
    pid: child.pid!,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForOutput,
    kill: async () => {
      await signal('SIGKILL');
    },
    stop: () => signal('SIGTERM'),
    token: () => (token ??= issueToken(url)),
    call: async (path, init = {}) =>
      fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${await service.token()}`,
          ...(init.json === undefined ? {} : {'Content-Type': 'application/json'}),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
  };
  return service;
}

async function issueToken(url: string): Promise<string> {
  const response = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'Service.Api',
      client_id: demoCredentials.clientId,
      client_secret: demoCredentials.secret,
    }),
  });
  if (response.status !== 200) throw new Error(`token: ${response.status}`);
  return ((await response.json()) as {access_token: string}).access_token;
}

/**
 * Runs the entry expecting it to refuse to start; resolves with its exit code and stderr.
 */
export async function failedStart(
  options: ServiceProcessOptions = {},
): Promise<{code: number | null; stderr: string}> {
  const child = spawn(process.execPath, nodeArgs(options.entry), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(options.dataDir === undefined ? {} : {DATA_DIR: options.dataDir}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    // It listens: the refusal this test expects did not happen.
    if (chunk.toString().includes('http://')) child.kill('SIGKILL');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {code, stderr};
}
