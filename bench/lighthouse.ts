// `npm run bench:lighthouse`: what the widget costs a shop's page, measured as shop platforms
// measure it. Lighthouse (12.2.3, its default mobile preset: a mid-range phone, simulated slow
// 4G and a 4x slower CPU) loads two host pages served from their own origin, a shop's product
// page and a CMS article, each with and without the widget (its script, style sheet and token
// endpoint from the reference service as `npm start` serves them, on another origin), three
// runs each. It prints the median performance score, the widget's cost in points, CLS, total
// blocking time and bytes beside their goals. Not a test. Run `npm run build` first.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {cpus, loadavg, tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error: a plain ES module script without types
import {chromiumPath} from '../scripts/chromium.mjs';
import {describeTask, longTasks, type LongTask, type TraceEvent} from './long-tasks.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
// `--only shop` or `--only article`: one host page's pair; `--tasks`: list each widget run's
// long tasks (those Lighthouse's 4x slower CPU makes longer than 50 ms) with what they did.
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const listTasks = args.includes('--tasks');
const before_ = args.includes('--before')
  ? resolve(args[args.indexOf('--before') + 1]!)
  : undefined;
/** Lighthouse's mobile preset simulates a CPU this many times slower than the one observed. */
const cpuSlowdown = 4;
/** A shop platform refuses apps that cost more than 10 points; ours is 2. */
const goals = {costPoints: 2, cls: 0, tbtMs: 200};

if (!existsSync('dist/product-configurator.js')) {
  console.error('bench:lighthouse: dist/ is missing; run npm run build first');
  process.exit(1);
}

/** `npm start`'s process on a free loopback port, allowing the host pages' origin. */
async function startService(allowedOrigin: string, dist?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  // Another build's dist/: the service runs from a directory where dist/ is that build and
  // everything else is this checkout (the service serves ./dist from where it runs).
  let cwd = process.cwd();
  if (dist) {
    cwd = join(dataDir, 'root');
    mkdirSync(cwd);
    for (const name of ['node_modules', 'demo', 'service', 'package.json', 'tsconfig.json']) {
      symlinkSync(resolve(name), join(cwd, name));
    }
    symlinkSync(dist, join(cwd, 'dist'));
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ALLOWED_ORIGINS: allowedOrigin,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Reference service and demo: (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the service exited (${code})`)));
  });
  return {
    url,
    stop: () => {
      child.kill();
      rmSync(dataDir, {recursive: true, force: true});
    },
  };
}

const paragraph = (i: number) =>
  `<p>Paragraph ${i}: the chair's frame is made of recycled aluminium and its seat of a breathable
mesh that keeps its shape for years. Every part can be replaced, and the warranty covers ten
years of daily use in an office or at home.</p>`;

/** The two host pages, with or without the widget. */
function hostPage(kind: 'shop' | 'article', service: string, widget: boolean): string {
  const head = widget
    ? `<link rel="stylesheet" href="${service}/dist/product-configurator.css">
<script type="module" src="${service}/dist/product-configurator.js"></script>`
    : '';
  const element = widget
    ? `<product-configurator model="Office Chair" api-url="${service}"
  token-endpoint="${service}/api/configurator-token"${kind === 'article' ? ' loading="lazy"' : ''}></product-configurator>`
    : '';
  const style = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1f27}
header,footer{background:#1b1f27;color:#fff;padding:1rem 2rem}main{max-width:1100px;margin:0 auto;padding:1rem}
.hero{height:320px;background:linear-gradient(135deg,#dfe3ea,#f5f6f8);border-radius:12px}`;
  const body =
    kind === 'shop'
      ? `<div class="hero" role="img" aria-label="The office chair"></div>
<h1>Office chair</h1><p class="price">From €349</p>${paragraph(1)}
${element}
<h2>Details</h2>${[2, 3, 4].map(paragraph).join('\n')}`
      : `<h1>How to choose an office chair</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join('\n')}
<h2>Configure yours</h2>${element}${[7, 8, 9].map(paragraph).join('\n')}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${kind === 'shop' ? 'Office chair - Shop' : 'How to choose an office chair'}</title>
<meta name="description" content="A host page for the widget's benchmark.">
<style>${style}</style>${head}</head>
<body><header>Shop</header><main>${body}</main><footer>Footer</footer></body></html>`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The figures of one Lighthouse run. */
interface Run {
  score: number;
  cls: number;
  tbt: number;
  bytes: number;
  /** The widget's long tasks (attributed to the service's origin) and what they block. */
  widgetTasks: LongTask[];
  widgetBlocking: number;
  /** What those tasks blocked had each taken only its CPU time (less sensitive to load). */
  widgetCpuBlocking: number;
}

/** What a task blocks under the simulated CPU: what it takes over 50 ms once made 4x slower. */
const blocking = (task: LongTask) => Math.max(0, task.duration * cpuSlowdown - 50);

async function main() {
  const services: {url: string; stop: () => void}[] = [];
  const pages = new Map<string, string>();
  const host = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, {'content-type': 'text/html; charset=utf-8'});
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? (chromiumPath as string),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const service = await startService(hostOrigin);
    services.push(service);
    // `--before <dir>`: another build's dist/ from a second service, its pages measured in
    // the same rounds as this build's (an A/B comparison in the same minutes).
    const before = before_ ? await startService(hostOrigin, before_) : undefined;
    if (before) services.push(before);
    const kinds: ('shop' | 'article')[] =
      only === 'shop' || only === 'article' ? [only] : ['shop', 'article'];
    for (const kind of kinds) {
      pages.set(`/${kind}-plain.html`, hostPage(kind, service.url, false));
      if (before) pages.set(`/${kind}-before.html`, hostPage(kind, before.url, true));
      pages.set(`/${kind}-widget.html`, hostPage(kind, service.url, true));
    }
    const widgetOrigins = services.map((s) => new URL(s.url).origin);
    console.log(
      `bench:lighthouse: Lighthouse 12.2.3, mobile preset, ${runs} runs per page, interleaved; ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}` +
        (before_ ? `; before = ${before_}` : ''),
    );
    const figures = new Map<string, Run[]>([...pages.keys()].map((path) => [path, []]));
    // Round by round, each page once a round, so that every page meets the same minutes of a
    // shared machine's load.
    for (let run = 0; run < runs; run++) {
      for (const path of pages.keys()) {
        const result = await lighthouse(`${hostOrigin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result!.lhr;
        const trace = result!.artifacts.Trace as unknown as {traceEvents: TraceEvent[]};
        const tasks = longTasks(trace, 50 / cpuSlowdown).filter((t) =>
          t.scripts.some((url) => widgetOrigins.some((origin) => url.startsWith(origin))),
        );
        const r: Run = {
          score: Math.round((lhr.categories['performance']!.score ?? 0) * 100),
          cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
          bytes: lhr.audits['total-byte-weight']!.numericValue ?? NaN,
          widgetTasks: tasks,
          widgetBlocking: tasks.reduce((n, t) => n + blocking(t), 0),
          widgetCpuBlocking: tasks.reduce(
            (n, t) =>
              n + Math.max(0, (Number.isNaN(t.cpu) ? t.duration : t.cpu) * cpuSlowdown - 50),
            0,
          ),
        };
        figures.get(path)!.push(r);
        if (listTasks && !path.endsWith('-plain.html')) {
          console.log(
            `  ${path} run ${run + 1} (load ${loadavg()[0]!.toFixed(1)}): score ${r.score}, ` +
              `TBT ${Math.round(r.tbt)} ms; the widget's tasks over ${50 / cpuSlowdown} ms ` +
              `observed (50 ms at 4x): ${tasks.length}, blocking ${Math.round(r.widgetBlocking)} ms ` +
              `(${Math.round(r.widgetCpuBlocking)} ms from their CPU time)`,
          );
          for (const task of tasks) console.log(`    ${describeTask(task)}`);
        }
      }
    }
    const results: Record<string, Run> = {};
    for (const [path, runsOf] of figures) {
      const pick = (
        key: 'score' | 'cls' | 'tbt' | 'bytes' | 'widgetBlocking' | 'widgetCpuBlocking',
      ) => median(runsOf.map((f) => f[key]));
      const r = {
        score: pick('score'),
        cls: pick('cls'),
        tbt: pick('tbt'),
        bytes: pick('bytes'),
        widgetBlocking: pick('widgetBlocking'),
        widgetCpuBlocking: pick('widgetCpuBlocking'),
        widgetTasks: [],
      };
      results[path] = r;
      console.log(
        `  ${path.padEnd(22)} score ${String(r.score).padStart(3)} ` +
          `(runs ${runsOf.map((f) => f.score).join(', ')})  CLS ${r.cls.toFixed(3)}  ` +
          `TBT ${Math.round(r.tbt)} ms  ${(r.bytes / 1024).toFixed(1)} KB` +
          (path.endsWith('-plain.html')
            ? ''
            : `  widget's long tasks ${runsOf.map((f) => f.widgetTasks.length).join(', ')}, ` +
              `blocking ${Math.round(r.widgetBlocking)} ms at 4x (${Math.round(r.widgetCpuBlocking)} ms from CPU time)`),
      );
    }
    for (const kind of kinds) {
      const plain = results[`/${kind}-plain.html`]!;
      for (const variant of before ? ['before', 'widget'] : ['widget']) {
        const widget = results[`/${kind}-${variant}.html`]!;
        const cost = plain.score - widget.score;
        console.log(
          `${kind === 'shop' ? 'shop product page' : 'CMS article'}${before ? ` (${variant === 'widget' ? 'this build' : 'before'})` : ''}: ` +
            `the widget costs ${cost} points (goal <= ${goals.costPoints}), ` +
            `CLS ${widget.cls.toFixed(3)} (goal ${goals.cls}), ` +
            `TBT ${Math.round(widget.tbt)} ms (goal <= ${goals.tbtMs}; ${Math.round(plain.tbt)} without), ` +
            `+${((widget.bytes - plain.bytes) / 1024).toFixed(1)} KB over the wire`,
        );
      }
    }
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await chrome.kill();
    for (const s of services) s.stop();
    host.close();
  }
}

await main();
