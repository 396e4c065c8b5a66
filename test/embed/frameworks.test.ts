// The framework demo pages `npm start` serves, in Chromium: React 19 (the widget's script added
// after React's first render, fetchToken set as a property through a ref) and Vue 3 (bound with
// `:fetchToken.prop`, `@configurator-*`), each through a whole journey that the page follows from
// `e.detail`; and the themed page, whose lazy element starts only near the viewport.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {useDemoInChromium} from '../helpers/node/demo-in-chromium.js';

const demo = useDemoInChromium();

async function openDemo(path: string) {
  const page = await demo.browser.newPage({viewport: {width: 1280, height: 900}});
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (m) => {
    // The Office Chair's delivery text carries a hostile `<img onerror>` on purpose. Chromium
    // reports the page's policy blocking that handler while the sanitiser parses the text,
    // although the sanitiser drops it and nothing runs; every other report counts.
    if (/^Executing inline event handler violates/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  await page.goto(`${demo.service.url}${path}`);
  return {page, problems};
}

/** The page's own event log: what the framework received, newest first. */
const logged = (page: Page, type: string) => page.locator(`#events li[data-type="${type}"]`);

/** Choose, switch language, request a quote: each step seen by the host page through `detail`. */
async function journey(page: Page) {
  const el = page.locator('product-configurator');
  await logged(page, 'configurator-ready').first().waitFor();
  assert.notEqual(await page.locator('#total').textContent(), '…');

  // The shopper picks an option: the page hears the change and shows the same total.
  await el
    .locator('[part~="option"]:not([part~="option-selected"]) input:not(:disabled)')
    .first()
    .click();
  await logged(page, 'configurator-change').first().waitFor();
  await page.waitForFunction(() => {
    const shown = document
      .querySelector('product-configurator')!
      .shadowRoot!.querySelector('[part~="total"]')!.textContent!;
    return shown.includes(document.querySelector('#total')!.textContent!);
  });
  assert.match(
    (await logged(page, 'configurator-change').first().textContent()) ?? '',
    /"source":"user"/,
  );

  // The VAT switch changes what the shopper sees as the price: the page hears it at once and
  // shows the widget's total excl. VAT, and incl. VAT again after switching back.
  for (const displayed of ['exclVat', 'inclVat']) {
    await el.locator('[role="switch"]').click();
    await logged(page, 'configurator-price-change')
      .filter({hasText: `"displayed":"${displayed}"`})
      .first()
      .waitFor();
    const widgetTotal = await el
      .locator('[part~="summary"] [data-price="total"]')
      .evaluate((node) => node.textContent!.trim());
    assert.equal((await page.locator('#total').textContent())?.trim(), widgetTotal, displayed);
  }

  // The framework's state drives `lang`; the element follows and says so.
  await page.selectOption('#lang', 'nl');
  await logged(page, 'configurator-language-change').first().waitFor();
  assert.match(
    (await logged(page, 'configurator-language-change').first().textContent()) ?? '',
    /"lang":"nl"/,
  );
  await el
    .locator('[part~="summary"] [data-action="quote"]')
    .filter({hasText: 'Offerte aanvragen'})
    .waitFor();
  // A Dutch label: the decimal comma.
  assert.match((await page.locator('#total').textContent()) ?? '', /\d,\d\d/);

  // The quote, through the form; the form links to whatever mandatory choice is still open.
  await el.locator('[part~="summary"] [data-action="quote"]').click();
  // The review comes first; its button leads on to the form.
  await el.locator('[data-action="continue"]').click();
  await el.locator('[part~="form"]').waitFor();
  while ((await el.locator('[data-action="go-to-missing"]').count()) > 0) {
    await el.locator('[data-action="go-to-missing"]').first().click();
    const changed = logged(page, 'configurator-change').count();
    const before = await changed;
    // The link moved focus into the open choice: the shopper takes its first option.
    await page.evaluate(() => {
      const root = document.querySelector('product-configurator')!.shadowRoot!;
      const node = root.activeElement?.closest('[data-node]');
      node?.querySelector<HTMLInputElement>('input:not(:disabled)')?.click();
    });
    await page.waitForFunction(
      (n) => document.querySelectorAll('#events li[data-type="configurator-change"]').length > n,
      before,
    );
    await el.locator('[part~="summary"] [data-action="quote"]').click();
    await el.locator('[data-action="continue"]').click();
    await el.locator('[part~="form"]').waitFor();
  }
  await el.locator('input[name="firstName"]').fill('Ada');
  await el.locator('input[name="lastName"]').fill('Lovelace');
  await el.locator('input[name="email"]').fill('ada@example.com');
  await el.locator('input[name="city"]').fill('Amsterdam');
  await el.locator('[data-action="submit"]').click();
  await logged(page, 'configurator-quote-requested').first().waitFor();
  const quotation = (await page.locator('#quotation').textContent())!.trim();
  assert.match(quotation, /^[0-9a-f-]{36}$/);
  // The thank-you names the quotation by its number, not by the GUID.
  assert.match((await el.locator('.quotation-number').textContent())?.trim() ?? '', /^Q-\d{6}$/);
  assert.doesNotMatch((await el.locator('.thanks').textContent()) ?? '', new RegExp(quotation));
  assert.equal(await logged(page, 'configurator-error').count(), 0);
}

describe('React 19 page', {timeout: 120_000}, () => {
  test('loads the widget after React rendered, and runs a whole journey', async () => {
    const {page, problems} = await openDemo('/react.html');
    // React rendered the element while the tag was still unknown.
    await page
      .locator('#defined-at-first-render')
      .filter({hasText: /yes|no/})
      .waitFor();
    assert.equal(await page.locator('#defined-at-first-render').textContent(), 'no');
    // The script tag was added by React's effect, not by the page's HTML.
    assert.equal(await page.locator('script[data-widget]').count(), 1);
    await journey(page);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('Vue 3 page', {timeout: 120_000}, () => {
  test('binds properties and listens with @, through a whole journey', async () => {
    const {page, problems} = await openDemo('/vue.html');
    await journey(page);
    // `:fetchToken.prop` reached the property: no attribute holding a stringified function.
    assert.equal(await page.locator('product-configurator[fetch-token]').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('themed page', {timeout: 120_000}, () => {
  test('restyles through custom properties and parts; a lazy element starts near the viewport', async () => {
    const page = await demo.browser.newPage({viewport: {width: 1280, height: 800}});
    const sessionStarts: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/3\/configurator\/new\/|\/api\/configurator-token/.test(r.url())) {
        sessionStarts.push(`${r.url()} ${r.postData() ?? ''}`);
      }
    });
    await page.goto(`${demo.service.url}/themed.html`);
    const el = page.locator('product-configurator');
    // Below the fold: the loader holds its space (its reserved-space rules) and loads nothing
    // else, so the service hears nothing.
    await page.waitForFunction(
      () => document.querySelector('product-configurator')!.getBoundingClientRect().height > 300,
    );
    const reserved = await el.evaluate((node) => node.getBoundingClientRect().height);
    assert.ok(reserved > 300, `reserved ${reserved}px`);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    assert.deepEqual(sessionStarts, []);

    const ready = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener('configurator-ready', resolve, {once: true}),
        ),
    );
    await el.scrollIntoViewIfNeeded();
    await ready;
    // The demo's token endpoint starts the session the token request names (one round trip).
    assert.deepEqual(sessionStarts, [
      `${demo.service.url}/api/configurator-token {"start":{"model":"Office Chair","lang":"en"}}`,
    ]);

    // The theme reached the inside through the public styling surface.
    const summaryBorder = await el
      .locator('[part~="summary"]')
      .evaluate((node) => getComputedStyle(node).borderTopColor);
    assert.equal(summaryBorder, 'rgb(224, 184, 79)');
    const accent = await el
      .locator('[part~="button-primary"]')
      .first()
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    assert.equal(accent, 'rgb(224, 184, 79)');
    await page.close();
  });
});

describe('CMS page', {timeout: 120_000}, () => {
  test('two configurators in an article start, sharing one token', async () => {
    const page = await demo.browser.newPage({viewport: {width: 1200, height: 900}});
    let tokenRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/configurator-token')) tokenRequests += 1;
    });
    await page.addInitScript(() => {
      const w = window as unknown as {bothReady: Promise<string[]>};
      const names: string[] = [];
      w.bothReady = new Promise((resolve) =>
        document.addEventListener('configurator-ready', (e) => {
          names.push((e as CustomEvent).detail.configuration.featureModel.name);
          if (names.length === 2) resolve(names.sort());
        }),
      );
    });
    await page.goto(`${demo.service.url}/cms.html`);
    const names = await page.evaluate(
      () => (window as unknown as {bothReady: Promise<string[]>}).bothReady,
    );
    assert.equal(names.length, 2);
    assert.notEqual(names[0], names[1]);
    assert.equal(tokenRequests, 1);
    await page.close();
  });
});
