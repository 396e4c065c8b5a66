// The demo shop page as `npm start` serves it, in Chromium: its language picker follows the
// model on screen (only the languages it has texts for, and the one in use even when the
// address asked for another), and the widget's Copy hands out the share link that resumes the
// configuration.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {useDemoInChromium} from '../helpers/node/demo-in-chromium.js';

const demo = useDemoInChromium();

interface Shown {
  languageIso: string;
  languages: string[];
  code: string;
  answers: [string, unknown][];
}

/** The pages that note each `configurator-ready`, on every address they open. */
const noting = new WeakSet<Page>();

/** Opens a demo address and waits for the widget's configuration. */
async function open(page: Page, path: string): Promise<Shown> {
  if (!noting.has(page)) {
    noting.add(page);
    // Caught on the way down (capture at the window), so the page's own listener on the
    // element has run by the time a later poll sees the mark.
    await page.addInitScript(() =>
      window.addEventListener(
        'configurator-ready',
        () => document.documentElement.setAttribute('data-test-ready', ''),
        true,
      ),
    );
  }
  await page.goto(`${demo.service.url}${path}`);
  return read(page);
}

/**
 * The widget's configuration, once `configurator-ready` has fired: the configuration itself can
 * be there a task earlier (the first screen renders in the task after the answer's), before the
 * page's picker has heard of it.
 */
async function read(page: Page): Promise<Shown> {
  // No named functions inside: the test's compiler would wrap them in a helper the page lacks.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-test-ready'));
  return page.evaluate(() => {
    const c = (
      document.querySelector('product-configurator') as unknown as {
        value: {languageIso: string; languages: string[]; code: string; values: object};
      }
    ).value;
    return {
      languageIso: c.languageIso,
      languages: c.languages,
      code: c.code,
      answers: Object.entries(c.values).sort(([a], [b]) => (a < b ? -1 : 1)),
    };
  });
}

/** The picker's options and the one it shows, once it lists the model's languages. */
async function picker(page: Page, expected: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('#lang option').length === n,
    expected,
  );
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('#lang')!;
    return {
      value: select.value,
      shown: select.selectedOptions[0]?.textContent ?? '',
      options: [...select.options].map((o) => o.value),
    };
  });
}

describe('the demo page', () => {
  test('?lang=es shows the language the widget fell back to, never a blank picker', async () => {
    const page = await demo.browser.newPage();
    try {
      const shown = await open(page, '/?lang=es');
      assert.ok(!shown.languages.includes('es'));
      const select = await picker(page, shown.languages.length);
      assert.equal(select.value, shown.languageIso);
      assert.equal(select.shown.trim(), 'English');
      assert.deepEqual(select.options, shown.languages);
    } finally {
      await page.close();
    }
  });

  test('offers only the languages the model has texts for, and follows a change of model', async () => {
    const page = await demo.browser.newPage();
    try {
      const chair = await open(page, '/?lang=fr');
      assert.ok(chair.languages.includes('fr'));
      assert.equal((await picker(page, chair.languages.length)).value, 'fr');

      const bike = await open(page, '/?model=E-Bike&lang=fr');
      assert.ok(!bike.languages.includes('fr'), 'the E-Bike has no French texts');
      const select = await picker(page, bike.languages.length);
      assert.deepEqual(select.options, bike.languages);
      assert.ok(!select.options.includes('fr'));
      assert.equal(select.value, bike.languageIso);

      // Choosing a language in the picker changes the widget's.
      const changed = page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            document
              .querySelector('product-configurator')!
              .addEventListener(
                'configurator-language-change',
                (e) => resolve((e as CustomEvent<{lang: string}>).detail.lang),
                {once: true},
              ),
          ),
      );
      await page.selectOption('#lang', 'de');
      assert.equal(await changed, 'de');
      assert.equal((await picker(page, bike.languages.length)).value, 'de');
    } finally {
      await page.close();
    }
  });

  test('printing the page gives one A4 page: the widget’s sheet, the shop’s chrome left out', async () => {
    for (const viewport of [
      {width: 1280, height: 900},
      // A narrow page reserves 2600 px for the widget on screen: none of it may print.
      {width: 390, height: 844},
    ]) {
      const page = await demo.browser.newPage({viewport});
      try {
        await open(page, '/');
        // The sheet comes with the configure view's later chunk (the language choice's).
        await page.locator('product-configurator .language-picker').waitFor();
        const pages = async () => {
          // As the browser's print does: beforeprint, the layout for print, afterprint.
          const pdf = await page.pdf({
            format: 'A4',
            margin: {top: '0.4in', right: '0.4in', bottom: '0.4in', left: '0.4in'},
          });
          return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
        };
        assert.equal(await pages(), 1, `at ${viewport.width} px`);
        // The QR encoder, asked for by that print, is in the next one.
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => e.name.includes('/qr-code-')),
        );
        assert.equal(await pages(), 1, `again at ${viewport.width} px`);
      } finally {
        await page.close();
      }
    }
  });

  test('Copy copies the share link, the code beside it, and the link resumes the configuration', async () => {
    const context = await demo.browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const page = await context.newPage();
      await open(page, '/?model=E-Bike');
      await page
        .locator('product-configurator [part~="option"]', {hasText: 'Midnight blue'})
        .locator('input')
        .first()
        .check();
      await page.waitForFunction(() => {
        const s = (
          document.querySelector('product-configurator') as unknown as {
            session: {snapshot: {busy: boolean; pending: Map<string, unknown>}} | null;
          }
        ).session?.snapshot;
        return s && !s.busy && s.pending.size === 0;
      });
      const before = await read(page);
      await page.locator('product-configurator [data-action="copy"]').click();
      await page.locator('product-configurator .copy-status', {hasText: 'Link copied'}).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const link = new URL(copied);
      assert.equal(link.origin, demo.service.url);
      assert.equal(link.searchParams.get('configuration'), before.code);
      assert.equal(link.searchParams.get('model'), 'E-Bike');
      assert.equal(
        (await page.locator('product-configurator .code-box .code').textContent())?.trim(),
        before.code,
      );

      const reopened = await context.newPage();
      const resumed = await open(reopened, `${link.pathname}${link.search}`);
      // A copy of it: its own code, the same answers.
      assert.deepEqual(resumed.answers, before.answers);
    } finally {
      await context.close();
    }
  });
});
