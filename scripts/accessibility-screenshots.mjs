// Screenshots of the shopper's own settings, for docs/accessibility.md: forced colours (Windows
// high contrast) with keyboard focus showing, reduced motion, a right-to-left page, and the
// element in a 280 px sidebar of a desktop page. Builds the bundle and the demo pages, starts
// the reference service with the demo on a free port, and stops it at the end.
//
//   node scripts/accessibility-screenshots.mjs     (CHROME_PATH overrides /usr/bin/chromium)
import {spawn, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium.mjs';

const out = 'docs/screenshots';
mkdirSync(out, {recursive: true});

for (const [command, args] of [
  ['npx', ['rollup', '-c', '--silent']],
  [process.execPath, ['scripts/build-demos.mjs']],
]) {
  const built = spawnSync(command, args, {stdio: 'inherit'});
  if (built.status !== 0) process.exit(built.status ?? 1);
}

function startService() {
  const dataDir = mkdtempSync(join(tmpdir(), 'configurator-a11y-shots-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn'},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
      if (!match) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        url: match[0],
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => {
              rmSync(dataDir, {recursive: true, force: true});
              done();
            });
            child.kill();
          }),
      });
    });
    child.once('exit', (code) =>
      reject(new Error(`the service exited (${code}) before listening`)),
    );
  });
}

const service = await startService();
const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});

/**
 * Opens the shop demo with the context's settings; `prepare` runs in the page before its
 * scripts (a direction for the page, a narrow slot). Resolves once the element is ready and
 * its later chunk (the styles for the shopper's settings) has arrived.
 */
async function openDemo(options, query = '', prepare = null) {
  const context = await browser.newContext({deviceScaleFactor: 1, ...options});
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.addInitScript(() => {
    window.__ready = new Promise((resolve) =>
      document.addEventListener('configurator-ready', resolve, {once: true}),
    );
  });
  if (prepare) await page.addInitScript(prepare);
  await page.goto(`${service.url}/${query}`);
  await page.evaluate(() => window.__ready);
  await page.waitForFunction(() => {
    const root = document.querySelector('product-configurator')?.shadowRoot;
    const total = root?.querySelector('[data-price="total"]');
    return total && getComputedStyle(total).unicodeBidi === 'plaintext';
  });
  await page.waitForLoadState('networkidle');
  return {context, page};
}

/** Scrolls the element's top into view, below the demo's sticky header. */
const toElement = (page) =>
  page.evaluate(() => {
    const top = document.querySelector('product-configurator').getBoundingClientRect().top;
    window.scrollTo(0, top + window.scrollY - 100);
  });

try {
  // Forced colours: a desktop with keyboard focus on an option, and a phone.
  for (const [name, viewport] of [
    ['a11y-forced-colors.png', {width: 1360, height: 1000}],
    ['a11y-forced-colors-phone.png', {width: 390, height: 844}],
  ]) {
    const {context, page} = await openDemo({viewport, forcedColors: 'active'});
    await page
      .locator('product-configurator [role="tab"][aria-selected="true"]')
      .evaluate((tab) => tab.focus());
    await page.keyboard.press('Tab');
    await toElement(page);
    await page.screenshot({path: `${out}/${name}`});
    await context.close();
  }
  // Reduced motion: the same page standing still.
  {
    const viewport = {width: 1360, height: 1000};
    const {context, page} = await openDemo({viewport, reducedMotion: 'reduce'});
    await toElement(page);
    await page.screenshot({path: `${out}/a11y-reduced-motion.png`});
    await context.close();
  }
  // A right-to-left page (Dutch amounts keep '€ ' before the figures), desktop and phone.
  const rtl = () =>
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.dir = 'rtl';
      document.documentElement.lang = 'ar';
    });
  for (const [name, viewport] of [
    ['a11y-rtl.png', {width: 1360, height: 1000}],
    ['a11y-rtl-phone.png', {width: 390, height: 844}],
  ]) {
    const {context, page} = await openDemo({viewport, reducedMotion: 'reduce'}, '?lang=nl', rtl);
    await toElement(page);
    await page.screenshot({path: `${out}/${name}`});
    await context.close();
  }
  // A 280 px sidebar on a desktop page: the phone layout follows the slot, not the window.
  {
    const viewport = {width: 1360, height: 1000};
    const {context, page} = await openDemo({viewport, reducedMotion: 'reduce'});
    await page.evaluate(() => {
      document.querySelector('product-configurator').style.maxWidth = '280px';
    });
    await toElement(page);
    await page.screenshot({path: `${out}/a11y-sidebar-280.png`});
    await context.close();
  }
} finally {
  await browser.close();
  await service.stop();
}
