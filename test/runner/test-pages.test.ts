// The browser tests run two files at a time in one Chromium. Each file's page must be visible
// and focused, or a test that waits on an animation frame or on focus hangs in it. Tabs of one
// window do not give that (the check below shows the back tab hidden in this Chromium); a window
// per page does, and the test runner's configuration opens its pages that way.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {launch, type Browser, type BrowserContext, type Page} from 'puppeteer-core';
// @ts-expect-error: a plain ES module without declarations
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {pageInItsOwnWindow} from '../../scripts/chromium-window.mjs';
// @ts-expect-error: the runner's configuration is a plain ES module without declarations
import config from '../../web-test-runner.config.mjs';

/** What a page's document says of itself. */
async function stateOf(page: Page) {
  await page.goto('data:text/html,<!doctype html><title>page</title>');
  return page.evaluate(() => ({
    visibility: document.visibilityState,
    focused: document.hasFocus(),
  }));
}

/** Resolves once the page has run an animation frame (never, in a hidden page). */
const aFrame = (page: Page) =>
  page.evaluate(
    () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
  );

let browser: Browser;
let context: BrowserContext;

before(async () => {
  browser = await launch({executablePath: chromiumPath, headless: true, args: chromiumArgs});
  context = browser.defaultBrowserContext();
});
after(async () => {
  await browser?.close();
});

describe('the pages the browser tests run in', () => {
  test('as tabs of one window, the back tab is hidden and unfocused', async () => {
    const pages = [await context.newPage(), await context.newPage()];
    try {
      const states = await Promise.all(pages.map(stateOf));
      assert.deepEqual(states.map((s) => s.visibility).sort(), ['hidden', 'visible']);
      assert.deepEqual(states.map((s) => s.focused).sort(), [false, true]);
    } finally {
      await Promise.all(pages.map((page) => page.close()));
    }
  });

  test('in a window each, both are visible and focused, and both run animation frames', async () => {
    const pages = await Promise.all([pageInItsOwnWindow({context}), pageInItsOwnWindow({context})]);
    try {
      const states = await Promise.all(pages.map(stateOf));
      assert.deepEqual(states, [
        {visibility: 'visible', focused: true},
        {visibility: 'visible', focused: true},
      ]);
      assert.deepEqual(await Promise.all(pages.map(aFrame)), [true, true]);
      // Printing one page to PDF (the printed sheet's test does) leaves the other as it was.
      await pages[0]!.pdf({format: 'A4'});
      assert.deepEqual(await stateOf(pages[1]!), {visibility: 'visible', focused: true});
      assert.equal(await aFrame(pages[1]!), true);
    } finally {
      await Promise.all(pages.map((page) => page.close()));
    }
  });

  test('the test runner opens its pages that way', () => {
    const launcher = (config as {browsers: {createPageFn: unknown}[]}).browsers[0]!;
    assert.equal(launcher.createPageFn, pageInItsOwnWindow);
  });
});
