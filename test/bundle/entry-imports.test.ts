// The built script-tag file: a loader of at most 10,000 bytes gzip that runs as a module and as
// a classic script; what it loads before the first render, and that every part the first render
// does not need is a chunk beside it, reached by a relative dynamic import.
// Reads dist/ (npm test builds first).
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, it} from 'node:test';
import {pathToFileURL} from 'node:url';
import {Script} from 'node:vm';
// @ts-expect-error: a plain ES module script without types
import * as sizeReport from '../../scripts/size-report.mjs';

const {besideSessionFiles, budgets, bundleGraph, entryFile, loaderChunks, sessionFile, sizesOf} =
  sizeReport;

interface Graph {
  firstRender: string[];
  chunks: string[];
}

const built = existsSync(entryFile);
const graph = (): Graph => {
  assert.ok(built, `${entryFile} is missing: run npm run build first`);
  return bundleGraph() as Graph;
};
const read = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');

// Text that only each lazily loaded part holds (its own strings survive minification).
const parts = {
  'the Dutch dictionary': 'De configurator wordt geladen',
  'the German dictionary': 'Der Konfigurator wird geladen',
  'the French dictionary': 'Chargement du configurateur',
  'the quote form': 'quote-form-error',
  'the conflict dialog': 'conflict-list',
  DOMPurify: 'DOMPurify',
  'the configure view': 'step-nav',
};

describe('the script-tag file', () => {
  it('is a loader within 10,000 bytes gzip that parses as a classic script', () => {
    assert.ok(built, `${entryFile} is missing: run npm run build first`);
    const code = readFileSync(entryFile, 'utf8');
    assert.ok((sizesOf(entryFile) as {gzip: number}).gzip <= 10_000);
    // A classic script's grammar: no static import or export anywhere (this throws on them).
    assert.doesNotThrow(() => new Script(code, {filename: entryFile}));
    // Its names stay inside one function, never the page's globals.
    assert.match(code.replace(/^\/\/.*\n/, ''), /^!function\(\)\{/);
    // The element and its first screen, by name, beside it.
    const chunks = loaderChunks() as Record<string, string | null>;
    for (const role of ['element', 'view', 'english']) {
      assert.ok(chunks[role] && existsSync(chunks[role]!), `${role}: ${chunks[role]}`);
    }
  });

  it('imports statically nothing the first render does without', () => {
    const {firstRender} = graph();
    const before = read(firstRender);
    for (const [part, marker] of Object.entries(parts)) {
      assert.ok(!before.includes(marker), `${part} is loaded before the first render`);
    }
    // English is there from the start.
    assert.ok(before.includes('Loading the configurator'));
  });

  it('reaches every other part through a relative dynamic import of a chunk beside it', () => {
    const {
      firstRender,
      beforeReady,
      chunks: onDemand,
    } = graph() as Graph & {
      beforeReady: string[];
    };
    // What the loader asks for beside the element, and what loads later on demand.
    const chunks = [...beforeReady.filter((f) => !firstRender.includes(f)), ...onDemand];
    assert.ok(chunks.length > 0);
    for (const chunk of chunks) assert.match(chunk, /^dist\/chunks\/[\w.-]+-[\w-]{8}\.js$/);
    const later = read(chunks);
    for (const [part, marker] of Object.entries(parts)) {
      assert.ok(later.includes(marker), `${part} is in no chunk`);
    }
    // Relative specifiers only: a copy of dist/ on any host resolves them against itself.
    const element = readFileSync((loaderChunks() as {element: string}).element, 'utf8');
    for (const m of element.matchAll(/\bimport\(\s*["']([^"']+)["']/g)) {
      assert.match(m[1]!, /^\.\//);
    }
  });

  it('stays within its budgets', () => {
    const {firstRender} = graph();
    const gzip = firstRender
      .map((f) => (sizesOf(f) as {gzip: number}).gzip)
      .reduce((a, b) => a + b);
    assert.ok(gzip <= budgets.firstRender, `${gzip} bytes gzip before the first render`);
    const {beforeReady} = graph() as Graph & {beforeReady: string[]};
    const ready = beforeReady
      .map((f) => (sizesOf(f) as {gzip: number}).gzip)
      .reduce((a, b) => a + b);
    assert.ok(ready <= budgets.beforeReady, `${ready} bytes gzip before the shopper can act`);
    const session = sizesOf(sessionFile) as {gzip: number};
    assert.ok(session.gzip <= budgets.session, `${session.gzip} bytes gzip for the session`);
    // Self-contained: the headless file imports nothing.
    assert.doesNotMatch(readFileSync(sessionFile, 'utf8'), /\bimport\s*[{(*"']|\bfrom\s*["']/);
  });
});

// What moved beside the headless session (docs/decisions/0062): text only each capability
// holds, which the session file must not contain again.
const moved = {
  'the quote request': 'requestquote',
  "the quote answer's reader": 'quotationNumber',
  'the picture': '/image',
  "the wire's numeric codes by name": 'colorPicker',
  'the publishable-key token source': 'embedtoken',
};

describe('the headless session file and the modules beside it', () => {
  it('holds none of what moved beside it', () => {
    assert.ok(built, `${sessionFile} is missing: run npm run build first`);
    const session = readFileSync(sessionFile, 'utf8');
    for (const [part, marker] of Object.entries(moved)) {
      assert.ok(!session.includes(marker), `${part} is back in ${sessionFile}`);
    }
    // Undo's frozen copy was a method of its own; the session keeps only the seam.
    assert.doesNotMatch(session, /\bcopy\(/);
  });

  it('keeps each module within its budget, importing nothing but the session file', () => {
    for (const file of besideSessionFiles as string[]) {
      const s = sizesOf(file) as {gzip: number};
      assert.ok(s.gzip <= budgets.besideSession, `${file}: ${s.gzip} bytes gzip`);
      const code = readFileSync(file, 'utf8');
      const imports = [...code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)/g)];
      for (const m of imports)
        assert.equal(m[1] ?? m[2], './product-configurator-session.js', file);
    }
  });

  it("shares the session file's error class: the built modules' errors are its instances", async () => {
    const load = (file: string) => import(pathToFileURL(resolve(file)).href);
    const session = await load(sessionFile);
    const [quote, image, undo] = await Promise.all(
      ['quote', 'image', 'undo'].map((name) => load(`dist/product-configurator-${name}.js`)),
    );
    const s = new session.ConfiguratorSession({
      apiUrl: 'http://127.0.0.1:9',
      tokenSource: {get: async () => 't', renew: async () => 't'},
    });
    try {
      for (const attempt of [quote.requestQuote(s, {}), image.image(s), undo.copy(s)]) {
        const error = await attempt.catch((e: unknown) => e);
        assert.ok(error instanceof session.ConfiguratorError, String(error));
        assert.equal(error.code, session.ErrorCode.notStarted);
      }
    } finally {
      s.dispose();
    }
  });
});

// docs/decisions/0065-compile-on-load.md: a file's functions are compiled when it loads, not at
// their first call while the shopper waits. The hint only works as the file's first line.
describe("V8's compile hint", () => {
  it('opens every file a page loads from dist/', () => {
    const {firstRender, chunks} = graph();
    const files = [...firstRender, ...chunks, sessionFile, ...(besideSessionFiles as string[])];
    for (const file of files) {
      const firstLine = readFileSync(file, 'utf8').split('\n', 1)[0];
      assert.equal(firstLine, '//# allFunctionsCalledOnLoad', file);
    }
  });
});
