// The types of service-process.mjs, so that the tests and the benchmark that import it are checked.
export declare const serviceEntries: {service: string; demo: string};

export interface StartOptions {
  /** `service` (service/main.ts, `npm run service`) or `demo` (demo/server/main.ts, `npm start`; the default), or a path. */
  entry?: 'service' | 'demo' | (string & {});
  /** The checkout to run it from; default the current folder. */
  root?: string;
  /** `DATA_DIR`; undefined for a throwaway folder removed once it exited, `null` to leave it unset. */
  dataDir?: string | null;
  /** More environment variables; they win over the defaults. */
  env?: Record<string, string>;
  /** More Node flags, after those of the entry's npm script. */
  nodeArgs?: string[];
  /** `pipe` (the default: kept for `stderr()`) or `inherit`. */
  stderr?: 'pipe' | 'inherit';
  /** What on stdout says it is listening; group 1 (or the match) is its URL. */
  ready?: RegExp;
}

export interface StartedProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout, now or once it is printed. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
  /** Its exit code, once it exited (and its throwaway data is gone). */
  exited: Promise<number | null>;
  /** Sends `signal` (default `SIGTERM`, the orderly shutdown); resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** `SIGKILL`: no shutdown code runs. */
  kill(): Promise<number | null>;
}

export declare function startServiceProcess(options?: StartOptions): Promise<StartedProcess>;
