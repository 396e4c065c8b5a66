// The reference service as its entry runs it, in a child process: `service` is service/main.ts
// (`npm run service`), `demo` is demo/server/main.ts (`npm start` without the build: the
// service with the demo pages, the built widget and the demo token endpoint). In-process tests
// use ./service.ts instead.
import {
  serviceEntries,
  startServiceProcess as startProcess,
  type StartedProcess,
} from '../../../scripts/service-process.mjs';
import {demoCredentials} from '../demo-token.js';

export const entries = serviceEntries;

export interface ServiceProcessOptions {
  /** Which entry to run; default `service`. */
  entry?: 'service' | 'demo';
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
  const started = await startProcess({
    entry: options.entry ?? 'service',
    dataDir: options.dataDir,
    env: options.env,
    ready: /(http:\/\/127\.0\.0\.1:\d+)\/?\n[^\n]*credentials: [^\n]*\n/i,
  });
  const {url} = started;
  let token: Promise<string> | undefined;
  const service: ServiceProcess = {
    url,
    pid: started.pid,
    stdout: started.stdout,
    stderr: started.stderr,
    waitForOutput: started.waitForOutput,
    kill: async () => {
      await started.kill();
    },
    stop: () => started.stop(),
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
  let started: StartedProcess;
  try {
    started = await startProcess({
      entry: options.entry ?? 'service',
      // Unlike a start, a refusal is tested on the folder given or none at all.
      dataDir: options.dataDir ?? null,
      env: options.env,
    });
  } catch (error) {
    const {exitCode, stderr} = error as {exitCode?: number | null; stderr?: string};
    if (exitCode === undefined) throw error;
    return {code: exitCode, stderr: stderr ?? ''};
  }
  // It listens: the refusal this test expects did not happen.
  await started.kill();
  throw new Error(`the service started at ${started.url} instead of refusing`);
}
