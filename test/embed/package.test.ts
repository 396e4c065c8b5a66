// The package as a user gets it: `npm pack`, then a scratch project that installs the tarball
// (its dependencies linked from this checkout, so no registry is needed) and imports every
// entry of `exports`: in Node, in a host's TypeScript, and the script-tag file in Chromium.
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {ensureBuilt, launchChromium, startHostSite} from '../helpers/node/embedding.js';

const repo = resolve('.');
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
};

describe('the packed package', {timeout: 180_000}, () => {
  let work: string;
  let scratch: string;
  let files: string[];

  before(async () => {
    await ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'configurator-pack-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as {filename: string; files: {path: string}[]}[];
    files = packed[0]!.files.map((f) => f.path).sort();

    // A host project: the tarball unpacked where `npm install <tarball>` would put it.
    scratch = join(work, 'host');
    const installed = join(scratch, 'node_modules', manifest.name);
    mkdirSync(installed, {recursive: true});
    execFileSync('tar', [
      '-xzf',
      join(work, packed[0]!.filename),
      '-C',
      installed,
      '--strip-components=1',
    ]);
    for (const dependency of Object.keys(manifest.dependencies)) {
      const link = join(scratch, 'node_modules', dependency);
      mkdirSync(dirname(link), {recursive: true});
      symlinkSync(join(repo, 'node_modules', dependency), link, 'dir');
    }
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({type: 'module', private: true}));
  });
  after(() => {
    if (work) rmSync(work, {recursive: true, force: true});
  });

  test('holds only what a user needs', () => {
    const allowed =
      /^(LICENSE|README\.md|package\.json|custom-elements\.json|dist\/.+\.(js|d\.ts)|dist\/product-configurator\.css)$/;
    assert.deepEqual(
      files.filter((f) => !allowed.test(f)),
      [],
    );
    for (const required of [
      'LICENSE',
      'README.md',
      'custom-elements.json',
      'dist/product-configurator.js',
    ]) {
      assert.ok(files.includes(required), `${required} is packed`);
    }
    // One build's chunks only: a stale chunk from an earlier build is dead weight, so every
    // packed chunk is imported by another packed file.
    const chunks = files.filter((f) => f.startsWith('dist/chunks/') && f.endsWith('.js'));
    assert.ok(chunks.length > 0, 'the lazy parts are packed');
    const sources = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(f, 'utf8')] as const);
    for (const chunk of chunks) {
      const name = chunk.slice(chunk.lastIndexOf('/') + 1);
      assert.ok(
        sources.some(([file, text]) => file !== chunk && text.includes(name)),
        `${chunk} is imported by a packed file`,
      );
    }
    // Every file `exports` names is in the tarball.
    for (const [entry, target] of Object.entries(manifest.exports)) {
      for (const path of typeof target === 'string' ? [target] : Object.values(target)) {
        assert.ok(files.includes(path.replace(/^\.\//, '')), `${entry}: ${path}`);
      }
    }
  });

  test('every entry imports in Node from a host project', () => {
    const entries = Object.keys(manifest.exports)
      // The script-tag file and the page's style sheet are for browsers, not imports.
      .filter((entry) => entry !== './bundle' && !entry.endsWith('.css'))
      .map((entry) => manifest.name + entry.slice(1));
    const script = `
      const out = {};
      for (const entry of ${JSON.stringify(entries)}) {
        const m = await import(entry, entry.endsWith('.json') ? {with: {type: 'json'}} : undefined);
        out[entry] = Object.keys(m).sort();
      }
      out.defined = typeof customElements.get('product-configurator');
      console.log(JSON.stringify(out));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: scratch,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout) as Record<string, string[] | string>;
    assert.ok((out[manifest.name] as string[]).includes('ProductConfiguratorElement'));
    assert.ok((out[manifest.name] as string[]).includes('ConfiguratorChangeEvent'));
    assert.ok((out[`${manifest.name}/token-endpoint`] as string[]).includes('createTokenEndpoint'));
    assert.ok((out[`${manifest.name}/define`] as string[]).includes('ProductConfiguratorElement'));
    assert.deepEqual(out[`${manifest.name}/custom-elements.json`], ['default']);
    assert.ok((out[`${manifest.name}/session`] as string[]).includes('ConfiguratorSession'));
    assert.ok((out[`${manifest.name}/session/merge`] as string[]).includes('mergeConfiguration'));
    // The capabilities beside the session, each its own export.
    assert.deepEqual(out[`${manifest.name}/session/quote`], ['readQuoteRequested', 'requestQuote']);
    assert.deepEqual(out[`${manifest.name}/session/image`], ['image']);
    assert.deepEqual(out[`${manifest.name}/session/undo`], ['UndoHistory', 'copy']);
    assert.deepEqual(out[`${manifest.name}/session/wire`], [
      'ConflictType',
      'DisplayType',
      'FeatureType',
      'NodeType',
    ]);
    assert.deepEqual(out[`${manifest.name}/session/start`], [
      'startWithToken',
      'tokenEndpointFetch',
    ]);
    assert.ok(!(out[`${manifest.name}/session`] as string[]).includes('DisplayType'));
    assert.equal(out.defined, 'function');
  });

  test("types work in a host's TypeScript: events typed through HTMLElementEventMap", () => {
    writeFileSync(
      join(scratch, 'host.ts'),
      `import 'product-configurator/define';
import {ConfiguratorChangeEvent, type DisplayedPrice} from 'product-configurator';
import {createTokenEndpoint} from 'product-configurator/token-endpoint';
import {ConfiguratorSession, functionTokenSource} from 'product-configurator/session';
import {requestQuote} from 'product-configurator/session/quote';
import {image} from 'product-configurator/session/image';
import {UndoHistory, copy} from 'product-configurator/session/undo';
import {DisplayType} from 'product-configurator/session/wire';

const el = document.querySelector('product-configurator')!;
el.model = 'Office Chair';
el.fetchToken = async () => ({accessToken: 't', expiresIn: 60});
el.addEventListener('configurator-change', (e) => {
  const id: string = e.detail.configuration.id;
  const price: DisplayedPrice = e.detail.price;
  const same: ConfiguratorChangeEvent = e;
  // @ts-expect-error: the payload is typed, not any
  e.detail.nothingLikeThis.toString();
  console.log(id, price.label, same.detail.source);
});
el.addEventListener('configurator-error', (e) => console.log(e.detail.code.toUpperCase()));
// The headless session with the merge of compressed answers beside it.
export const session = new ConfiguratorSession({
  apiUrl: 'https://api.example',
  tokenSource: functionTokenSource(async () => ({accessToken: 't', expiresIn: 60})),
  loadMerge: () => import('product-configurator/session/merge'),
});
// What moved beside the session is a function taking it; the old methods are type errors.
export const quoted: Promise<string | null> = requestQuote(session, {email: 'a@b.example'}, {
  quantity: 2,
}).then((q) => q.quotationNumber);
export const picture: Promise<Blob> = image(session, {size: 320});
export const frozen: Promise<string> = copy(session).then((c) => c.id);
export const history = new UndoHistory(session, 10);
export const slider: DisplayType = DisplayType.slider;
// @ts-expect-error: requestQuote(session, customer) of product-configurator/session/quote
void session.requestQuote({});
// @ts-expect-error: image(session) of product-configurator/session/image
void session.image();
// @ts-expect-error: copy(session) of product-configurator/session/undo
void session.copy();
// @ts-expect-error: the seam of the modules beside the session is not public
void session._send({path: '/'});
export const handler = createTokenEndpoint({
  scheme: 'client-credentials',
  authUrl: 'https://auth.example',
  clientId: 'id',
  clientSecret: 'secret',
  allowedOrigins: ['https://shop.example'],
});
`,
    );
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['host.ts'],
      }),
    );
    const run = spawnSync(
      process.execPath,
      [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
      {cwd: scratch, encoding: 'utf8'},
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });

  test('the script-tag file defines the element in a browser, twice harmlessly', async () => {
    const dist = join(scratch, 'node_modules', manifest.name, 'dist');
    const bundle = readFileSync(join(dist, 'product-configurator.js'), 'utf8');
    const host = await startHostSite();
    const browser = await launchChromium();
    try {
      host.page('/product-configurator.js', bundle, 'text/javascript');
      // The element and its first screen load from the chunks beside it.
      for (const chunk of readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))) {
        const text = readFileSync(join(dist, 'chunks', chunk), 'utf8');
        host.page(`/chunks/${chunk}`, text, 'text/javascript');
      }
      host.page(
        '/page.html',
        `<!doctype html><title>bundle</title>
<script type="module" src="/product-configurator.js"></script>
<script type="module" src="/product-configurator.js?second-copy"></script>
<product-configurator></product-configurator>`,
      );
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${host.origin}/page.html`);
      await page.waitForFunction(() => customElements.get('product-configurator'));
      assert.equal(
        await page.evaluate(() => !!document.querySelector('product-configurator')!.shadowRoot),
        true,
      );
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await host.close();
    }
  });
});
