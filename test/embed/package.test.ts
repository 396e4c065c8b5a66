// The package as a user gets it: `npm pack` in a fresh copy of the repository's files (nothing
// built: its prepack builds), then a scratch project that installs the tarball (its
// dependencies linked from this checkout, so no registry is needed) and imports every entry of
// `exports`: in Node, in a host's TypeScript, rendered by Lit's server renderer and hydrated in
// Chromium, and the script-tag file in Chromium with and without a matching SRI hash.
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, posix, resolve} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {build} from 'esbuild';
import {launchChromium, startHostSite} from '../helpers/node/embedding.js';

const repo = resolve('.');
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
};

/** The repository's files as a fresh clone has them (tracked and new, not ignored). */
function freshCopy(to: string): void {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      encoding: 'utf8',
    },
  );
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(file)) continue;
    mkdirSync(dirname(join(to, file)), {recursive: true});
    copyFileSync(file, join(to, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(to, 'node_modules'), 'dir');
}

describe('the packed package', {timeout: 900_000}, () => {
  let work: string;
  let scratch: string;
  let files: string[];

  let installed: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'configurator-pack-'));
    const clone = join(work, 'clone');
    freshCopy(clone);
    assert.ok(!existsSync(join(clone, 'dist')), 'the copy has nothing built');
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
        cwd: clone,
        encoding: 'utf8',
        // The build's own report goes to the test's output; npm's JSON is the last thing out.
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 64 * 1024 * 1024,
      }).replace(/^[\s\S]*?(?=^\[$)/m, ''),
    ) as {filename: string; files: {path: string}[]}[];
    files = packed[0]!.files.map((f) => f.path).sort();

    // A host project: the tarball unpacked where `npm install <tarball>` would put it.
    scratch = join(work, 'host');
    installed = join(scratch, 'node_modules', manifest.name);
    mkdirSync(installed, {recursive: true});
    execFileSync('tar', [
      '-xzf',
      join(work, packed[0]!.filename),
      '-C',
      installed,
      '--strip-components=1',
    ]);
    // Lit's server renderer and its hydration, as a host using SSR installs them.
    const ssr = ['@lit-labs/ssr', '@lit-labs/ssr-client', '@lit-labs/ssr-dom-shim'];
    for (const dependency of [...Object.keys(manifest.dependencies), ...ssr]) {
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
      /^(LICENSE|README\.md|CHANGELOG\.md|package\.json|custom-elements\.json|dist\/.+\.(js|js\.map|d\.ts|json|css)|src\/.+\.ts)$/;
    assert.deepEqual(
      files.filter((f) => !allowed.test(f)),
      [],
    );
    for (const required of [
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'custom-elements.json',
      'dist/product-configurator.js',
      'dist/integrity.json',
      'dist/types/frameworks/react.d.ts',
    ]) {
      assert.ok(files.includes(required), `${required} is packed`);
    }
    // One build's chunks only: a stale chunk from an earlier build is dead weight, so every
    // packed chunk is imported by another packed file.
    const chunks = files.filter((f) => f.startsWith('dist/chunks/') && f.endsWith('.js'));
    assert.ok(chunks.length > 0, 'the lazy parts are packed');
    const sources = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(join(installed, f), 'utf8')] as const);
    for (const chunk of chunks) {
      const name = chunk.slice(chunk.lastIndexOf('/') + 1);
      assert.ok(
        sources.some(([file, text]) => file !== chunk && text.includes(name)),
        `${chunk} is imported by a packed file`,
      );
    }
    // npm CDNs serve the script-tag file at the package's bare versioned address
    // (…/product-configurator@X.Y.Z), not the npm module, which imports Lit by name.
    const cdn = manifest as unknown as {unpkg: string; jsdelivr: string};
    for (const field of [cdn.unpkg, cdn.jsdelivr]) {
      assert.equal(field, './dist/product-configurator.js');
    }
    // Every file `exports` names is in the tarball.
    for (const [entry, target] of Object.entries(manifest.exports)) {
      for (const path of typeof target === 'string' ? [target] : Object.values(target)) {
        assert.ok(files.includes(path.replace(/^\.\//, '')), `${entry}: ${path}`);
      }
    }
  });

  test('every entry imports in Node from a host project', () => {
    // The script-tag file too: in Node, `./bundle` is the npm module that defines the element.
    // The page's style sheet is for browsers, not imports.
    const entries = Object.keys(manifest.exports)
      .filter((entry) => !entry.endsWith('.css'))
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
  test('source maps, the manifest and the types point at files the package ships', () => {
    const packed = new Set(files);
    const scripts = files.filter(
      (f) => /^dist\/.+\.js$/.test(f) && !f.startsWith('dist/frameworks/'),
    );
    assert.ok(scripts.length > 10);
    for (const script of scripts) {
      const text = readFileSync(join(installed, script), 'utf8');
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
      assert.ok(url, `${script} names its source map`);
      const mapFile = posix.join(posix.dirname(script), url);
      assert.ok(packed.has(mapFile), `${script}: ${mapFile} is packed`);
      const map = JSON.parse(readFileSync(join(installed, mapFile), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      map.sources.forEach((source, i) => {
        const path = posix.normalize(posix.join(posix.dirname(mapFile), source));
        // Our own code is shipped as written; Lit and DOMPurify (bundled into the script-tag
        // file) are not, so their text is in the map itself.
        assert.ok(
          packed.has(path) || (source.includes('node_modules/') && !!map.sourcesContent?.[i]),
          `${mapFile}: ${source}`,
        );
      });
    }
    const elements = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8'));
    const paths: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'path' || key === 'module') && typeof value === 'string') paths.push(value);
        else walk(value);
      }
    };
    walk(elements);
    assert.ok(paths.length > 50);
    assert.deepEqual(
      [...new Set(paths.filter((p) => !packed.has(p)))],
      [],
      'every manifest path is packed',
    );
  });

  test('every entry imports in Node, and the element renders with Lit SSR without throwing', () => {
    const script = `
      import {render} from '@lit-labs/ssr';
      import {collectResultSync} from '@lit-labs/ssr/lib/render-result.js';
      import {html} from 'lit';
      import 'product-configurator';
      import 'product-configurator/define';
      import 'product-configurator/bundle';
      const page = html\`<main><product-configurator model="Office Chair" lang="de"
        token-endpoint="/token" loading="lazy"></product-configurator></main>\`;
      console.log(collectResultSync(render(page)));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: scratch,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /<product-configurator[^>]*><template shadowroot(mode)?="open"/);
    assert.match(run.stdout, /part="base" lang="de"/);
  });

  test('the server-rendered element hydrates in Chromium', async () => {
    const render = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import {render} from '@lit-labs/ssr';
        import {collectResultSync} from '@lit-labs/ssr/lib/render-result.js';
        import {html} from 'lit';
        import 'product-configurator/define';
        console.log(collectResultSync(render(html\`<product-configurator model="Office Chair"></product-configurator>\`)));`,
      ],
      {cwd: scratch, encoding: 'utf8'},
    );
    assert.equal(render.status, 0, render.stderr);
    // The page's module: Lit's hydration support first, then the package, bundled as a host's
    // build would.
    writeFileSync(
      join(scratch, 'client.js'),
      `import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
      import 'product-configurator/define';`,
    );
    const bundled = await build({
      entryPoints: [join(scratch, 'client.js')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      absWorkingDir: scratch,
      logLevel: 'silent',
    });
    const host = await startHostSite();
    const browser = await launchChromium();
    try {
      host.page('/client.js', bundled.outputFiles[0]!.text, 'text/javascript');
      host.page(
        '/ssr.html',
        `<!doctype html><title>ssr</title><body>${render.stdout}
<script>window.rendered = document.querySelector('product-configurator').shadowRoot.querySelector('[part="base"]');</script>
<script type="module" src="/client.js"></script></body>`,
      );
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${host.origin}/ssr.html`);
      await page.waitForFunction(() => customElements.get('product-configurator'));
      const kept = await page.evaluate(async () => {
        const el = document.querySelector('product-configurator') as HTMLElement & {
          updateComplete: Promise<boolean>;
        };
        await el.updateComplete;
        const w = window as unknown as {rendered: Element | null};
        return !!w.rendered && el.shadowRoot!.querySelector('[part="base"]') === w.rendered;
      });
      // Hydrated: Lit took over the server's DOM instead of rendering it again.
      assert.equal(kept, true);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await host.close();
    }
  });

  test('the script-tag file runs only with the integrity hash the build printed', async () => {
    const file = join(installed, 'dist/product-configurator.js');
    const integrity = JSON.parse(readFileSync(join(installed, 'dist/integrity.json'), 'utf8'))[
      'dist/product-configurator.js'
    ];
    assert.equal(
      integrity,
      `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`,
    );
    // The README pins this release's path on the npm CDNs, with an integrity attribute.
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    assert.match(
      readme,
      new RegExp(
        `src="https://cdn\\.jsdelivr\\.net/npm/${manifest.name}@${manifest.version.replace(/\./g, '\\.')}/dist/product-configurator\\.js"\\s+integrity="sha384-[A-Za-z0-9+/=]+"\\s+crossorigin="anonymous"`,
      ),
    );
    const host = await startHostSite();
    const browser = await launchChromium();
    try {
      host.page('/product-configurator.js', readFileSync(file, 'utf8'), 'text/javascript');
      const chunks = join(installed, 'dist/chunks');
      for (const chunk of readdirSync(chunks).filter((f) => f.endsWith('.js'))) {
        host.page(`/chunks/${chunk}`, readFileSync(join(chunks, chunk), 'utf8'), 'text/javascript');
      }
      const tag = (hash: string) =>
        `<!doctype html><title>sri</title>
<script type="module" src="/product-configurator.js" integrity="${hash}" crossorigin="anonymous"></script>
<product-configurator></product-configurator>`;
      host.page('/right.html', tag(integrity));
      host.page('/wrong.html', tag(`sha384-${'A'.repeat(64)}`));
      // Run: the loader defines the element once the chunks beside it arrive.
      const right = await browser.newPage();
      await right.goto(`${host.origin}/right.html`);
      await right.waitForFunction(() => customElements.get('product-configurator'));
      // Refused: the browser says why, and nothing of the package ran.
      const wrong = await browser.newPage();
      const refused = wrong.waitForEvent('console', (m) => /integrity/i.test(m.text()));
      await wrong.goto(`${host.origin}/wrong.html`, {waitUntil: 'load'});
      await refused;
      const defined = (page: typeof wrong) =>
        page.evaluate(() => !!customElements.get('product-configurator'));
      assert.equal(await defined(right), true);
      assert.equal(await defined(wrong), false);
    } finally {
      await browser.close();
      await host.close();
    }
  });
});
