// `npm run bench`: v3 updates against the reference service over real HTTP, on a generated
// model of 2,000 nodes, from 32 concurrent sessions; then the engine alone for contrast.
// Not a test: it prints figures. `npm run bench -- --help` lists the settings.
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import os, {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {Worker} from 'node:worker_threads';
import type {Configuration, FeatureNode, Requirement} from '../src/wire/index.js';
import {
  applyRequirement,
  compileModel,
  generateLargeModel,
  initialState,
  renderConfiguration,
  renderConfigurationChanges,
  encodeConfiguration,
  prepareConfiguration,
  type CompiledModel,
} from '../service/engine/index.js';
import {readBenchOptions, type BenchOptions} from './bench-options.js';
import {startBenchServer, type BenchServer} from './bench-server.js';
import {HttpConnection, requestText, type RawAnswer} from './http-client.js';
import {processCpuMs} from './thread-cpu.js';
import {requestDemoToken} from '../test/helpers/demo-token.js';
import {seededRandom as random} from '../service/models/seeded-random.js';

const NodeKind = {alternative: 2, or: 3, optional: 0, input: 8, slider: 7, text: 3} as const;

interface Choice {
  id: string;
  kind: 'option' | 'checkbox' | 'number';
  min: number;
  max: number;
}

/** What a shopper can click or type in a model, read from the rendered feature tree. */
function choicesOf(configuration: Configuration): Choice[] {
  const choices: Choice[] = [];
  const visit = (node: FeatureNode) => {
    if (node.featureType === NodeKind.text) return;
    if (node.displayType === NodeKind.input || node.displayType === NodeKind.slider) {
      choices.push({id: node.id, kind: 'number', min: node.minValue ?? 0, max: node.maxValue ?? 0});
    } else if (node.type === NodeKind.alternative || node.type === NodeKind.or) {
      choices.push({id: node.id, kind: 'option', min: 0, max: 1});
    } else if (node.type === NodeKind.optional) {
      choices.push({id: node.id, kind: 'checkbox', min: 0, max: 1});
    }
    node.features.forEach(visit);
  };
  configuration.featureModel.steps.forEach((s) => s.features.forEach(visit));
  return choices;
}

/** A plausible next click: pick an option, tick or untick a box, type a number (sometimes out of range). */
function nextRequirement(choices: readonly Choice[], next: () => number): Requirement {
  const choice = choices[Math.floor(next() * choices.length)]!;
  if (choice.kind === 'number') {
    const span = choice.max - choice.min;
    const value = Math.round(choice.min - span * 0.1 + next() * span * 1.2);
    return {featureModelNodeId: choice.id, value, isSelection: false};
  }
  const value = choice.kind === 'checkbox' && next() < 0.4 ? 0 : 1;
  return {featureModelNodeId: choice.id, value, isSelection: true};
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString('utf8');

/** The service's own CPU time in ms (Linux), when it runs apart from the clients. */
type MeasuredServer = BenchServer & {cpuMs?: () => Promise<number | null>};

async function startServer(options: BenchOptions): Promise<MeasuredServer> {
  if (options.url) return externalServer(options.url, options);
  if (options.service === 'process') return startServiceProcess(options);
  const settings = {nodes: options.nodes, seed: options.seed, store: options.store};
  if (options.service === 'same-thread') return startBenchServer(settings);
  // Node 20 does not run --import hooks for a worker's entry, so the worker registers tsx
  // itself before it loads the TypeScript entry.
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`,
    {eval: true, workerData: settings},
  );
  const started = await new Promise<{url: string; identifier: string}>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    ...started,
    async cpuMs() {
      const answer = new Promise<{cpuMs: number | null}>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage('cpu');
      return (await answer).cpuMs;
    },
    async commits() {
      const answer = new Promise<{commits: number | null}>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage('commits');
      return (await answer).commits;
    },
    async close() {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

/** A service someone else started (`LARGE_MODEL_NODES=2000 npm start`), at `url`. */
function externalServer(url: string, options: BenchOptions): MeasuredServer {
  return {
    url: url.replace(/\/+$/, ''),
    identifier: `Large Model ${options.nodes}`,
    async commits() {
      return null;
    },
    async close() {},
  };
}

/**
 * What `npm start` runs (`demo/server/main.ts`: the service behind the demo pages and the
 * widget's files, its database in `DATA_DIR` with group commit) in a process of its own, with
 * a fresh `DATA_DIR` and `LARGE_MODEL_NODES`; the clients stay in this process.
 */
async function startServiceProcess(options: BenchOptions): Promise<MeasuredServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'configurator-bench-'));
  const root = options.root ?? fileURLToPath(new URL('..', import.meta.url));
  const nodeArgs = ['--import', 'tsx'];
  if (options.profile) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.profile);
  // tsx from this checkout: another one may not have it installed.
  nodeArgs[1] = import.meta.resolve('tsx');
  // What `npm start` runs after its build; a checkout from before the demo host moved
  // served everything from service/main.ts.
  const entry = existsSync(join(root, 'demo/server/main.ts'))
    ? 'demo/server/main.ts'
    : 'service/main.ts';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LARGE_MODEL_NODES: String(options.nodes),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      const found = /http:\/\/[\d.]+:\d+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`The service stopped (${code}): ${out}`)));
  });
  return {
    url,
    identifier: `Large Model ${options.nodes}`,
    async cpuMs() {
      return processCpuMs(child.pid!);
    },
    async commits() {
      return null;
    },
    async close() {
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, {recursive: true, force: true});
    },
  };
}

async function token(url: string): Promise<string> {
  return (await requestDemoToken(url, 'Service.Configurator')).access_token;
}

/** The figures the issue sets, printed beside what was measured. */
const goals = {
  compressed: {throughput: 2000, p99: 20},
  full: {throughput: 600, p99: Infinity},
} as const;

const mark = (ok: boolean) => (ok ? 'meets' : 'misses');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function httpPhases(options: BenchOptions) {
  const server = await startServer(options);
  try {
    const bearer = `Bearer ${await token(server.url)}`;
    const startedAt = performance.now();
    const sessions = await Promise.all(
      Array.from({length: options.sessions}, async () => {
        const response = await fetch(
          `${server.url}/api/3/configurator/new/${encodeURIComponent(server.identifier)}?lang=en`,
          {headers: {Authorization: bearer}},
        );
        if (!response.ok)
          throw new Error(`Start failed: ${response.status} ${await response.text()}`);
        return (await response.json()) as Configuration;
      }),
    );
    const startMs = performance.now() - startedAt;
    const choices = choicesOf(sessions[0]!);
    console.log(
      `Model "${server.identifier}": ${Object.keys(sessions[0]!.values).length} nodes, ` +
        `${choices.length} choices; ${options.sessions} sessions started in ${ms(startMs)}`,
    );
    for (const mode of options.answers === 'both'
      ? (['compressed', 'full'] as const)
      : [options.answers]) {
      await httpPhase(options, server, bearer, sessions, choices, mode);
    }
  } finally {
    await server.close();
  }
}

async function httpPhase(
  options: BenchOptions,
  server: MeasuredServer,
  bearer: string,
  sessions: readonly Configuration[],
  choices: readonly Choice[],
  mode: 'compressed' | 'full',
) {
  const query =
    mode === 'compressed' ? 'ignoreConflicts=true&compress=true' : 'ignoreConflicts=true';
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  let sent = 0;
  const loadBefore = load();
  const deadline = performance.now() + options.seconds * 1000;
  const limit = options.updates > 0 ? options.updates : Infinity;
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const serviceCpuBefore = (await server.cpuMs?.()) ?? null;
  const commitsBefore = await server.commits();
  // One kept-alive connection per session, on a minimal client (bench/http-client.ts): the
  // clients share the machine's two cores with the service, so they must cost little.
  const connections = sessions.map(() => new HttpConnection(server.url));
  const headers = {
    Authorization: bearer,
    'Content-Type': 'application/json',
    'Accept-Encoding': options.encoding,
  };
  await Promise.all(
    sessions.map(async (session, loop) => {
      const next = random(options.seed * 1000 + loop + (mode === 'full' ? 500 : 0));
      const connection = connections[loop]!;
      const url = new URL(`${server.url}/api/3/configurator/${session.id}?${query}`);
      while (performance.now() < deadline && sent < limit) {
        sent++;
        const body = JSON.stringify(nextRequirement(choices, next));
        const request = requestText(
          'PUT',
          url,
          headers,
          body.replace(/"(\w)/g, (_, c: string) => `"${c.toUpperCase()}`),
        );
        // Now and then, check that the answer really is this session's configuration: every
        // answer's bytes are received and counted, only these are kept and decoded.
        const check = sent % 64 === 0;
        const t0 = performance.now();
        const response: RawAnswer = await connection.request(request, {keepBody: check});
        latencies.push(performance.now() - t0);
        bytes += response.bodyBytes;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200 && response.body) {
          const configuration = JSON.parse(
            decode(response.body, response.encoding),
          ) as Configuration;
          const compressed = 'compressed' in configuration;
          if (
            configuration.id !== session.id ||
            configuration.conflicts !== null ||
            compressed !== (mode === 'compressed')
          ) {
            throw new Error(`Unexpected answer for session ${session.id}`);
          }
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const connection of connections) connection.close();
  const serviceCpuAfter = (await server.cpuMs?.()) ?? null;
  const commitsAfter = await server.commits();
  latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  const rate = latencies.length / elapsed;
  const p99 = percentile(latencies, 99);
  const goal = goals[mode];
  console.log(
    `\nHTTP  PUT /api/3/configurator/{id}?${query}  (${mode} answers, ${options.encoding})`,
  );
  console.log(`  updates         ${latencies.length} in ${elapsed.toFixed(2)} s`);
  console.log(
    `  throughput      ${rate.toFixed(1)} updates/s   goal >= ${goal.throughput}: ${mark(rate >= goal.throughput)}`,
  );
  // CPU time tells what an update costs even when other work shares the machine.
  const perUpdate = (cpuMs: number) => ms(cpuMs / Math.max(1, latencies.length));
  const ownCpuMs = (cpu.user + cpu.system) / 1000;
  const serviceCpuMs =
    serviceCpuBefore !== null && serviceCpuAfter !== null
      ? serviceCpuAfter - serviceCpuBefore
      : null;
  if (options.service === 'process' && !options.url) {
    // The service in its own process: this process is the clients alone.
    console.log(`  clients CPU     ${perUpdate(ownCpuMs)} per update (the load generator)`);
    if (serviceCpuMs !== null) {
      console.log(
        `  service CPU     ${perUpdate(serviceCpuMs)} per update (the service's process, all its threads)`,
      );
      console.log(`  CPU per update  ${perUpdate(ownCpuMs + serviceCpuMs)} (service and clients)`);
    }
  } else {
    console.log(
      `  CPU per update  ${perUpdate(ownCpuMs)} (${options.url ? 'the clients alone' : 'service and clients together'})`,
    );
    if (serviceCpuMs !== null) {
      // The service thread alone: what an update costs the service, whatever else runs.
      console.log(
        `  service CPU     ${perUpdate(serviceCpuMs)} per update (the service's thread alone)`,
      );
    }
  }
  if (commitsBefore !== null && commitsAfter !== null) {
    // Group commit: one transaction and one sync for the updates that arrive together.
    const commits = commitsAfter - commitsBefore;
    console.log(
      `  commits         ${commits} (${(latencies.length / Math.max(1, commits)).toFixed(1)} updates per commit and sync)`,
    );
  }
  console.log(
    `  latency         p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}` +
      `  p99 ${ms(p99)}  max ${ms(latencies.at(-1) ?? NaN)}` +
      (Number.isFinite(goal.p99) ? `   goal p99 <= ${goal.p99} ms: ${mark(p99 <= goal.p99)}` : ''),
  );
  console.log(
    `  response size   ${kib(bytes / Math.max(1, latencies.length))} on average on the wire` +
      (mode === 'compressed' ? '   goal: only what changed' : ''),
  );
  console.log(
    `  statuses        ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}` +
      (ok === latencies.length ? '' : '  (non-200 answers are refusals of impossible values)'),
  );
  console.log(`  load average    ${loadBefore} before, ${load()} after (1, 5, 15 min)`);
}

function enginePhase(options: BenchOptions) {
  const model: CompiledModel = compileModel(generateLargeModel(options));
  const first = renderConfiguration(model, initialState(model), {
    id: 'bench',
    code: 'BENCHMRK',
    lang: 'en',
    conflicts: null,
  });
  const choices = choicesOf(first);
  const run = (
    label: string,
    serialise: ((c: Configuration) => unknown) | null,
    changes = false,
  ) => {
    const next = random(options.seed);
    let state = initialState(model);
    let count = 0;
    let refused = 0;
    const end = performance.now() + (options.engineSeconds * 1000) / 4;
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    while (performance.now() < end) {
      try {
        const result = applyRequirement(model, state, nextRequirement(choices, next), {
          ignoreConflicts: true,
        });
        const rendered = {id: 'bench', code: 'BENCHMRK', lang: 'en', conflicts: null};
        if (changes) {
          JSON.stringify(renderConfigurationChanges(model, state, result.state, rendered));
          state = result.state;
        } else {
          state = result.state;
          const configuration = renderConfiguration(model, state, rendered);
          if (serialise) serialise(configuration);
        }
      } catch {
        refused++;
      }
      count++;
    }
    const rate = count / ((performance.now() - began) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, count);
    console.log(
      `  ${label.padEnd(44)} ${rate.toFixed(0).padStart(7)} updates/s  ${ms(cpuMs).padStart(9)} CPU` +
        (refused ? `  (${refused} refused)` : ''),
    );
  };
  console.log(`\nEngine only, in process, ${model.nodes.length} nodes, one session`);
  run('applyRequirement + renderConfiguration', null);
  run('  + JSON.stringify + UTF-8', (c) => Buffer.from(JSON.stringify(c)));
  run('  + encodeConfiguration (one new buffer)', encodeConfiguration);
  // What the HTTP path sends: the answer's own bytes and views of the shared model JSON.
  run('  + prepareConfiguration pieces (HTTP path)', (c) => prepareConfiguration(c)?.pieces());
  run('applyRequirement + renderConfigurationChanges + JSON', null, true);
}

const options = readBenchOptions(process.argv.slice(2), process.env);
console.log(
  `v3 update benchmark: ${options.nodes} nodes (seed ${options.seed}), ${options.sessions} sessions, ` +
    `${options.seconds} s${options.updates ? ` or ${options.updates} updates` : ''}, ${options.store} store, ` +
    `${options.answers} answers as ${options.encoding}, ` +
    `service ${options.url ? `at ${options.url}` : options.service === 'process' ? 'as npm start runs it, in its own process (DATA_DIR)' : `on ${options.service === 'worker' ? 'a worker thread' : 'the same thread'}`}`,
);
console.log(`load average ${load()} (1, 5, 15 min) on ${os.cpus().length} cores`);
await httpPhases(options);
if (options.engineSeconds > 0) enginePhase(options);
