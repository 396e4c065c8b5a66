// The one way anything outside npm starts the reference service in a process of its own, as
// its npm script does: the test runner (browser tests), the tests of the process itself
// (test/helpers/node/service-process.ts), the screenshots and the benchmark. Each used to
// spawn it its own way; the start lines, the throwaway data folder and the orderly stop are
// kept here once. Its types are in service-process.d.mts.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startNodeFlags} from './start-flags.mjs';

/** The entries, by the npm script that runs each (`npm run service`, `npm start`). */
export const serviceEntries = {service: 'service/main.ts', demo: 'demo/server/main.ts'};

/**
 * Starts an entry with `PORT=0` and `HOST=127.0.0.1` on a data folder of its own; resolves once
 * it printed a line `ready` matches (by default its URL), with that URL. Rejects with an error
 * carrying `exitCode` and `stderr` when it exits before.
 */
export async function startServiceProcess(options = {}) {
  const {
    entry = 'demo',
    root = '.',
    env = {},
    nodeArgs = [],
    stderr: stderrMode = 'pipe',
    ready = /(http:\/\/127\.0\.0\.1:\d+)/,
  } = options;
  // `null` leaves DATA_DIR as the environment has it; undefined makes a throwaway folder.
  const throwaway = options.dataDir === undefined;
  const dataDir = throwaway
    ? mkdtempSync(join(tmpdir(), 'configurator-process-'))
    : options.dataDir;
  const script = entry === 'service' ? 'service' : 'start';
  // tsx from this checkout: a benchmark's `--root` may name one without it installed.
  const args = [
    '--import',
    import.meta.resolve('tsx'),
    ...startNodeFlags(root, script),
    ...nodeArgs,
    serviceEntries[entry] ?? entry,
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(dataDir === null ? {} : {DATA_DIR: dataDir}),
      ...env,
    },
    stdio: ['ignore', 'pipe', stderrMode],
  });
  let stdout = '';
  let stderr = '';
  // Callers that wait for a later line (a key printed after the URL) look again on each chunk.
  const outputWaiters = new Set();
  const waitForOutput = (pattern) =>
    new Promise((resolve) => {
      const look = () => {
        const match = pattern.exec(stdout);
        if (match) {
          outputWaiters.delete(look);
          resolve(match);
        }
      };
      outputWaiters.add(look);
      look();
    });
  child.stderr?.on('data', (chunk) => (stderr += chunk.toString()));
  // The store compacts on shutdown: a throwaway folder goes only once the process is gone.
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      if (throwaway) rmSync(dataDir, {recursive: true, force: true});
      resolve(code);
    }),
  );
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk.toString();
      for (const look of [...outputWaiters]) look();
      const match = ready.exec(stdout);
      if (match) resolve(match[1] ?? match[0]);
    });
    exited.then((code) => {
      const error = new Error(`the service exited (${code}) before listening: ${stderr}`);
      reject(Object.assign(error, {exitCode: code, stderr}));
    });
  });
  const signal = (name) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return {
    url,
    pid: child.pid,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForOutput,
    exited,
    stop: (name = 'SIGTERM') => signal(name),
    kill: () => signal('SIGKILL'),
  };
}
