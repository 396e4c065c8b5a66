/** Settings of a benchmark run, from `--flag value` arguments or `BENCH_*` variables. */
export interface BenchOptions {
  /** Nodes of the generated model. */
  nodes: number;
  seed: number;
  /** Concurrent sessions, each driven by its own update loop. */
  sessions: number;
  /** Seconds the HTTP phase runs at most. */
  seconds: number;
  /** Updates the HTTP phase sends at most (all loops together); 0 for no limit. */
  updates: number;
  /** Seconds of the in-process engine-only phase; 0 skips it. */
  engineSeconds: number;
  /**
   * Where the service runs: `process`, what `npm start` runs (`demo/server/main.ts`) in a process
   * of its own with a fresh `DATA_DIR` (SQLite, group commit); `worker`, `createApp` on a
   * worker thread of this process with the `store` chosen; `same-thread`, on the clients'
   * own thread.
   */
  service: 'process' | 'worker' | 'same-thread';
  /** A service already running (`LARGE_MODEL_NODES=<nodes> npm start`) to measure instead. */
  url: string | undefined;
  /** `memory`, or `sqlite` for the durable store (a SQLite file) in a temporary folder (`worker` and `same-thread`). */
  store: 'memory' | 'sqlite';
  /** A folder for a CPU profile of the service's process (`--service process`). */
  profile: string | undefined;
  /** Another checkout whose service to run (`--service process`), to compare with. */
  root: string | undefined;
  /** The `Accept-Encoding` the clients send: `identity` (plain JSON), `gzip` or `br`. */
  encoding: 'identity' | 'gzip' | 'br';
  /** Which updates to measure: `compressed` (`compress=true`), `full`, or `both` in turn. */
  answers: 'compressed' | 'full' | 'both';
  /**
   * Updates per second of the paced run (an open loop on a fixed schedule); `undefined` for
   * the default (2,000/s, the goal, for compressed answers only), 0 for none.
   */
  rate: number | undefined;
  /** `both`: the closed loop (as many updates as the service answers), then the paced run; or one of them. */
  loop: 'both' | 'closed' | 'paced';
  /**
   * Paced runs per kind of answer, one after another on the same service, each on sessions of
   * its own. One run's p99 moves with the machine's minute; several show how often it holds.
   */
  pacedRuns: number;
}

const defaults: BenchOptions = {
  nodes: 2000,
  seed: 1,
  sessions: 32,
  seconds: 10,
  updates: 0,
  engineSeconds: 3,
  service: 'process',
  url: undefined,
  store: 'sqlite',
  profile: undefined,
  root: undefined,
  encoding: 'identity',
  answers: 'both',
  rate: undefined,
  loop: 'both',
  pacedRuns: 1,
};

const usage = `Usage: npm run bench -- [--nodes 2000] [--seed 1] [--sessions 32] [--seconds 10]
       [--updates 0] [--engine-seconds 3] [--service process|worker|same-thread]
       [--url http://127.0.0.1:8787] [--store sqlite|memory] [--same-thread]
       [--profile <dir>] [--root <checkout>] [--encoding identity|gzip|br] [--gzip] [--answers both|compressed|full]
       [--rate <updates/s>] [--loop both|closed|paced] [--paced-runs 1]
Two ways to load the service, each printed beside the goal:
  closed loop  each session sends its next update as soon as the previous answer arrives: the
               most the service answers per second (its latency is queueing: about
               sessions / throughput on average).
  paced        an open loop: --rate updates per second (default 2000, the goal, for compressed
               answers; full ones only with an explicit --rate) spread over the sessions on a
               fixed schedule. A session still waits for its previous answer (a session is one
               shopper), but when it falls behind, an update's latency counts from its
               scheduled send time, so queueing is not hidden. It prints the throughput
               achieved, p50/p95/p99 and whether the schedule was kept.
--loop both (the default) runs the closed loop, then the paced run, per kind of answer;
--rate 0 runs no paced run; --paced-runs <n> runs the paced run n times in a row (each on
sessions of its own) and prints in how many of them the goal held, with every run's p99.
--service process (the default) runs what npm start runs (demo/server/main.ts), in its own process
with a fresh DATA_DIR; --url measures a service already running with LARGE_MODEL_NODES=<nodes>;
--store applies to --service worker and same-thread; --profile writes the service process's
CPU profile (node --cpu-prof) into a folder; --root runs another checkout's service
(before and after a change, on the same machine at the same time).
Each flag also reads from the environment: BENCH_NODES, BENCH_SECONDS, ...`;

/** Reads the options; prints the usage and exits on `--help` or a bad value. */
export function readBenchOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const options = {...defaults};
  const numberOption = (
    flag: string,
    key: 'nodes' | 'seed' | 'sessions' | 'seconds' | 'updates' | 'engineSeconds' | 'pacedRuns',
    min: number,
    integer = true,
  ) => {
    const envName = `BENCH_${flag.replace(/-/g, '_').toUpperCase()}`;
    const at = argv.indexOf(`--${flag}`);
    const raw = at >= 0 ? argv[at + 1] : env[envName];
    if (raw === undefined) return;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
      const kind = integer ? 'a whole number' : 'a number';
      console.error(`--${flag} (${envName}) must be ${kind} >= ${min}, not "${raw}"\n${usage}`);
      process.exit(2);
    }
    options[key] = value;
  };
  numberOption('nodes', 'nodes', 10);
  numberOption('seed', 'seed', 0);
  numberOption('sessions', 'sessions', 1);
  numberOption('seconds', 'seconds', 0.1, false);
  numberOption('updates', 'updates', 0);
  numberOption('engine-seconds', 'engineSeconds', 0, false);
  numberOption('paced-runs', 'pacedRuns', 1);
  const rateAt = argv.indexOf('--rate');
  const rate = rateAt >= 0 ? argv[rateAt + 1] : env.BENCH_RATE;
  if (rate !== undefined) {
    const value = Number(rate);
    if (!Number.isFinite(value) || value < 0) {
      console.error(`--rate (BENCH_RATE) must be a number >= 0, not "${rate}"\n${usage}`);
      process.exit(2);
    }
    options.rate = value;
  }
  const storeAt = argv.indexOf('--store');
  const store = storeAt >= 0 ? argv[storeAt + 1] : env.BENCH_STORE;
  if (store !== undefined) {
    if (store !== 'memory' && store !== 'sqlite') {
      console.error(`--store must be memory or sqlite\n${usage}`);
      process.exit(2);
    }
    options.store = store;
  }
  const choice = <T extends string>(flag: string, allowed: readonly T[]): T | undefined => {
    const at = argv.indexOf(`--${flag}`);
    const raw = at >= 0 ? argv[at + 1] : env[`BENCH_${flag.toUpperCase()}`];
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) {
      console.error(`--${flag} must be ${allowed.join(', ')}, not "${raw}"\n${usage}`);
      process.exit(2);
    }
    return raw as T;
  };
  if (argv.includes('--gzip') || env.BENCH_GZIP === '1') options.encoding = 'gzip';
  options.encoding = choice('encoding', ['identity', 'gzip', 'br'] as const) ?? options.encoding;
  options.service =
    choice('service', ['process', 'worker', 'same-thread'] as const) ??
    (argv.includes('--same-thread') || env.BENCH_SAME_THREAD === '1'
      ? 'same-thread'
      : options.service);
  const text = (flag: string) => {
    const at = argv.indexOf(`--${flag}`);
    return at >= 0 ? argv[at + 1] : env[`BENCH_${flag.toUpperCase()}`];
  };
  options.url = text('url') || undefined;
  options.profile = text('profile') || undefined;
  options.root = text('root') || undefined;
  options.answers = choice('answers', ['compressed', 'full', 'both'] as const) ?? options.answers;
  options.loop = choice('loop', ['both', 'closed', 'paced'] as const) ?? options.loop;
  return options;
}
