// Bundles the framework demo pages (React 19, Vue 3) into demo/build/ with esbuild, as a host
// application's own build would; `npm run build` (and so `npm start`) runs it. The widget is
// not in these bundles: each page loads dist/product-configurator.js with a script tag.
import {build} from 'esbuild';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildDemos() {
  await build({
    absWorkingDir: root,
    entryPoints: {'react-demo': 'demo/src/react-demo.jsx', 'vue-demo': 'demo/src/vue-demo.js'},
    outdir: 'demo/build',
    bundle: true,
    format: 'esm',
    minify: true,
    sourcemap: true,
    target: 'es2022',
    jsx: 'automatic',
    logLevel: 'warning',
    // Vue's full build compiles the page's template in the browser; a host using single-file
    // components would compile them at build time instead.
    alias: {vue: 'vue/dist/vue.esm-bundler.js'},
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildDemos();
