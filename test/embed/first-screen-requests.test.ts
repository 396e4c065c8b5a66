// What a host page loads before the shopper can act, read from a real page in Chromium and held
// against what the size report counts (scripts/size-report.mjs): every script whose request
// starts before `configurator-ready` is one the report sums, and the report sums nothing the page
// does not load. What comes later (the extras' chunk: the picture, the language choice, the price
// effects, the shopper's tools) is asked for after `configurator-ready`; held back, the shopper
// still picks and sees the price change, and an undo clicked meanwhile takes it back once it comes.
import assert from 'node:assert/strict';
import {relative} from 'node:path';
import {describe, test} from 'node:test';
import type {Page, Route} from 'playwright-core';
import {useHostPageInChromium} from '../helpers/node/demo-in-chromium.js';
// @ts-expect-error: a plain ES module without declarations
import {bundleGraph} from '../../scripts/size-report.mjs';

/** A script the page fetched, with when its request started (page time, ms). */
interface Fetched {
  file: string;
  start: number;
}

describe('what a host page loads before the shopper can act', {timeout: 180_000}, () => {
  const stage = useHostPageInChromium();

  /** A shop's product page with the script tag; `window.readyAt` is when the element was ready. */
  const productPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Shop</title>
<link rel="stylesheet" href="${stage.service.url}/dist/product-configurator.css">
<script src="${stage.service.url}/dist/product-configurator.js"></script>
</head><body>
<h1>Office chair</h1>
<product-configurator model="Office Chair" api-url="${stage.service.url}"
  token-endpoint="${stage.service.url}/api/configurator-token"></product-configurator>
<script>
  document.querySelector('product-configurator').addEventListener('configurator-ready', () => {
    window.readyAt = performance.now();
  });
</script>
</body></html>`;

  async function open(path: string, hold?: RegExp) {
    stage.host.page(path, productPage());
    const context = await stage.browser.newContext({viewport: {width: 1280, height: 1500}});
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A held chunk's request is answered only when the test lets it go.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldAsked!: () => void;
    const asked = new Promise<void>((resolve) => (heldAsked = resolve));
    if (hold) {
      await page.route(hold, async (route: Route) => {
        heldAsked();
        await released;
        await route.continue();
      });
    }
    await page.goto(`${stage.host.origin}${path}`);
    await page.waitForFunction(() => (window as unknown as {readyAt?: number}).readyAt, null, {
      timeout: 60_000,
    });
    return {page, errors, release, asked, close: () => context.close()};
  }

  /** The scripts from dist/ the page asked for, as paths like the size report's. */
  const scripts = async (page: Page): Promise<Fetched[]> =>
    (
      (await page.evaluate(`performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'other' || /\\.js$/.test(e.name))
        .map((e) => ({url: e.name, start: e.startTime}))`)) as {url: string; start: number}[]
    )
      .filter((e) => new URL(e.url).pathname.startsWith('/dist/') && e.url.endsWith('.js'))
      .map((e) => ({file: relative('.', `.${new URL(e.url).pathname}`), start: e.start}));

  test('every script started before configurator-ready is counted, and nothing else is', async () => {
    const {page, errors, close} = await open('/counted.html');
    try {
      const readyAt = (await page.evaluate('window.readyAt')) as number;
      // The later chunk comes once the page is idle after the first screen.
      await page.waitForFunction(
        () =>
          !!document
            .querySelector('product-configurator')!
            .shadowRoot!.querySelector('.language-select'),
        null,
        {timeout: 60_000},
      );
      const fetched = await scripts(page);
      const before = fetched.filter((f) => f.start <= readyAt).map((f) => f.file);
      const counted = (bundleGraph() as {beforeReady: string[]}).beforeReady;
      assert.deepEqual(
        [...before].sort(),
        [...counted].sort(),
        `loaded before configurator-ready:\n${before.join('\n')}\ncounted:\n${counted.join('\n')}`,
      );
      const extras = fetched.find((f) => f.file.includes('chunks/configure-extras-'));
      assert.ok(extras, fetched.map((f) => f.file).join('\n'));
      assert.ok(
        extras.start > readyAt,
        `the extras asked for at ${extras.start}, ready at ${readyAt}`,
      );
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test('with the later chunk held back, a pick updates the price; undo clicked meanwhile works once it comes', async () => {
    const {page, errors, release, asked, close} = await open(
      '/held.html',
      /\/chunks\/configure-extras-[^/]*\.js$/,
    );
    try {
      // Asked for after the first screen, and not here.
      await asked;
      const total = () =>
        page.evaluate(
          () =>
            document
              .querySelector('product-configurator')!
              .shadowRoot!.querySelector('[data-price="total"]')!.textContent,
        );
      const first = await total();
      // A choice the shopper has not made yet, with a price of its own.
      const picked = await page.evaluate(() => {
        const root = document.querySelector('product-configurator')!.shadowRoot!;
        const input = [
          ...root.querySelectorAll<HTMLInputElement>('[role="tabpanel"] .option input'),
        ].find(
          (i) =>
            !i.checked &&
            i.getAttribute('aria-disabled') !== 'true' &&
            /\+/.test(i.closest('label')?.textContent ?? ''),
        );
        input?.click();
        return !!input;
      });
      assert.ok(picked, 'an option with a surcharge on the first step');
      await page.waitForFunction(
        (before) =>
          document
            .querySelector('product-configurator')!
            .shadowRoot!.querySelector('[data-price="total"]')!.textContent !== before,
        first,
        {timeout: 60_000},
      );
      assert.notEqual(await total(), first);
      // Undo is offered (its history is kept from the start) and clicked before the tools'
      // chunk is here: the click waits for it, and takes the change back once it comes.
      await page.waitForFunction(
        () =>
          document
            .querySelector('product-configurator')!
            .shadowRoot!.querySelector('[data-action="undo"]')
            ?.getAttribute('aria-disabled') === 'false',
        null,
        {timeout: 60_000},
      );
      const changed = await total();
      await page.evaluate(() =>
        document
          .querySelector('product-configurator')!
          .shadowRoot!.querySelector<HTMLElement>('[data-action="undo"]')!
          .click(),
      );
      const languageChoice = () =>
        page.evaluate(
          () =>
            !!document
              .querySelector('product-configurator')!
              .shadowRoot!.querySelector('.language-select'),
        );
      assert.equal(await languageChoice(), false, 'the later chunk is still held back');
      assert.equal(await total(), changed, 'nothing undone without the chunk');
      release();
      await page.waitForFunction(
        (before) =>
          document
            .querySelector('product-configurator')!
            .shadowRoot!.querySelector('[data-price="total"]')!.textContent === before,
        first,
        {timeout: 60_000},
      );
      assert.equal(await languageChoice(), true);
      assert.equal(await total(), first);
      assert.deepEqual(errors, []);
    } finally {
      release();
      await close();
    }
  });
});
