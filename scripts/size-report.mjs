// Prints the size of every file a page may load from dist/ and fails the build when one passes
// its budget. The script-tag entry is followed through its imports: the static ones run before
// the first render (their sum has the tightest budget), the dynamic ones are chunks loaded on
// demand (each has its own). The headless session file stands alone, with the modules beside it
// that a page imports when it uses them.
import {readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';

const KB = 1024;

/** Budgets in gzip bytes (see BENCHMARKS.md for the figures they guard). */
export const budgets = {
  /**
   * The entry and everything it imports statically: what runs before the first render. The
   * goal (BENCHMARKS.md); 21.7 KB since English beyond the first render became a chunk
   * (docs/decisions/0054-english-beyond-the-first-render-is-a-chunk.md). 25.8 KB with this
   * version's analytics and print; the loader's early token request (0.3 KB, decision 97) took
   * it to 26.2 KB, where it stays with the price event (decision 98). The loader's number-format
   * warm-up and the yield before the first screen (0.3 KB, decision 101) took it to 26.5 KB; 25.1
   * KB since form participation, the publishable-key source and Lit's decorator helpers left it
   * (docs/decisions/0102-act-what-loads-before-the-shopper-can-act.md); 24.2 KB since the
   * start's own task, the error notices with the first failure and the developers' origin hint
   * with the first refusal (decision 102's amendment). This budget is today's size and a
   * little, so it cannot grow unnoticed.
   */
  firstRender: 24.3 * KB,
  /**
   * The script-tag file, a loader: a shop platform's budget for an app block's script
   * (../docs/decisions/0082-a-loader-for-the-script-tag.md). In bytes, as they state it.
   */
  loader: 10_000,
  /**
   * What an English page loads before the shopper can act: the first render, the configure
   * view and English. The goal is 24 KB (BENCHMARKS.md); this budget is today's size and a
   * little, so it cannot grow unnoticed (41.9 KB with the loader's early token request; price
   * effects and the price event added 2.5 KB, 0.2 KB of it before the first render: the event
   * class, docs/decisions/0098-prices-price-effects-from-the-service.md): 44.1 KB; 44.4 KB with
   * decision 101's warm-up and yield; 42.3 KB since what the shopper needs only later loads after
   * the first screen (decision 102, which lists each step). test/embed/first-screen-requests.test.ts
   * checks against a real page that this sum is every script it starts before
   * `configurator-ready`. An estimate said as such and the large step's pages added about
   * 0.1 KB (docs/decisions/0103-effects-exact-figures-only-and-a-qr-code-ready-for-print.md).
   * 40.4 KB after decision 102's amendment (compact templates, the start's own task, error
   * notices with the first failure, English for the later views with them). 38.7 KB once the
   * summary column is a chunk of its own, drawn after the steps (decision 106); 39.0 KB with
   * undo by revision (decision 105); 39.4 KB with the column's styles back in the view's sheet,
   * so that the column's arrival adopts no new sheet (a whole-screen style recalculation);
   * 39.6 KB with the first step drawn in parts a frame apart (decision 107); 39.7 KB (40,650
   * bytes) with the start cut out of the token's answer, the type scale's rules (decision 110)
   * and a change's effects asked in its own answer (decision 109); 39.8 KB (40,777 bytes) with
   * the model's shape kept between answers, an update on the 2,000-node model in 3.1 ms instead
   * of 4.0-4.2 (decision 111).
   */
  beforeReady: 39.9 * KB,
  /**
   * The headless session, one self-contained file, in bytes as its goal is stated: 7,000 bytes
   * (issue "Light on the host page"). It was 6.7 KB (docs/decisions/0062, 0063, 0066 and 0071
   * for what it holds) before the publishable-key token source, the token mistakes' own codes
   * and a first session split took it to 7,472 bytes; 7,188 since the publishable-key source
   * moved beside it (decision 97), 7,186 once split along its seams (decision 100), 6,898 with
   * the same behaviour written smaller
   * (docs/decisions/0104-slim-the-session-file-under-7000-bytes.md). The budget is the goal
   * itself: the build fails above 7,000 bytes.
   */
  session: 7_000,
  /**
   * Any one chunk loaded on demand. The largest is the configure view, which since the element
   * became an outline also carries the layout of the configured product (out of the entry,
   * paying for the start task there; docs/decisions/0041-lit-task-for-loading-and-sending.md).
   * It was 10 bytes under 13 KB when every file gained V8's compile hint (26 bytes raw;
   * docs/decisions/0065-compile-on-load.md).
   */
  chunk: 13.5 * KB,
  /**
   * Any one module beside the headless session (the merge, the quote request, the picture,
   * undo): each a small part a page adds only when it uses it. The largest is the merge.
   */
  besideSession: 1.5 * KB,
};

export const entryFile = 'dist/product-configurator.js';
export const sessionFile = 'dist/product-configurator-session.js';
export const mergeFile = 'dist/product-configurator-merge.js';
/**
 * The modules beside the headless session, each loaded by a page only when it uses it: the
 * merge of compressed answers (`loadMerge`), the quote request, the picture, undo, the wire's
 * numeric codes by name, the start carried by the token request (decision 75), the
 * publishable-key token source (docs/decisions/0062-capabilities-beside-the-headless-session.md).
 */
export const besideSessionFiles = [
  mergeFile,
  'dist/product-configurator-quote.js',
  'dist/product-configurator-image.js',
  'dist/product-configurator-undo.js',
  'dist/product-configurator-wire.js',
  'dist/product-configurator-start.js',
  'dist/product-configurator-publishable-key.js',
];

/** Gzip (level 9, as a CDN would serve it) and brotli (quality 11) sizes of a file. */
export function sizesOf(file) {
  const source = readFileSync(file);
  return {
    file,
    raw: source.length,
    gzip: gzipSync(source, {level: 9}).length,
    brotli: brotliCompressSync(source, {
      params: {[constants.BROTLI_PARAM_QUALITY]: 11},
    }).length,
  };
}

// Module specifiers in minified ES module output (rollup's own relative paths).
const staticImport =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const dynamicImport = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** The relative imports of a built module, resolved to paths, split by kind. */
export function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const resolve = (specifier) => relative('.', join(dirname(file), specifier));
  return {
    static: [...code.matchAll(staticImport)].map((m) => resolve(m[1])),
    dynamic: [...code.matchAll(dynamicImport)].map((m) => resolve(m[1])),
  };
}

/**
 * The chunks the script-tag file (a loader, no static imports) asks for at once, by role: the
 * element, its configure view and the English dictionary, as the build wrote them into it.
 */
export function loaderChunks(entry = entryFile) {
  const code = readFileSync(entry, 'utf8');
  const files = [...code.matchAll(/(\w*):?["'](chunks\/[^"']+\.js)["']/g)];
  const named = (test) => {
    const m = files.find(test);
    return m ? relative('.', join(dirname(entry), m[2])) : null;
  };
  return {
    element: named((m) => m[2].startsWith('chunks/element-')),
    view: named((m) => m[2].startsWith('chunks/configure-view-')),
    english: named((m) => m[1] === 'en'),
  };
}

/**
 * Follows the script-tag file and what it loads: `firstRender` holds the loader, the element
 * and its static imports (transitively: what runs before the skeleton shows), `beforeReady`
 * adds the configure view and English with theirs (what an English page loads before the
 * shopper can act), `chunks` every file reachable only through a dynamic import after that.
 */
export function bundleGraph(entry = entryFile) {
  const seen = new Set();
  const lazy = [];
  const follow = (into) => {
    const visit = (file) => {
      if (!file || seen.has(file)) return;
      seen.add(file);
      into.push(file);
      const imports = importsOf(file);
      imports.static.forEach(visit);
      lazy.push(...imports.dynamic);
    };
    return visit;
  };
  const {element, view, english} = loaderChunks(entry);
  const firstRender = [];
  [entry, element].forEach(follow(firstRender));
  const rest = [];
  [view, english].forEach(follow(rest));
  const beforeReady = [...firstRender, ...rest];
  const chunks = [];
  const visitLazy = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    chunks.push(file);
    const imports = importsOf(file);
    [...imports.static, ...imports.dynamic].forEach(visitLazy);
  };
  lazy.forEach(visitLazy);
  return {firstRender, beforeReady, chunks};
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;

function report() {
  const failures = [];
  const line = (label, s, budget) =>
    console.log(
      `size: ${label.padEnd(58)} ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(8)} gzip ` +
        `${kb(s.brotli).padStart(8)} brotli${budget ? `  (budget ${kb(budget)} gzip)` : ''}`,
    );
  const check = (label, gzip, budget) => {
    if (gzip > budget) failures.push(`${label} is ${kb(gzip)} gzip, over its ${kb(budget)} budget`);
  };

  const graph = bundleGraph();
  const loader = sizesOf(entryFile);
  console.log(
    `size: ${entryFile} (the script-tag file) ${loader.gzip} bytes gzip` +
      ` (budget ${budgets.loader} bytes gzip)`,
  );
  check(entryFile, loader.gzip, budgets.loader);
  const total = (label, files, budget, goal) => {
    const sizes = files.map(sizesOf);
    const sum = (key) => sizes.reduce((n, s) => n + s[key], 0);
    line(label, {raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli')}, budget);
    if (goal) console.log(`size:   goal ${kb(goal)} gzip`);
    check(label, sum('gzip'), budget);
  };
  for (const s of graph.beforeReady.map(sizesOf)) {
    if (s.file !== entryFile) line(`  loaded at once ${s.file}`, s);
  }
  total('before the first render (sum)', graph.firstRender, budgets.firstRender);
  total('before the shopper can act (sum)', graph.beforeReady, budgets.beforeReady, 24 * KB);
  for (const s of graph.chunks.map(sizesOf)) {
    line(`  on demand ${s.file}`, s, budgets.chunk);
    check(s.file, s.gzip, budgets.chunk);
  }
  const session = sizesOf(sessionFile);
  line(sessionFile, session);
  console.log(
    `size:   ${session.gzip} bytes gzip (budget ${budgets.session} bytes gzip, goal 7000 bytes)`,
  );
  if (session.gzip > budgets.session) {
    failures.push(
      `${sessionFile} is ${session.gzip} bytes gzip, over its ${budgets.session} budget`,
    );
  }
  // Loaded by a headless page only when it uses them.
  for (const file of besideSessionFiles) {
    const s = sizesOf(file);
    line(`  on demand ${file}`, s, budgets.besideSession);
    check(file, s.gzip, budgets.besideSession);
  }

  for (const failure of failures) console.error(`size: ${failure}`);
  if (failures.length) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) report();
