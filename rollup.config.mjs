// Three outputs from one source tree:
// - dist/product-configurator.js: the script-tag entry (Lit bundled in, minified). What the first
//   render needs is in it; the rest (other languages, quote form, conflict dialog, the fallback
//   sanitiser) sits in dist/chunks/ beside it and is loaded by relative `import()`, so a copy of
//   dist/ on any CDN works. See docs/decisions/0024-a-small-entry-and-chunks-beside-it.md.
// - dist/product-configurator-session.js: the headless session alone, one self-contained file;
//   dist/product-configurator-merge.js beside it, the merge of compressed answers it may load.
// - dist/*.js: the npm package's modules, Lit left as a dependency so apps share one copy.
// The token endpoint helper runs on a host backend and is built only into the package output.
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const ts = () =>
  typescript({
    tsconfig: './tsconfig.build.json',
    noEmit: false,
    emitDeclarationOnly: false,
    declaration: false,
    outDir: undefined,
    sourceMap: true,
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

const onwarn = (warning) => {
  // Lit's decorators reference `this` at module level in some builds; anything else is an error.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  throw new Error(warning.message);
};

const minify = () => terser({ecma: 2022, module: true, compress: {passes: 2}});

export default [
  {
    input: {'product-configurator': 'src/product-configurator.ts'},
    // Shared code stays in the entry (one request before the first render, not two).
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      // Hashed names: a chunk never changes under its name, so it may be cached for good.
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [compactCss(), nodeResolve({browser: true}), ts(), minify()],
    onwarn,
  },
  {
    input: 'src/session/index.ts',
    output: {file: 'dist/product-configurator-session.js', format: 'es', sourcemap: true},
    plugins: [ts(), minify()],
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
  {
    input: {
      index: 'src/index.ts',
      'product-configurator.module': 'src/product-configurator.ts',
      'token-endpoint': 'src/server/token-endpoint.ts',
    },
    external: (id) => /^(lit|@lit\/|dompurify)/.test(id),
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
