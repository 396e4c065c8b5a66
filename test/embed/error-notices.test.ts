// A failure's notice is a chunk of its own, loaded with the first failure (scripts/size-report
// counts it with the chunks on demand, not before the shopper can act). Offline, where that
// chunk cannot load either, the shopper still reads what went wrong, in their language, and
// Try again brings the notice once the network is back.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Route} from 'playwright-core';
import {useHostPageInChromium} from '../helpers/node/demo-in-chromium.js';
// @ts-expect-error: a plain ES module without declarations
import {bundleGraph} from '../../scripts/size-report.mjs';

describe("a failure's notice", {timeout: 180_000}, () => {
  const stage = useHostPageInChromium();

  /** A product page whose element reports its first error and its announcements. */
  const productPage = (lang: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title>
<script src="${stage.service.url}/dist/product-configurator.js"></script>
</head><body>
<product-configurator model="Office Chair" api-url="${stage.service.url}"
  token-endpoint="${stage.service.url}/api/configurator-token"></product-configurator>
<script>
  window.errors = [];
  document.querySelector('product-configurator').addEventListener('configurator-error', (e) => {
    window.errors.push(e.detail.code);
  });
</script>
</body></html>`;

  /** Opens the page with the token request failing as offline, and the notices' chunk too. */
  async function open(path: string, lang: string, refuseChunk: boolean) {
    stage.host.page(path, productPage(lang));
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    let offline = true;
    await page.route(/\/api\/configurator-token$/, (route: Route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );
    const chunkAsked: string[] = [];
    await page.route(/\/chunks\/error-notices-[^/]*\.js$/, (route: Route) => {
      chunkAsked.push(route.request().url());
      return refuseChunk && offline ? route.abort('internetdisconnected') : route.continue();
    });
    await page.goto(`${stage.host.origin}${path}`);
    const notice = () =>
      page.evaluate(() => {
        const root = document.querySelector('product-configurator')!.shadowRoot!;
        const shown = root.querySelector('[part~="error"]');
        return shown
          ? {
              text: shown.textContent!.replace(/\s+/g, ' ').trim(),
              styled: shown.classList.contains('notice'),
              retry: !!root.querySelector('[data-action="retry"]'),
              live: root.querySelector('[role="status"][aria-live]')!.textContent!.trim(),
            }
          : null;
      });
    /** Waits until the element's shadow root holds `selector`. */
    const showing = (selector: string) =>
      page.waitForFunction(
        (sel) => !!document.querySelector('product-configurator')?.shadowRoot?.querySelector(sel),
        selector,
        {timeout: 60_000},
      );
    /** Waits until the element's live region says `text`. */
    const saying = (text: string | RegExp) =>
      page.waitForFunction(
        ([source, flags]) =>
          new RegExp(source!, flags).test(
            document
              .querySelector('product-configurator')!
              .shadowRoot!.querySelector('[role="status"][aria-live]')!.textContent!,
          ),
        typeof text === 'string'
          ? [text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), '']
          : [text.source, text.flags],
        {timeout: 60_000},
      );
    return {
      page,
      pageErrors,
      chunkAsked,
      notice,
      showing,
      saying,
      online: () => (offline = false),
      close: () => context.close(),
    };
  }

  test('is a chunk on demand, not among what loads before the shopper can act', () => {
    const graph = bundleGraph() as {beforeReady: string[]; chunks: string[]};
    assert.ok(
      !graph.beforeReady.some((f) => f.includes('error-notices-')),
      graph.beforeReady.join(),
    );
    assert.ok(
      graph.chunks.some((f) => f.includes('chunks/error-notices-')),
      graph.chunks.join(),
    );
  });

  test('comes with the first failure, and says it as before', async () => {
    const {page, pageErrors, chunkAsked, notice, showing, saying, close} = await open(
      '/fails.html',
      'en',
      false,
    );
    try {
      await showing('.notice[part~="error"]');
      assert.equal(chunkAsked.length, 1);
      const shown = (await notice())!;
      assert.equal(shown.styled, true);
      assert.match(shown.text, /Something went wrong/);
      assert.match(shown.text, /could not be loaded/);
      assert.equal(shown.retry, true);
      // The event came once the notice was on screen, and the live region says the notice.
      assert.ok(((await page.evaluate('window.errors')) as string[]).length > 0);
      await saying(/could not be loaded/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  test('offline, with its chunk refused too, still says what went wrong in the page language and recovers', async () => {
    const {page, pageErrors, notice, online, showing, saying, close} = await open(
      '/offline.html',
      'nl',
      true,
    );
    try {
      await showing('[part~="error"]');
      const shown = (await notice())!;
      assert.equal(shown.styled, false, 'the plain line, not the notice');
      // In Dutch: the dictionary loaded before the network went.
      assert.match(shown.text, /configurator/i);
      assert.doesNotMatch(shown.text, /could not be loaded/);
      assert.equal(shown.retry, true);
      assert.ok(((await page.evaluate('window.errors')) as string[]).length > 0);
      await saying(shown.text.split('.')[0]!);
      // Back online, Try again (unless the widget's own retry came first) starts the
      // configuration.
      online();
      await page.evaluate(() =>
        document
          .querySelector('product-configurator')!
          .shadowRoot!.querySelector<HTMLElement>('[data-action="retry"]')
          ?.click(),
      );
      await showing('[data-price="total"]');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
