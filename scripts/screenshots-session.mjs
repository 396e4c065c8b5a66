// What the screenshot scripts share: the bundle built (and the framework demos, when asked),
// the reference service with the demo started as `npm start` starts it on a free port, one
// Chromium, a page per viewport that reports the page's errors, and a wait for the element to
// settle. `close()` stops the browser and the service.
import {spawnSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium.mjs';
import {startServiceProcess} from './service-process.mjs';

/** Where every screenshot goes. */
export const out = 'docs/screenshots';

/** Builds, starts the service and Chromium; exits the process when a build step fails. */
export async function startScreenshots({demos = false} = {}) {
  mkdirSync(out, {recursive: true});
  const steps = [['npx', ['rollup', '-c', '--silent']]];
  if (demos) steps.push([process.execPath, ['scripts/build-demos.mjs']]);
  for (const [command, args] of steps) {
    const built = spawnSync(command, args, {stdio: 'inherit'});
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const service = await startServiceProcess({stderr: 'inherit', env: {LOG_LEVEL: 'warn'}});
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  return {
    service,
    browser,
    /** A page of its own context at `viewport`, at one device pixel per CSS pixel, no motion. */
    async newPage(viewport) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      return {context, page};
    },
    async close() {
      await browser.close();
      await service.stop();
    },
  };
}

/** Waits until the element has no request in flight and no unconfirmed input. */
export const settle = (page) =>
  page.waitForFunction(() => {
    const s = document.querySelector('product-configurator')?.session?.snapshot;
    return s && !s.busy && s.pending.size === 0;
  });
