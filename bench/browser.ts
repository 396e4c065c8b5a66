// `npm run bench:browser`: the widget in Chromium against the reference service over real HTTP,
// page, built widget and service on one origin (as `npm start` serves them). Not a test: it
// prints each figure with its goal. Run `npm run build` first; `--help` lists the settings.
//
// - start-up: connect -> `configurator-ready`, and the service round trips in between, at an
//   injected round trip (Chromium's network emulation), without a token on the page (from the
//   demo's endpoint, which starts the session with the token, docs/decisions/0075, and from one
//   that only hands out tokens) and with one, against a service warmed by one untimed request
//   (docs/decisions/0061);
//   `--trace` adds the page's main-thread time per slice;
// - rapid input: 50 slider and 50 number changes in one second at that round trip, counting
//   update requests (and, apart, the undo copies and pictures that follow them) and checking
//   the final value is the service's;
// - update render: the element's update (render and commit) after each service answer on the
//   generated large model, median over a series of changes;
// - sizes: the size report's figures.
import {existsSync} from 'node:fs';
import {loadavg, cpus} from 'node:os';
import {join} from 'node:path';
import {serve} from '@hono/node-server';
import {serveStatic} from '@hono/node-server/serve-static';
import {Hono} from 'hono';
import {chromium, type Page} from 'playwright-core';
import {demoTokenRoute} from '../demo/server/demo-token-route.js';
import {createApp} from '../service/app.js';
import {compileModel} from '../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../service/models/index.js';
// @ts-expect-error: a plain ES module script without types
import {budgets, bundleGraph, entryFile, sessionFile, sizesOf} from '../scripts/size-report.mjs';
// @ts-expect-error: a plain ES module script without types
import {chromiumArgs, chromiumPath} from '../scripts/chromium.mjs';
import {describeTask, longTasks, type LongTask} from './long-tasks.js';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`Usage: npm run bench:browser -- [--rtt 100] [--nodes 2000] [--renders 40] [--root dir]
  [--verbose] [--trace] [--runs 5] [--traced-runs 3] [--cpu 4]
--verbose lists each start-up's requests; --trace records a Chrome trace of each timed start-up
too (the traced start-ups that follow them are always recorded) and prints the page's main-thread
time (less sensitive to a loaded machine than wall time) and its long tasks with their causes;
--cpu N slows the page's CPU N times, as Lighthouse's mobile preset simulates (4).
Needs a build (npm run build) and Chromium (CHROME_PATH, default /usr/bin/chromium).`);
  process.exit(0);
}
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const rttMs = flag('rtt', 100);
const nodes = flag('nodes', 2000);
const renders = flag('renders', 40);
const cpuSlowdown = flag('cpu', 1);
// `--root <dir>`: serve and measure another build's dist/ (for before-and-after figures).
const root = args.includes('--root') ? args[args.indexOf('--root') + 1]! : './';

const large = compileModel(generateLargeModel({nodes, seed: 1}));
const {app, close} = createApp({models: [...sampleModels(), large]});
const site = new Hono();
// `--root <dir>`: serve another build's dist/ (for before-and-after figures).
site.use('/dist/*', serveStatic({root}));
site.get('/bench', (c) =>
  c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
<link rel="stylesheet" href="/dist/product-configurator.css">
<script type="module" src="/dist/product-configurator.js"></script>
<p id="below">What follows the widget on its host page: any layout shift moves it.</p>
</body></html>`),
);
const demoCredentials = {host: '127.0.0.1', clientId: 'demo-client', clientSecret: 'demo-secret'};
// The demo's endpoint starts the session a page names with its token request (one round trip);
// the plain one only hands out tokens, as an endpoint without the helper's `startSessions`.
site.all(
  '/api/configurator-token',
  demoTokenRoute(demoCredentials, () => server),
);
site.all(
  '/api/plain-token',
  demoTokenRoute({...demoCredentials, startSessions: false}, () => server),
);
site.all('*', (c) => app.fetch(c.req.raw, c.env));
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({fetch: site.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
});
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('No TCP address');
const origin = `http://127.0.0.1:${address.port}`;

const browser = await chromium.launch({
  executablePath: chromiumPath as string,
  args: chromiumArgs as string[],
});

const rows: [string, string, string][] = [];
const report = (figure: string, measured: string, goal: string) => {
  rows.push([figure, measured, goal]);
  console.log(`${figure.padEnd(58)} ${measured.padEnd(30)} goal: ${goal}`);
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A fresh page with the widget's module loaded (not timed) and, optionally, injected latency. */
async function openPage(latencyMs: number): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/bench`);
  await page.waitForFunction(() => customElements.get('product-configurator') !== undefined);
  if (cpuSlowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
  }
  if (latencyMs > 0) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // Chromium adds this much to every request: one round trip of `latencyMs`.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

interface StartUp {
  ms: number;
  /** Service requests (token and API) between connect and ready. */
  requests: {url: string; start: number; end: number}[];
  /** With `--trace`: the page's main thread, busy in total and in each slice (see mainThread). */
  busy?: MainThread;
  /** Layout shift (CLS's sum) and long tasks (over 50 ms) between connect and ready. */
  cls: number;
  longTasks: number[];
  /** With tracing: the main thread's tasks over 50 ms (at `--cpu`) from append to ready. */
  traced?: LongTask[];
}

/** Adds an element and waits for `configurator-ready`; times and lists the requests meanwhile. */
async function startUp(
  page: Page,
  model: string,
  tracing = false,
  endpoint = '/api/configurator-token',
): Promise<StartUp> {
  const verbose = args.includes('--verbose');
  if (tracing) {
    // What Lighthouse records, so that its task tree finds compile, evaluation, style and layout.
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'blink.user_timing',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'loading',
      ],
    });
  }
  const run = await page.evaluate(
    async ({model, verbose, endpoint}) => {
      performance.clearResourceTimings();
      let cls = 0;
      const longTasks: number[] = [];
      // The frame that shows the new element moves what follows it by its reserved height: that
      // is this page adding an element, not the widget. Shifts from the next frame on are the
      // widget's (its skeleton replaced by its first screen).
      let added = Infinity;
      const shifts = new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {value: number})[]) {
          if (e.startTime > added) cls += e.value;
        }
      });
      shifts.observe({type: 'layout-shift'});
      const tasks = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push(e.duration);
      });
      tasks.observe({type: 'longtask'});
      const el = document.createElement('product-configurator');
      el.setAttribute('model', model);
      el.setAttribute('token-endpoint', endpoint);
      // Timed when the event is dispatched: whatever runs after it is not the element's start.
      const ready = new Promise<number>((resolve) =>
        el.addEventListener('configurator-ready', () => {
          resolve(performance.now());
          performance.mark('start-up:ready');
        }),
      );
      performance.mark('start-up:append');
      const t0 = performance.now();
      // Above the page's own content, as on a host page; a second element goes above the first.
      document.body.prepend(el);
      // The second frame's time: the first frame's shift is reported with a time before it.
      requestAnimationFrame(() => requestAnimationFrame((frame) => (added = frame)));
      const elapsed = (await ready) - t0;
      // Entries are delivered in a later task: one frame after ready, then stop.
      await new Promise(requestAnimationFrame);
      await new Promise((resolve) => setTimeout(resolve));
      shifts.disconnect();
      tasks.disconnect();
      const requests = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.startTime >= t0 && (!e.name.includes('/dist/') || verbose))
        .map((e) => ({url: e.name, start: e.startTime - t0, end: e.responseEnd - t0}));
      return {ms: elapsed, requests, cls, longTasks};
    },
    {model, verbose: verbose || tracing, endpoint},
  );
  if (!tracing) return run;
  const trace = JSON.parse(String(await browser.stopTracing())) as {traceEvents: TraceEvent[]};
  const busy = mainThread(trace.traceEvents, run.requests);
  const append = trace.traceEvents.find((e) => e.name === 'start-up:append');
  const ready = trace.traceEvents.find((e) => e.name === 'start-up:ready');
  const traced =
    append && ready
      ? longTasks(trace, 50 / cpuSlowdown, {
          pid: append.pid,
          tid: append.tid,
          from: append.ts,
          to: ready.ts,
        })
      : undefined;
  return {
    ...run,
    requests: run.requests.filter((r) => verbose || !r.url.includes('/dist/')),
    busy,
    traced,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  tdur?: number;
}

/**
 * The page's main thread between append and `configurator-ready`, from a Chrome trace: busy
 * in all (top-level tasks), before the token request, between the token's answer and the
 * configuration request, and after the configuration's answer. Less sensitive to a loaded
 * machine than the wall-clock time.
 */
interface MainThread {
  total: number;
  beforeToken: number;
  betweenAnswers: number;
  afterAnswer: number;
  /** `afterAnswer` counting only the thread's time on a CPU (a loaded machine's waits left out). */
  afterAnswerCpu: number;
}

function mainThread(events: TraceEvent[], requests: StartUp['requests']): MainThread | undefined {
  const mark = (name: string) => events.find((e) => e.name === name);
  const append = mark('start-up:append');
  const ready = mark('start-up:ready');
  if (!append || !ready) return undefined;
  const tasks = events
    .filter(
      (e) =>
        e.pid === append.pid &&
        e.tid === append.tid &&
        e.ph === 'X' &&
        // Microtask checkpoints run inside tasks, and also on their own after one.
        (e.name === 'ThreadControllerImpl::RunTask' ||
          e.name === 'RunTask' ||
          e.name === 'BlinkScheduler_PerformMicrotaskCheckpoint') &&
        e.dur !== undefined,
    )
    // With the share of each task the thread spent on a CPU (thread time over wall time).
    .map((e) => [e.ts, e.ts + e.dur!, e.tdur !== undefined && e.dur ? e.tdur / e.dur : 1] as const)
    .sort((a, b) => a[0] - b[0]);
  // Page milliseconds from the append, as the requests are timed, to trace microseconds.
  const at = (ms: number) => append.ts + ms * 1000;
  const busyIn = (from: number, to: number, cpu = false) => {
    let sum = 0;
    let until = from;
    for (const [start, end, onCpu] of tasks) {
      const a = Math.max(start, until);
      const b = Math.min(end, to);
      if (b > a) sum += (b - a) * (cpu ? onCpu : 1);
      until = Math.max(until, Math.min(end, to));
    }
    return sum / 1000;
  };
  const token = requests.find((r) => /\/api\/(configurator|plain)-token/.test(r.url));
  const session = requests.find((r) => /\/configurator\/new\//.test(r.url));
  // Started by the token endpoint, the configuration comes with the token's answer.
  const configuration = session ?? token;
  return {
    total: busyIn(append.ts, ready.ts),
    beforeToken: token ? busyIn(append.ts, at(token.start)) : 0,
    betweenAnswers: token && session ? busyIn(at(token.end), at(session.start)) : 0,
    afterAnswer: configuration ? busyIn(at(configuration.end), ready.ts) : 0,
    afterAnswerCpu: configuration ? busyIn(at(configuration.end), ready.ts, true) : 0,
  };
}

/** Round trips: requests that had to wait for an earlier one's answer, counted as a chain. */
function roundTrips(requests: StartUp['requests']): number {
  let trips = 0;
  let until = -Infinity;
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    if (r.start >= until) {
      trips++;
      until = r.end;
    } else {
      until = Math.max(until, r.end);
    }
  }
  return trips;
}

console.log(
  `bench:browser  ${new Date().toISOString()}  ${cpus().length} cores (${cpus()[0]?.model ?? '?'})  ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}  round trip ${rttMs} ms`,
);

// --- start-up ------------------------------------------------------------------------------
{
  // The service process's own first requests pay for what a running service has long since
  // paid: the demo host's first outgoing fetch (loading Node's HTTP client), the first price
  // label (ICU's currency data), the cached serialised parts of the model and the JIT. One
  // untimed token and configuration (and a token with a start) before the first page, so each
  // page meets a warm service, as a shopper does.
  const warmUp = await fetch(`${origin}/api/configurator-token`, {
    method: 'POST',
    headers: {origin},
  });
  const {access_token: warmToken} = (await warmUp.json()) as {access_token: string};
  await (
    await fetch(`${origin}/api/3/configurator/new/Office%20Chair?lang=en`, {
      headers: {authorization: `Bearer ${warmToken}`, 'accept-encoding': 'br, gzip'},
    })
  ).arrayBuffer();
  // And the endpoint's own start, once: its first request to the service's API.
  await (
    await fetch(`${origin}/api/configurator-token`, {
      method: 'POST',
      headers: {origin, 'content-type': 'text/plain;charset=UTF-8'},
      body: JSON.stringify({start: {model: 'Office Chair', lang: 'en'}}),
    })
  ).arrayBuffer();
  console.log(
    '  (the service was warmed by untimed token and configuration requests first, one of each kind)',
  );

  const runs = flag('runs', args.includes('--verbose') ? 2 : 5);
  const cold: StartUp[] = [];
  const plain: StartUp[] = [];
  const warm: StartUp[] = [];
  for (let i = 0; i < runs; i++) {
    const other = await openPage(rttMs);
    plain.push(await startUp(other, 'Office Chair', args.includes('--trace'), '/api/plain-token'));
    await other.close();
    const page = await openPage(rttMs);
    cold.push(await startUp(page, 'Office Chair', args.includes('--trace')));
    // The first element's picture is asked for once it is ready: let it arrive, so that the
    // second start-up is not measured against the service drawing it.
    await page
      .waitForFunction(() =>
        document
          .querySelector('product-configurator')
          ?.shadowRoot?.querySelector('.product-image[data-configured="true"]'),
      )
      .catch(() => {});
    // A second element on the same page shares the first one's token.
    warm.push(await startUp(page, 'Office Chair', args.includes('--trace')));
    await page.close();
  }
  const show = (label: string, xs: StartUp[], goalTrips: number) => {
    const trips = Math.max(...xs.map((x) => roundTrips(x.requests)));
    report(
      `connect -> configurator-ready at ${rttMs} ms RTT, ${label}`,
      `${ms(median(xs.map((x) => x.ms)))} median, ${trips} round trip${trips === 1 ? '' : 's'}`,
      `<= ${goalTrips} round trip${goalTrips === 1 ? '' : 's'} + 50 ms (${ms(goalTrips * rttMs + 50)})`,
    );
    const long = xs.flatMap((x) => x.longTasks);
    report(
      `  layout shift and long tasks from connect to ready, ${label}`,
      `CLS ${Math.max(...xs.map((x) => x.cls)).toFixed(3)} (worst), ${long.length} long task${long.length === 1 ? '' : 's'} in ${xs.length} starts${long.length ? ` (longest ${ms(Math.max(...long))})` : ''}`,
      'CLS 0, no task over 50 ms',
    );
    const busy = xs.map((x) => x.busy).filter((b) => b !== undefined);
    if (busy.length) {
      const of = (key: keyof MainThread) => ms(median(busy.map((b) => b[key])));
      console.log(
        `  main thread busy (trace, median): ${of('total')} in all; ${of('beforeToken')} before ` +
          `the token request, ${of('betweenAnswers')} between the token's answer and the ` +
          `configuration request, ${of('afterAnswer')} from the configuration's answer to ready`,
      );
    }
  };
  if (args.includes('--verbose')) {
    for (const x of [...plain, ...cold, ...warm]) {
      const busy = x.busy
        ? ` [main thread ${x.busy.total.toFixed(0)} ms: ${x.busy.beforeToken.toFixed(0)} / ` +
          `${x.busy.betweenAnswers.toFixed(0)} / ${x.busy.afterAnswer.toFixed(0)}]`
        : '';
      console.log(
        `  ${ms(x.ms)}${busy}: ` +
          x.requests
            .map((r) => `${new URL(r.url).pathname} ${r.start.toFixed(0)}..${r.end.toFixed(0)}`)
            .join(', '),
      );
    }
  }
  show('no token yet', cold, 2);
  console.log(
    '  (the token endpoint started the session: the helper with startSessions, as npm start mounts it)',
  );
  show('no token, plain endpoint', plain, 2);
  console.log("  (a token endpoint that hands out tokens only: the element's own start follows)");
  show('token on the page', warm, 1);

  // Traced start-ups, after the timed ones (tracing slows a page): the main thread's work from
  // the configuration's answer to ready, and every task that Lighthouse's mobile preset (a CPU
  // 4x slower) would count as long, with what it spent its time on.
  const tracedRuns = flag('traced-runs', 3);
  const traced: StartUp[] = [];
  for (let i = 0; i < tracedRuns; i++) {
    const page = await openPage(rttMs);
    traced.push(await startUp(page, 'Office Chair', true));
    await page.close();
  }
  const after = traced.flatMap((x) => (x.busy ? [x.busy.afterAnswer] : []));
  const afterCpu = traced.flatMap((x) => (x.busy ? [x.busy.afterAnswerCpu] : []));
  if (after.length) {
    report(
      'main-thread work from the answer to configurator-ready',
      `${ms(median(after))} median (${after.map((n) => n.toFixed(0)).join(', ')})`,
      '<= 30 ms',
    );
    report(
      '  of which the thread was on a CPU',
      `${ms(median(afterCpu))} median (${afterCpu.map((n) => n.toFixed(0)).join(', ')})`,
      '<= 30 ms',
    );
  }
  const slowdown = cpuSlowdown > 1 ? cpuSlowdown : 4;
  const tasks = traced.flatMap((x) => x.traced ?? []);
  report(
    `  tasks long at a ${slowdown}x slower CPU, connect to ready`,
    `${tasks.length} in ${traced.length} starts` +
      (tasks.length
        ? ` (longest ${(Math.max(...tasks.map((t) => t.duration)) * (slowdown / cpuSlowdown)).toFixed(0)} ms at ${slowdown}x)`
        : ''),
    `none over 50 ms at ${slowdown}x (${(50 / (slowdown / cpuSlowdown)).toFixed(1)} ms here)`,
  );
  for (const [i, x] of traced.entries()) {
    for (const task of x.traced ?? []) console.log(`    start ${i + 1}: ${describeTask(task)}`);
  }
}

// --- the large model's start --------------------------------------------------------------
{
  const page = await openPage(rttMs);
  const start = await startUp(page, large.name);
  const trips = roundTrips(start.requests);
  report(
    `start of the ${nodes}-node model at ${rttMs} ms RTT, no token yet`,
    `${trips} round trip${trips === 1 ? '' : 's'}, ${start.requests.length} request${start.requests.length === 1 ? '' : 's'}, ${ms(start.ms)}`,
    '1 round trip',
  );
  console.log(
    '  ' +
      start.requests
        .map((r) => `${new URL(r.url).pathname} ${r.start.toFixed(0)}..${r.end.toFixed(0)} ms`)
        .join(', '),
  );
  await page.close();
}

// --- traffic per change -------------------------------------------------------------------
{
  const page = await openPage(rttMs);
  await startUp(page, 'Office Chair');
  // Two changes: the first step's next option (the frame's colour, which the picture shows)
  // and the warranty (which it does not: no picture asked for, docs/decisions/0112).
  for (const [what, name] of [
    ['a change the picture shows', null],
    ['a change the picture does not show (the warranty)', '5 years'],
  ] as const) {
    const traffic = await page.evaluate(
      async ({rtt, name}) => {
        type El = HTMLElement & {
          session: {snapshot: {busy: boolean; pending: Map<string, unknown>}} & EventTarget;
          updateComplete: Promise<boolean>;
          value: {featureModel: {steps: {features: unknown[]}[]}};
          select(id: string, on: boolean): Promise<unknown>;
        };
        const el = document.querySelector('product-configurator') as El;
        // What follows ready (the picture, the price effects) settles first: not the change's.
        // A shopper reads the figures before choosing: once the start's are on screen, a
        // change's come with its answer (docs/decisions/0109).
        // (Inline: a named function here would reach the page as a call to the bundler's helper.)
        while (
          el.shadowRoot!.querySelector('[data-effect-source="pending"]') ||
          !el.shadowRoot!.querySelector('[data-effect-source="service"]')
        ) {
          await new Promise((resolve) => setTimeout(resolve, rtt));
        }
        await new Promise((resolve) => setTimeout(resolve, 500 + 3 * rtt));
        const option = el.shadowRoot!.querySelector<HTMLInputElement>(
          'input[type="radio"]:not(:checked):not(:disabled), input[type="checkbox"]:not(:disabled)',
        );
        let id: string | null = null;
        const stack = el.value.featureModel.steps.flatMap((st) => st.features) as {
          id: string;
          name: string;
          features?: unknown[];
        }[];
        while (name && stack.length && id === null) {
          const node = stack.pop()!;
          if (node.name === name) id = node.id;
          stack.push(...((node.features ?? []) as typeof stack));
        }
        if (name ? id === null : !option) return null;
        performance.clearResourceTimings();
        const started = performance.now();
        if (id !== null) void el.select(id, true);
        else option!.click();
        await new Promise((resolve) => setTimeout(resolve));
        const session = el.session;
        while (session.snapshot.busy || session.snapshot.pending.size > 0) {
          await new Promise((resolve) =>
            session.addEventListener('snapshot', resolve, {once: true}),
          );
        }
        await el.updateComplete;
        // What the change leads to a moment later (its picture, price effects): part of its cost.
        await new Promise((resolve) => setTimeout(resolve, 500 + 3 * rtt));
        return performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => e.startTime >= started && !e.name.includes('/dist/'))
          .map((e) => ({
            path: new URL(e.name).pathname,
            bytes: e.transferSize,
            body: e.decodedBodySize,
          }));
      },
      {rtt: rttMs, name},
    );
    if (!traffic) continue;
    const total = traffic.reduce((n, r) => n + r.bytes, 0);
    report(
      `traffic per change, Office Chair (${what})`,
      `${traffic.length} request${traffic.length === 1 ? '' : 's'}, ${(total / 1024).toFixed(1)} KB over the wire`,
      'one small request (undo costs nothing unused)',
    );
    console.log(
      '  ' +
        traffic
          .map(
            (r) =>
              `${r.path.replace(/^\/api\/3\/configurator\//, '')} ${(r.bytes / 1024).toFixed(1)} KB (${(r.body / 1024).toFixed(1)} KB decoded)`,
          )
          .join(', '),
    );
  }
  await page.close();
}

// --- rapid input ---------------------------------------------------------------------------
{
  const page = await openPage(rttMs);
  await startUp(page, 'Office Chair');
  const burst = (kind: 'slider' | 'number') =>
    page.evaluate(
      async ({kind, rtt}) => {
        type El = HTMLElement & {
          value: {values: Record<string, unknown>} | null;
          session: {snapshot: {busy: boolean; pending: Map<string, unknown>}} & EventTarget;
          updateComplete: Promise<boolean>;
        };
        const el = document.querySelector('product-configurator') as El;
        const root = el.shadowRoot!;
        // Go to the step holding such an input.
        const selector = kind === 'slider' ? 'input[type="range"]' : 'input[type="number"]';
        for (const tab of root.querySelectorAll<HTMLElement>('[role="tab"]')) {
          if (root.querySelector(selector)) break;
          tab.click();
          await el.updateComplete;
        }
        const input = root.querySelector<HTMLInputElement>(selector);
        if (!input) return null;
        const node = input.closest<HTMLElement>('[data-node]')!.dataset.node!;
        const min = Number(input.min || 0);
        const max = Number(input.max || 100);
        const step = Number(input.step || 1);
        // Every request the burst leads to, by kind: the updates are the figure; undo's copy of
        // each applied state (decision 28) and the picture of the settled state come with them.
        const sent = {updates: 0, copies: 0, pictures: 0, other: 0};
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if ((e as PerformanceResourceTiming).initiatorType !== 'fetch') continue;
            // Started before the burst (the previous state's picture): not the burst's.
            if (e.startTime < started) continue;
            const path = new URL(e.name).pathname;
            if (/\/image$/.test(path)) sent.pictures++;
            else if (/\/open\//.test(path)) sent.copies++;
            else if (/\/api\/3\/configurator\/[^/]+(\/text)?$/.test(path)) sent.updates++;
            else sent.other++;
          }
        });
        performance.clearResourceTimings();
        const started = performance.now();
        observer.observe({type: 'resource'});
        let last = 0;
        input.focus();
        for (let i = 0; i < 50; i++) {
          const value = Math.min(max, min + step * ((i % 20) + 1));
          last = value;
          input.value = String(value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
          // A number field's spinner commits each step; a slider commits once it is let go.
          if (kind === 'number') input.dispatchEvent(new Event('change', {bubbles: true}));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        if (kind === 'slider') input.dispatchEvent(new Event('change', {bubbles: true}));
        else input.blur();
        const session = el.session;
        while (session.snapshot.busy || session.snapshot.pending.size > 0) {
          await new Promise((resolve) =>
            session.addEventListener('snapshot', resolve, {once: true}),
          );
        }
        await el.updateComplete;
        // The settled state's undo copy and picture: asked for a moment after the last answer.
        await new Promise((resolve) => setTimeout(resolve, 50 + 3 * rtt));
        observer.disconnect();
        const raw = el.value!.values[node];
        const confirmed =
          typeof raw === 'number' ? raw : (raw as {value?: number} | undefined)?.value;
        return {sent, last, confirmed, shown: input.value};
      },
      {kind, rtt: rttMs},
    );
  for (const kind of ['slider', 'number'] as const) {
    const r = await burst(kind);
    if (!r) {
      report(`50 ${kind} changes in 1 s at ${rttMs} ms RTT`, 'no such input', '<= 3 requests');
      continue;
    }
    const kept =
      r.confirmed === r.last && Number(r.shown) === r.last
        ? 'last value kept'
        : `LOST (${r.last} -> ${r.confirmed})`;
    const {updates, copies, pictures, other} = r.sent;
    report(
      `50 ${kind} changes in 1 s at ${rttMs} ms RTT`,
      `${updates} update requests, ${kept}`,
      '<= 3, no input lost, final state = service',
    );
    console.log(
      `  with them: ${copies} undo cop${copies === 1 ? 'y' : 'ies'}, ${pictures} picture${pictures === 1 ? '' : 's'}` +
        (other ? `, ${other} other` : ''),
    );
  }
  await page.close();
}

// --- update render on the large model -------------------------------------------------------
{
  const page = await openPage(0);
  await startUp(page, large.name);
  const times = await page.evaluate(async (count) => {
    type El = HTMLElement & {
      value: {featureModel: {steps: {features: unknown[]}[]}} | null;
      select(id: string, on: boolean): Promise<unknown>;
      updateComplete: Promise<boolean>;
      session: {resolveConflict(accept: boolean): Promise<unknown>; snapshot: {conflict: unknown}};
      performUpdate(): void;
    };
    const el = document.querySelector('product-configurator') as El;
    const durations: number[] = [];
    const renderTimes: number[] = [];
    const render = (el as unknown as {render(): unknown}).render;
    (el as unknown as {render(): unknown}).render = function (this: El) {
      const t = performance.now();
      const out = render.call(this);
      renderTimes.push(performance.now() - t);
      return out;
    };
    const original = el.performUpdate;
    el.performUpdate = function (this: El) {
      const t = performance.now();
      original.call(this);
      durations.push(performance.now() - t);
    };
    // Checkboxes of the step on screen: each toggle is a service answer and an update render.
    const boxes = [
      ...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:disabled)'),
    ];
    const perChange: number[] = [];
    const perChangeRender: number[] = [];
    for (let i = 0; i < count && boxes.length; i++) {
      const box = boxes[i % boxes.length]!;
      const id = box.value;
      durations.length = 0;
      renderTimes.length = 0;
      await el.select(id, !box.checked).catch(() => {});
      if (el.session.snapshot.conflict) await el.session.resolveConflict(false);
      await el.updateComplete;
      if (durations.length) perChange.push(Math.max(...durations));
      if (renderTimes.length) perChangeRender.push(Math.max(...renderTimes));
    }
    return {
      perChange,
      perChangeRender,
      nodes: el.shadowRoot!.querySelectorAll('[data-node]').length,
    };
  }, renders);
  report(
    `update render, ${nodes}-node model (${times.nodes} nodes on screen), median of ${times.perChange.length}`,
    times.perChange.length
      ? `${median(times.perChange).toFixed(1)} ms`
      : 'no checkbox on the first step',
    'median <= 4 ms',
  );
  if (args.includes('--verbose')) {
    console.log(
      `  of which render() (view model and templates): ${median(times.perChangeRender).toFixed(1)} ms median`,
    );
  }
  await page.close();
}

// --- sizes ---------------------------------------------------------------------------------
{
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const graph = bundleGraph(join(root, entryFile)) as {firstRender: string[]; chunks: string[]};
  const first = graph.firstRender.map(sizesOf) as {gzip: number; brotli: number}[];
  const gzip = first.reduce((n, s) => n + s.gzip, 0);
  const brotli = first.reduce((n, s) => n + s.brotli, 0);
  report(
    'script-tag entry + static imports (before first render)',
    `${kb(gzip)} gzip, ${kb(brotli)} brotli`,
    `<= ${kb(budgets.firstRender)} gzip`,
  );
  for (const chunk of graph.chunks) {
    const s = sizesOf(chunk) as {gzip: number; brotli: number};
    report(
      `  chunk on demand ${chunk.replace('dist/chunks/', '')}`,
      `${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`,
      `<= ${kb(budgets.chunk)} gzip`,
    );
  }
  const sessionPath = join(root, sessionFile);
  const session = (existsSync(sessionPath) ? sizesOf(sessionPath) : {gzip: NaN, brotli: NaN}) as {
    gzip: number;
    brotli: number;
  };
  report(
    'headless session alone',
    `${session.gzip} bytes gzip, ${kb(session.brotli)} brotli`,
    // The budget the build enforces is the goal (7,000 bytes); decision 71 explains why an
    // earlier goal of 5.6 KB would take behaviour out.
    `< ${budgets.session} bytes gzip (the build's budget)`,
  );
}

console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await browser.close();
server.close();
await close();
