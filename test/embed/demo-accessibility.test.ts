// The demo pages `npm start` serves pass axe (the pinned axe-core, WCAG 2.0 to 2.2 A and AA and
// axe's best practices) as whole pages: the host's landmarks, headings and event log as well as
// the widgets in them, on a desktop and on a 390 px phone: the shop, the CMS article, the
// themed page and the React and Vue pages.
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {describe, test} from 'node:test';
import {useDemoInChromium} from '../helpers/node/demo-in-chromium.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const demo = useDemoInChromium();

// The React and Vue pages render their widgets from their built scripts (demo/build/, made by
// `npm run build` or ensureBuilt above).
const pages = ['/', '/cms.html', '/themed.html', '/react.html', '/vue.html'];
const viewports = [
  {width: 1280, height: 900},
  {width: 390, height: 844},
];

describe('the demo pages pass axe', () => {
  for (const viewport of viewports) {
    for (const path of pages) {
      test(`${path} at ${viewport.width} px`, async () => {
        // The pages' CSP allows no inline script: axe is added by the driver, past it.
        const page = await demo.browser.newPage({
          viewport,
          reducedMotion: 'reduce',
          bypassCSP: true,
        });
        try {
          await page.goto(`${demo.service.url}${path}`);
          // Every element on the page shows its configuration (a lazy one once scrolled to);
          // a framework renders its elements after its own first render.
          await page.locator('product-configurator').first().waitFor();
          for (const el of await page.locator('product-configurator').all()) {
            await el.scrollIntoViewIfNeeded();
          }
          await page.waitForFunction(
            () =>
              [...document.querySelectorAll('product-configurator')].every(
                (e) => !!(e as unknown as {value: unknown}).value,
              ),
            null,
            // Generous: a framework page starts its widget after its own bundle, on a busy machine.
            {timeout: 90_000},
          );
          await page.addScriptTag({path: axePath});
          const violations = await page.evaluate(async (values) => {
            type Run = (context: Document, options: object) => Promise<{violations: unknown}>;
            const axe = (window as unknown as {axe: {run: Run}}).axe;
            const results = await axe.run(document, {
              runOnly: {type: 'tag', values},
              resultTypes: ['violations'],
            });
            return (results.violations as {id: string; nodes: {html: string}[]}[]).flatMap((v) =>
              v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 140)}`),
            );
          }, tags);
          assert.deepEqual(violations, []);
        } finally {
          await page.close();
        }
      });
    }
  }
});
