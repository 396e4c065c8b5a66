// The script-tag file on a host page from another origin: a loader that runs as a classic script
// and as a module, loads the element and its first screen at once, waits for the viewport with
// loading="lazy", and keeps the page still: the element's box has its height before any script
// and keeps it once the configuration shows (layout shifts read by a PerformanceObserver).
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {useHostPageInChromium} from '../helpers/node/demo-in-chromium.js';

/** The viewports measured: a desktop and a phone, each tall enough to show what follows. */
const screens = {
  desktop: {width: 1280, height: 1500, isMobile: false},
  phone: {width: 390, height: 2200, isMobile: true},
};

describe('the script-tag file on a host page', {timeout: 180_000}, () => {
  const stage = useHostPageInChromium();

  const element = (attributes = '') => `<product-configurator model="Office Chair" ${attributes}
  api-url="${stage.service.url}" token-endpoint="${stage.service.url}/api/configurator-token"></product-configurator>`;

  /**
   * A shop's product page: a layout-shift observer first, the reserved space's style sheet, a
   * heading, the element, the height its box has before any script, a paragraph below it.
   */
  const productPage = (script: string, attributes = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Shop</title>
<script>
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts.push(e.value);
  }).observe({type: 'layout-shift', buffered: true});
</script>
<link rel="stylesheet" href="${stage.service.url}/dist/product-configurator.css">
${script}
</head><body>
<h1>Office chair</h1>
${element(attributes)}
<script>window.before = document.querySelector('product-configurator').getBoundingClientRect().height;</script>
<p id="below">Free delivery in three days.</p>
<script>
  document.querySelector('product-configurator').addEventListener('configurator-ready', () => {
    window.ready = true;
  });
</script>
</body></html>`;

  /** Opens a page with a screen's viewport and records the URL of every request in order. */
  async function open(path: string, screen: (typeof screens)[keyof typeof screens]) {
    const context = await stage.browser.newContext({
      viewport: {width: screen.width, height: screen.height},
      isMobile: screen.isMobile,
    });
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stage.host.origin}${path}`);
    return {page, requests, errors, close: () => context.close()};
  }

  /** Waits for configurator-ready and two frames after it (its render has been laid out). */
  const ready = (page: Page) =>
    page
      .waitForFunction(() => (window as unknown as {ready?: boolean}).ready, null, {
        timeout: 60_000,
      })
      .then(() => page.evaluate(() => new Promise(requestAnimationFrame)))
      .then(() => page.evaluate(() => new Promise(requestAnimationFrame)));

  for (const [name, screen] of Object.entries(screens)) {
    test(`as a classic script from another origin on a ${name}: the box keeps its height, no layout shift`, async () => {
      stage.host.page(
        `/classic-${name}.html`,
        productPage(`<script src="${stage.service.url}/dist/product-configurator.js"></script>`),
      );
      const {page, errors, close} = await open(`/classic-${name}.html`, screen);
      try {
        await ready(page);
        const figures = await page.evaluate(() => {
          const w = window as unknown as {before: number; shifts: number[]};
          const el = document.querySelector('product-configurator')!;
          return {
            before: w.before,
            after: el.getBoundingClientRect().height,
            content: el.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect().height,
            shifts: w.shifts,
          };
        });
        assert.ok(figures.before > 300, `space reserved before any script: ${figures.before}px`);
        assert.ok(
          Math.abs(figures.after - figures.before) <= 4,
          `${figures.before}px before the script, ${figures.after}px with the configuration`,
        );
        assert.deepEqual(figures.shifts, [], 'no layout shift ' + JSON.stringify(figures));
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  test('a host sets the height, before any script', async () => {
    stage.host.page(
      '/own-height.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<link rel="stylesheet" href="${stage.service.url}/dist/product-configurator.css">
<style>product-configurator { --configurator-height: 720px; }</style></head>
<body>${element()}</body></html>`,
    );
    const {page, close} = await open('/own-height.html', screens.phone);
    try {
      const height = await page.evaluate(
        () => document.querySelector('product-configurator')!.getBoundingClientRect().height,
      );
      assert.equal(height, 720);
    } finally {
      await close();
    }
  });

  test('as a module: loads the element, its configure view and English at once', async () => {
    stage.host.page(
      '/module.html',
      productPage(
        `<script type="module" src="${stage.service.url}/dist/product-configurator.js"></script>`,
      ),
    );
    const {page, requests, errors, close} = await open('/module.html', screens.desktop);
    try {
      await ready(page);
      const index = (pattern: RegExp) => requests.findIndex((url) => pattern.test(url));
      const token = index(/\/api\/configurator-token$/);
      for (const chunk of [
        /\/chunks\/element-/,
        /\/chunks\/configure-view-/,
        /\/chunks\/en-screen-/,
      ]) {
        assert.ok(index(chunk) >= 0, `${chunk} loaded`);
      }
      // The token request starts with them (the loader's, test above): exactly one.
      assert.ok(token >= 0, requests.join('\n'));
      assert.equal(requests.filter((url) => /\/api\/configurator-token$/.test(url)).length, 1);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test('the loader starts the token request with the chunks, before the element runs, and the element takes it', async () => {
    // Records when the element's module defines the tag: everything the loader starts comes
    // before that, since the element's own code would only ask once it has run.
    const defined = `<script>
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ...rest) => {
    if (name === 'product-configurator') window.definedAt = performance.now();
    return define(name, ...rest);
  };
</script>`;
    stage.host.page(
      '/early-token.html',
      productPage(
        `${defined}<script src="${stage.service.url}/dist/product-configurator.js"></script>`,
      ),
    );
    const {page, requests, errors, close} = await open('/early-token.html', screens.desktop);
    try {
      await ready(page);
      // Written as text: the test's compiler would wrap a named function in a helper the page lacks.
      const started = (await page.evaluate(`(() => {
        const at = (pattern) => performance.getEntriesByType('resource')
          .filter((e) => new RegExp(pattern).test(e.name)).map((e) => e.startTime);
        return {
          definedAt: window.definedAt,
          token: at('/api/configurator-token$'),
          element: at('/chunks/element-'),
          view: at('/chunks/configure-view-'),
          english: at('/chunks/en-screen-'),
        };
      })()`)) as {definedAt: number} & Record<string, number[]>;
      const list = requests.join('\n');
      // Exactly one token request on the page: the loader's, which the element's source took.
      assert.equal(
        requests.filter((url) => url.endsWith('/api/configurator-token')).length,
        1,
        list,
      );
      assert.equal(started.token.length, 1);
      for (const [what, times] of Object.entries(started)) {
        if (what === 'definedAt') continue;
        assert.ok(
          (times as unknown as number[])[0]! < started.definedAt,
          `${what} started at ${String(times)} ms, the element was defined at ${started.definedAt} ms`,
        );
      }
      // The token's answer carried the start: the element sent no start of its own.
      assert.deepEqual(
        requests.filter((url) => url.includes('/configurator/new/')),
        [],
        list,
      );
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test('with loading="lazy" below the fold: nothing loads until the element nears the viewport', async () => {
    stage.host.page(
      '/lazy.html',
      productPage(
        `<script src="${stage.service.url}/dist/product-configurator.js"></script>
<style>h1 { margin-bottom: 4000px; }</style>`,
        'loading="lazy"',
      ),
    );
    const {page, requests, errors, close} = await open('/lazy.html', {
      width: 1280,
      height: 800,
      isMobile: false,
    });
    try {
      await page.waitForLoadState('load');
      // The loader ran (its space is reserved) and asked for no chunk.
      assert.ok(await page.evaluate(() => !!document.getElementById('product-configurator-space')));
      assert.deepEqual(
        requests.filter((url) => url.includes('/chunks/')),
        [],
      );
      await page.evaluate(() => document.querySelector('product-configurator')!.scrollIntoView());
      await ready(page);
      assert.ok(requests.some((url) => url.includes('/chunks/element-')));
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
