// Three outputs from one source tree:
// - dist/product-configurator.js: the script-tag file, a loader that runs as a module and as a
//   classic script (no static import or export). It reserves the element's space and imports
//   the element (Lit bundled in, minified) and its first screen's chunks from dist/chunks/ beside
//   it, so a copy of dist/ on any CDN works; dist/product-configurator.css is its reserved space
//   for a page's <head>. See docs/decisions/0024-a-small-entry-and-chunks-beside-it.md and
//   0082-a-loader-for-the-script-tag.md.
// - dist/product-configurator-session.js: the headless session alone, one self-contained file;
//   beside it dist/product-configurator-merge.js, the merge of compressed answers it may load,
//   and the -quote, -image, -undo, -wire, -start and -publishable-key files a page imports when
//   it uses them.
// - dist/*.js: the npm package's modules, Lit left as a dependency so apps share one copy.
// The token endpoint helper runs on a host backend and is built only into the package output.
import {dirname, resolve} from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import {compactHtml} from './scripts/compact-html.mjs';

const ts = (compilerOptions = {}) =>
  typescript({
    tsconfig: './tsconfig.build.json',
    noEmit: false,
    emitDeclarationOnly: false,
    declaration: false,
    outDir: undefined,
    sourceMap: true,
    ...compilerOptions,
  });

// Lit's css templates are shipped as written; terser leaves template text alone. Comments and
// whitespace in the style sheets go at build time. Only plain templates (no interpolation, no
// escapes, no quoted text that whitespace could matter in) are touched.
const compactCss = () => ({
  name: 'compact-css',
  transform(code, id) {
    if (!id.endsWith('-styles.ts')) return null;
    const out = code.replace(/\bcss ?`([^`]*)`/g, (whole, text) => {
      const strings = text.match(/'[^'\n]*'|"[^"\n]*"/g) ?? [];
      if (/\$\{|\\/.test(text) || strings.some((q) => /\s|[{};,>]/.test(q))) return whole;
      const compact = text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{};,>])\s*/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      return 'css`' + compact + '`';
    });
    // The style sheet's own lines map to nothing useful; say so rather than break the map.
    return out === code ? null : {code: out, map: {mappings: ''}};
  },
});

// The script-tag build's chunks the loader asks for at once, by the module each one is for.
const firstScreen = {element: '', view: '', languages: {}};
const recordFirstScreen = () => ({
  name: 'record-first-screen',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      const id = chunk.type === 'chunk' ? (chunk.facadeModuleId ?? '') : '';
      // English's first screen is its own chunk (en-screen.ts); its later texts come later.
      const language = /src\/i18n\/(\w\w)(?:-screen)?\.ts$/.exec(id)?.[1];
      if (chunk.isEntry) firstScreen.element = chunk.fileName;
      // The view re-exports its parts: a chunk holding it, not always its facade.
      else if (chunk.moduleIds?.some((m) => m.endsWith('src/element/configure-view.ts'))) {
        firstScreen.view = chunk.fileName;
      } else if (language) firstScreen.languages[language] = chunk.fileName;
    }
  },
});
// The loader's `FIRST_SCREEN`, from the build before it; its reserved space as text, and as
// dist/product-configurator.css for a page to link before any script.
const loaderInputs = () => ({
  name: 'loader-inputs',
  transform(code, id) {
    if (id.endsWith('.css')) {
      const text = code
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{};:,])\s*/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      this.emitFile({type: 'asset', fileName: 'product-configurator.css', source: text + '\n'});
      return {code: `export default ${JSON.stringify(text)};`, map: {mappings: ''}};
    }
    if (!code.includes('FIRST_SCREEN')) return null;
    if (!firstScreen.element || !firstScreen.view) throw new Error('the element build comes first');
    return {code: code.replaceAll(/\bFIRST_SCREEN\b/g, JSON.stringify(firstScreen)), map: null};
  },
});

const onwarn = (warning) => {
  // Lit's decorators reference `this` at module level in some builds; anything else is an error.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  throw new Error(warning.message);
};

/** The modules beside the headless session file, by the name of their file in dist/. */
export const sessionModules = {
  quote: 'src/session/quote.ts',
  image: 'src/session/image.ts',
  undo: 'src/session/undo-history.ts',
  wire: 'src/wire/index.ts',
  start: 'src/session/start-with-token.ts',
  'publishable-key': 'src/session/publishable-key-source.ts',
};

/** Whether an import is the session's public module, src/session/index.ts. */
const sessionIndex = (id, importer) =>
  resolve(importer ? dirname(importer) : '.', id).replace(/\.js$/, '.ts') ===
  resolve('src/session/index.ts');

// V8's explicit compile hint, first in every minified file: compile each function when the
// file loads instead of at its first call. Lazily, the first calls paid for ~250 functions'
// compiles while the shopper waited (94 before the token request, 156 when the configuration
// had arrived); a file's load is off that path (the entry's before the element connects, a
// chunk's while the page waits for the service). Terser's preamble keeps the source map
// right (docs/decisions/0065-compile-on-load.md).
export const compileHint = '//# allFunctionsCalledOnLoad';
const minify = (options = {}) =>
  terser({
    ecma: 2022,
    module: true,
    compress: {passes: 2},
    format: {preamble: compileHint},
    ...options,
  });

// The headless session's internal fields are `_` names (module functions share them: its
// parts are functions over the session, src/session/session-core.ts); in its own file and in
// the element's they are shortened like private `#` names. The seam the modules beside it
// call stays spelled out, as they are built apart
// (docs/decisions/0100-session-split-along-its-seams.md). `_query` is set by the
// element's price effects, a chunk of their own (docs/decisions/0109).
export const sessionSeam = ['_send', '_open', '_settled', '_query'];
const sessionMangle = {properties: {regex: /^_[a-z]/, reserved: sessionSeam}};
// Terser shortens each chunk on its own, so an `_` name is shortened alike everywhere only if
// one chunk holds all its uses: the element's build stops if another chunk uses one (the
// session's parts are static imports of its class, so they stay in one chunk).
const internalNamesInOneChunk = () => {
  const seen = new Map();
  return {
    name: 'internal-names-in-one-chunk',
    renderChunk(code, chunk) {
      for (const [, name] of code.matchAll(/\.(_[a-z]\w*)/g)) {
        if (sessionSeam.includes(name)) continue;
        const first = seen.get(name) ?? chunk.fileName;
        if (first !== chunk.fileName) {
          throw new Error(`${name} is used in ${first} and ${chunk.fileName}`);
        }
        seen.set(name, first);
      }
      return null;
    },
  };
};

export default [
  {
    // The element, loaded by the script-tag file: a chunk like the others.
    input: {element: 'src/product-configurator.ts'},
    // Shared code stays in the element's file (one request before the first render, not two).
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      // Hashed names: a chunk never changes under its name, so it may be cached for good.
      entryFileNames: 'chunks/[name]-[hash].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [
      compactCss(),
      nodeResolve({browser: true}),
      ts(),
      compactHtml(),
      internalNamesInOneChunk(),
      minify({mangle: sessionMangle}),
      recordFirstScreen(),
    ],
    onwarn,
  },
  {
    input: 'src/loader/loader.ts',
    // A function around it all: a classic script's names never meet the page's globals.
    output: {file: 'dist/product-configurator.js', format: 'iife', sourcemap: true},
    plugins: [
      ts(),
      loaderInputs(),
      terser({ecma: 2022, compress: {passes: 2}, format: {preamble: compileHint}}),
    ],
    onwarn,
  },
  {
    input: 'src/session/index.ts',
    output: {file: 'dist/product-configurator-session.js', format: 'es', sourcemap: true},
    // Native class fields: a private field's initial value sits in its declaration instead of
    // an assignment in the constructor (47 bytes gzip). The session's classes behave the same
    // either way (their public fields are `declare`d or shadow no accessor), and Lit's
    // decorators, which need the other setting, are not in this file
    // (docs/decisions/0066-a-smaller-headless-session-file.md).
    // A third pass of the compressor finds a little more in this file (8 bytes gzip,
    // docs/decisions/0104-slim-the-session-file-under-7000-bytes.md); the others keep two.
    plugins: [
      ts({useDefineForClassFields: true}),
      minify({mangle: sessionMangle, compress: {passes: 3}}),
    ],
    onwarn,
  },
  {
    // The merge of compressed answers, the session's optional `loadMerge`; a chunk in the
    // script-tag build (docs/decisions/0053-the-merge-beside-the-headless-session.md).
    input: 'src/session/merge-configuration.ts',
    output: {file: 'dist/product-configurator-merge.js', format: 'es', sourcemap: true},
    plugins: [ts(), minify()],
    onwarn,
  },
  // What only some pages use, each a function taking the session, beside its file: the quote
  // request, the picture, undo with its frozen copies, the wire's numeric codes by name, and the
  // start carried by the token request. Each imports what it shares with the
  // session (the error class above all, so `instanceof ConfiguratorError` holds) from the
  // session's own file, never a copy of it
  // (docs/decisions/0062-capabilities-beside-the-headless-session.md).
  ...Object.entries(sessionModules).map(([name, input]) => ({
    input,
    external: (id, importer) => importer !== undefined && sessionIndex(id, importer),
    output: {
      file: `dist/product-configurator-${name}.js`,
      format: 'es',
      sourcemap: true,
      paths: (id) => (sessionIndex(id) ? './product-configurator-session.js' : id),
    },
    plugins: [ts(), minify()],
    onwarn,
  })),
  {
    input: {
      index: 'src/index.ts',
      'product-configurator.module': 'src/product-configurator.ts',
      'token-endpoint': 'src/server/token-endpoint.ts',
    },
    external: (id) => /^(lit|@lit\/|dompurify|jose)/.test(id),
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [compactCss(), nodeResolve({browser: true}), ts()],
    onwarn,
  },
];
