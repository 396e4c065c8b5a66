// Browser tests run in Debian's Chromium (no test tool may download its own browser here).
// The page is served by the test runner; the reference service runs on another origin
// (SERVICE_URL, started by scripts/test.mjs) so every request crosses CORS as on a real site.
import {defaultReporter, summaryReporter} from '@web/test-runner';
import {chromeLauncher} from '@web/test-runner-chrome';
import {esbuildPlugin} from '@web/dev-server-esbuild';
import {chromiumArgs, chromiumPath} from './scripts/chromium.mjs';
import {pageInItsOwnWindow} from './scripts/chromium-window.mjs';
import {forcedColorsPlugin} from './scripts/forced-colors-plugin.mjs';
import {printPdfPlugin} from './scripts/print-pdf-plugin.mjs';
import {countsReporter} from './scripts/reporters/wtr-counts.mjs';

const serviceUrl = process.env.SERVICE_URL ?? 'http://127.0.0.1:8787';

export default {
  files: ['test/element/**/*.test.ts'],
  // scripts/test.mjs picks the port so the service can allow this page's origin.
  ...(process.env.WTR_PORT ? {port: Number(process.env.WTR_PORT)} : {}),
  nodeResolve: {exportConditions: ['development', 'browser']},
  concurrency: 2,
  concurrentBrowsers: 1,
  // Limits for a hung test, not for a slow one: on two cores shared with other work a whole
  // shopper journey took more than 20 s. Waits inside a test (until(), 45 s) stay below them.
  testsFinishTimeout: 600_000,
  testFramework: {config: {timeout: 60_000}},
  plugins: [
    esbuildPlugin({ts: true, target: 'es2022', tsconfig: 'tsconfig.json'}),
    forcedColorsPlugin(),
    printPdfPlugin(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromiumPath,
        headless: true,
        args: chromiumArgs,
      },
      // Not tabs of one window: a back tab is hidden and gets no animation frames or focus.
      createPage: pageInItsOwnWindow,
    }),
  ],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"></head>
  <body>
    <script>window.__SERVICE_URL__ = ${JSON.stringify(serviceUrl)};</script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  reporters: [
    process.env.CI ? summaryReporter({flatten: false}) : defaultReporter(),
    countsReporter({file: '.test-results/browser.json'}),
  ],
};
