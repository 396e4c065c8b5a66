// `npm run bench`: v3 updates against the reference service over real HTTP, on a generated
// model of 2,000 nodes, from 32 concurrent sessions; then the engine alone for contrast.
// Not a test: it prints figures. `npm run bench -- --help` lists the settings.
import {existsSync} from 'node:fs';
import os from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {Worker} from 'node:worker_threads';
import type {Configuration, FeatureNode, Requirement} from '../src/wire/index.js';
import {
  applyRequirement,
  compileModel,
  initialState,
  renderConfiguration,
  renderConfigurationChanges,
  encodeConfiguration,
  prepareConfiguration,
  type CompiledModel,
} from '../service/engine/index.js';
import {generateLargeModel} from '../service/models/index.js';
import {readBenchOptions, type BenchOptions} from './bench-options.js';
import {startDiskProbe} from './disk-probe.js';
import {startServiceProcess as startProcess} from '../scripts/service-process.mjs';
import {startBenchServer, type BenchServer} from './bench-server.js';
import {HttpConnection, requestText, type RawAnswer} from './http-client.js';
import {mainThreadCpuMs, processCpuMs} from './thread-cpu.js';
import {processWrites, type ProcessWrites} from './process-io.js';
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

/**
 * The service's own CPU time in ms (Linux), when it runs apart from the clients: all its
 * threads, and its main thread (the event loop) alone.
 */
type MeasuredServer = BenchServer & {
  cpuMs?: () => Promise<number | null>;
  mainThreadCpuMs?: () => number | null;
  /** The bytes its process has written (Linux), when it runs apart from the clients. */
  writes?: () => ProcessWrites | null;
};

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
  const root = options.root ?? fileURLToPath(new URL('..', import.meta.url));
  const service = await startProcess({
    root,
    // What `npm start` runs after its build; a checkout from before the demo host moved
    // served everything from service/main.ts.
    entry: existsSync(join(root, 'demo/server/main.ts')) ? 'demo' : 'service',
    env: {LARGE_MODEL_NODES: String(options.nodes)},
    nodeArgs: options.profile ? ['--cpu-prof', '--cpu-prof-dir', options.profile] : [],
    stderr: 'inherit',
  });
  return {
    url: service.url,
    identifier: `Large Model ${options.nodes}`,
    async cpuMs() {
      return processCpuMs(service.pid);
    },
    mainThreadCpuMs: () => mainThreadCpuMs(service.pid),
    writes: () => processWrites(service.pid),
    async commits() {
      return null;
    },
    async close() {
      await service.stop('SIGINT');
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
    // Each run measures sessions of its own: a shopper's session is tens of changes long, and
    // one that a run before had already taken through thousands would make every update of the
    // next run cost more (a longer requirement list, a larger stored record). All are started
    // here, before the first run, so that no run follows right after a burst of starts (a full
    // answer each, 1.2 MB) and measures the service collecting what those left.
    const modes =
      options.answers === 'both' ? (['compressed', 'full'] as const) : [options.answers];
    // A paced run alone is warmed up first, on sessions of its own.
    const pacedRuns = (mode: 'compressed' | 'full') =>
      options.loop !== 'closed' && pacedRate(options, mode) !== undefined ? options.pacedRuns : 0;
    let runs = 0;
    for (const mode of modes) runs += 1 + pacedRuns(mode);
    const startedAt = performance.now();
    const sets: {id: string}[][] = [];
    let choices: Choice[] = [];
    let nodes = 0;
    for (let set = 0; set < runs; set++) {
      sets.push(
        await Promise.all(
          Array.from({length: options.sessions}, async () => {
            const response = await fetch(
              `${server.url}/api/3/configurator/new/${encodeURIComponent(server.identifier)}?lang=en`,
              {headers: {Authorization: bearer}},
            );
            if (!response.ok)
              throw new Error(`Start failed: ${response.status} ${await response.text()}`);
            const configuration = (await response.json()) as Configuration;
            if (choices.length === 0) {
              choices = choicesOf(configuration);
              nodes = Object.keys(configuration.values).length;
            }
            return {id: configuration.id};
          }),
        ),
      );
    }
    console.log(
      `Model "${server.identifier}": ${nodes} nodes, ${choices.length} choices; ` +
        `${runs} x ${options.sessions} sessions (a set for each run` +
        `${options.loop === 'paced' ? ' and each warm-up' : ''}) started in ` +
        ms(performance.now() - startedAt),
    );
    for (const mode of modes) {
      if (options.loop !== 'paced') {
        await httpPhase(options, server, bearer, sets.shift()!, choices, mode, undefined);
      } else {
        // Alone, the paced run would measure a fresh process compiling its code: two seconds
        // of the closed loop first, not printed, as the default order gives it.
        const warmUp = {...options, seconds: Math.min(2, options.seconds)};
        await httpPhase(warmUp, server, bearer, sets.shift()!, choices, mode, undefined, false);
      }
      const rate = pacedRate(options, mode);
      const results: PacedResult[] = [];
      for (let run = 0; run < pacedRuns(mode); run++) {
        results.push(
          (await httpPhase(options, server, bearer, sets.shift()!, choices, mode, rate))!,
        );
      }
      if (results.length > 1) {
        const met = results.filter((result) => result.met).length;
        console.log(
          `\nPaced runs of ${mode} answers at ${rate}/s: the goal held in ${met} of ${results.length}` +
            `; p99 ${results.map((result) => ms(result.p99)).join(', ')}` +
            `; event loop on a CPU ${results.map((result) => result.loopBusy).join(', ')}`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

/**
 * The rate of the paced run for a kind of answer: `--rate` when given (0: none), else the
 * goal's 2,000/s for compressed answers (the goal sets no latency for full ones).
 */
function pacedRate(options: BenchOptions, mode: 'compressed' | 'full'): number | undefined {
  if (options.rate !== undefined) return options.rate > 0 ? options.rate : undefined;
  return mode === 'compressed' ? goals.compressed.throughput : undefined;
}

/** What one paced run gives the summary of several. */
interface PacedResult {
  p99: number;
  /** Throughput and p99 both met their goal. */
  met: boolean;
  /** How much of the run the service's event loop was on a CPU, as printed; '?' unknown. */
  loopBusy: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run of updates from every session. Closed loop (`rate` undefined): each session sends its
 * next update when the previous answer arrives, as fast as the service answers. Paced: update
 * `j` of the run (all sessions together) is due at `j / rate` seconds, session `j % sessions`
 * sends it; a session that is early waits for it, one that is late (its previous answer came
 * after the due time) sends at once and its latency counts from the due time, so that a
 * service which falls behind cannot hide its queue by slowing the clients down.
 */
async function httpPhase(
  options: BenchOptions,
  server: MeasuredServer,
  bearer: string,
  sessions: readonly {id: string}[],
  choices: readonly Choice[],
  mode: 'compressed' | 'full',
  rate: number | undefined,
  report = true,
): Promise<PacedResult | undefined> {
  const query =
    mode === 'compressed' ? 'ignoreConflicts=true&compress=true' : 'ignoreConflicts=true';
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  let sent = 0;
  // Paced: updates sent after their due time because the session's previous answer came late,
  // and how late the others' timers fired (the load generator's own delay, not the service's).
  let behind = 0;
  const timerLate: number[] = [];
  let lastSend = 0;
  const loadBefore = load();
  const limit = options.updates > 0 ? options.updates : Infinity;
  // Paced: the updates due within the run's seconds (slot j is due at j / rate s).
  const scheduled = rate === undefined ? 0 : Math.min(limit, Math.ceil(options.seconds * rate));
  const cpuBefore = process.cpuUsage();
  const serviceCpuBefore = (await server.cpuMs?.()) ?? null;
  const loopCpuBefore = server.mainThreadCpuMs?.() ?? null;
  const writesBefore = server.writes?.() ?? null;
  const commitsBefore = await server.commits();
  // One kept-alive connection per session, on a minimal client (bench/http-client.ts): the
  // clients share the machine's two cores with the service, so they must cost little.
  const connections = sessions.map(() => new HttpConnection(server.url));
  const headers = {
    Authorization: bearer,
    'Content-Type': 'application/json',
    'Accept-Encoding': options.encoding,
  };
  const probe = startDiskProbe();
  // The schedule starts here, after everything awaited above.
  const began = performance.now();
  const deadline = began + options.seconds * 1000;
  // A paced run that falls behind stops sending here; what was due and not sent is reported.
  const hardStop = deadline + Math.max(2000, options.seconds * 200);
  await Promise.all(
    sessions.map(async (session, loop) => {
      const next = random(options.seed * 1000 + loop + (mode === 'full' ? 500 : 0));
      const connection = connections[loop]!;
      const url = new URL(`${server.url}/api/3/configurator/${session.id}?${query}`);
      for (let k = 0; ; k++) {
        let start: number | undefined;
        if (rate === undefined) {
          if (performance.now() >= deadline || sent >= limit) break;
        } else {
          const slot = k * sessions.length + loop;
          if (slot >= scheduled) break;
          const due = began + (slot * 1000) / rate;
          const now = performance.now();
          if (now >= hardStop) break;
          if (now > due) {
            behind++;
            start = due;
          } else {
            await sleep(due - now);
            // Node's timers count whole milliseconds of a coarser clock: one may fire a
            // little early, which counts as on time.
            timerLate.push(Math.max(0, performance.now() - due));
          }
        }
        sent++;
        lastSend = performance.now();
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
        const t0 = start ?? performance.now();
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
  // Paced, the run lasts its schedule, or until the last update was sent when the sessions
  // fell behind it (a session waits for its previous answer).
  const elapsed =
    (rate === undefined
      ? performance.now() - began
      : Math.max(scheduled, (lastSend - began) * (rate / 1000) + 1) * (1000 / rate)) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const flushes = (await probe.stop()).sort((a, b) => a - b);
  for (const connection of connections) connection.close();
  const serviceCpuAfter = (await server.cpuMs?.()) ?? null;
  const loopCpuAfter = server.mainThreadCpuMs?.() ?? null;
  const writesAfter = server.writes?.() ?? null;
  const commitsAfter = await server.commits();
  latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  const achieved = latencies.length / elapsed;
  if (!report) return undefined;
  const p99 = percentile(latencies, 99);
  const goal = goals[mode];
  console.log(
    `\nHTTP  PUT /api/3/configurator/{id}?${query}  (${mode} answers, ${options.encoding}), ` +
      (rate === undefined
        ? 'closed loop: the most the service answers'
        : `paced at ${rate} updates/s (open loop, latency from the schedule)`),
  );
  console.log(
    `  sessions        ${sessions.length}, started for this run: ` +
      `${(latencies.length / sessions.length).toFixed(0)} changes each by its end`,
  );
  if (rate === undefined) {
    console.log(`  updates         ${latencies.length} in ${elapsed.toFixed(2)} s`);
  } else {
    const unsent = scheduled - latencies.length;
    timerLate.sort((a, b) => a - b);
    const kept = unsent === 0 && achieved >= 0.99 * rate;
    console.log(
      `  updates         ${latencies.length} of ${scheduled} scheduled in ${elapsed.toFixed(2)} s`,
    );
    console.log(
      `  schedule        ${kept ? 'kept' : 'NOT kept'}: ${achieved.toFixed(1)} of ${rate} updates/s` +
        (unsent > 0 ? `, ${unsent} due and never sent (fell behind)` : '') +
        `; ${behind} (${((100 * behind) / Math.max(1, latencies.length)).toFixed(1)}%) sent late after a late answer` +
        `; timers late p50 ${ms(percentile(timerLate, 50))} p99 ${ms(percentile(timerLate, 99))} (load generator)`,
    );
  }
  // Paced, the throughput is the schedule's when it was kept.
  const meetsThroughput =
    rate === undefined
      ? achieved >= goal.throughput
      : rate >= goal.throughput && latencies.length === scheduled && achieved >= 0.99 * rate;
  console.log(
    `  throughput      ${achieved.toFixed(1)} updates/s   goal >= ${goal.throughput}: ${mark(meetsThroughput)}` +
      (rate !== undefined && rate < goal.throughput ? ' (paced below the goal)' : ''),
  );
  // CPU time tells what an update costs even when other work shares the machine.
  const perUpdate = (cpuMs: number) => ms(cpuMs / Math.max(1, latencies.length));
  let loopBusy = '?';
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
    if (loopCpuBefore !== null && loopCpuAfter !== null) {
      const loopMs = loopCpuAfter - loopCpuBefore;
      loopBusy = `${((100 * loopMs) / (elapsed * 1000)).toFixed(0)}%`;
      console.log(
        `  event loop      ${loopBusy} of the run on a CPU, ` +
          `${perUpdate(loopMs)} per update (the service's main thread; updates queue as it nears 100%)`,
      );
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
  if (writesBefore && writesAfter) {
    // Bytes do not vary with the load: what the service stores per update shows here.
    const per = (bytes: number) => kib(bytes / Math.max(1, latencies.length));
    console.log(
      `  bytes written   ${per(writesAfter.calls - writesBefore.calls)} per update in write calls (database log and answers), ` +
        `${per(writesAfter.disk - writesBefore.disk)} to the disk (the service's process, /proc/<pid>/io)`,
    );
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
  if (Number.isFinite(goal.p99)) {
    console.log(
      `  goal            >= ${goal.throughput}/s with p99 <= ${goal.p99} ms: ` +
        `${mark(meetsThroughput && p99 <= goal.p99)}` +
        (rate === undefined
          ? ' (closed loop: p99 here is queueing at full load)'
          : ' (paced: the latency a shopper sees at this rate)'),
    );
  }
  // What the disk did meanwhile: answers wait for the log's flush (a slow disk shows here).
  console.log(
    `  disk flushes    p50 ${ms(percentile(flushes, 50))}  p99 ${ms(percentile(flushes, 99))}` +
      `  max ${ms(flushes.at(-1) ?? NaN)}  (${flushes.length} probes: a 4 KB write and fdatasync ` +
      `every 50 ms in the temp folder, where the service's DATA_DIR is; answers wait for such flushes)`,
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
  return {p99, met: meetsThroughput && p99 <= goal.p99, loopBusy};
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
