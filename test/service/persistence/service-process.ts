import {spawn} from 'node:child_process';
import {demoCredentials} from '../../helpers/node/service.js';

/** `npm start`'s service (without the build) as a child process on a data folder. */
export interface ServiceProcess {
  url: string;
  pid: number;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** `SIGKILL`: no shutdown code runs, as in a crash or a power cut of the process. */
  kill(): Promise<void>;
  /** `SIGTERM`: the orderly shutdown. */
  stop(): Promise<void>;
  /** A bearer token of the demo application with every scope. */
  token(): Promise<string>;
  /** `fetch` against the service with the token. */
  call(path: string, init?: {method?: string; json?: unknown}): Promise<Response>;
}

/** Starts the service; resolves once it listens. */
export async function startServiceProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) =>
      reject(new Error(`the service exited with ${code} before listening: ${stderr}`)),
    );
  });
  let token: Promise<string> | undefined;
  const service: ServiceProcess = {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
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
 * Runs the service expecting it to refuse to start; resolves with its exit code and stderr.
 */
export async function failedStart(dataDir: string): Promise<{code: number | null; stderr: string}> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir},
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
