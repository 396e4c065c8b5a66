// Two outputs from one source tree:
// - dist/product-configurator.js: the self-contained script-tag file (Lit bundled in, minified);
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

const onwarn = (warning) => {
  // Lit's decorators reference `this` at module level in some builds; anything else is an error.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  throw new Error(warning.message);
};

export default [
  {
    input: 'src/product-configurator.ts',
    output: {file: 'dist/product-configurator.js', format: 'es', sourcemap: true},
    plugins: [nodeResolve({browser: true}), ts(), terser({ecma: 2022, module: true})],
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
    plugins: [nodeResolve({browser: true}), ts()],
    onwarn,
  },
];
