// English for the views after the first screen (src/i18n/en-later.ts) loads with those views
// (src/element/later-views.ts), never before the shopper can act: the code that may run before
// it is here (the element, the configure view, and the chunks they load on their own) reads
// none of its texts. Reads dist/ (npm test builds first).
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {describe, it} from 'node:test';
import {enLater} from '../../src/i18n/en-later.js';
// @ts-expect-error: a plain ES module script without types
import {bundleGraph} from '../../scripts/size-report.mjs';

/** Chunks loaded only through a view that waits for the later English, and dictionaries. */
const waitsForLaterEnglish =
  /chunks\/(quote-screen|conflict-dialog|configure-extras|bill|qr-code|price-effects|options-in-view|notice-styles|purify\.es|en-later|nl|de|fr)-/;

describe('English after the first screen', () => {
  const graph = bundleGraph() as {beforeReady: string[]; chunks: string[]};

  it('is a chunk on demand, not loaded before the shopper can act', () => {
    assert.ok(
      graph.chunks.some((f) => f.includes('chunks/en-later-')),
      graph.chunks.join('\n'),
    );
    assert.ok(!graph.beforeReady.some((f) => f.includes('en-later')));
    assert.ok(graph.beforeReady.some((f) => f.includes('chunks/en-screen-')));
  });

  it('is read only by the views that load it', () => {
    const ungated = [...graph.beforeReady, ...graph.chunks].filter(
      (f) => !waitsForLaterEnglish.test(f),
    );
    assert.ok(
      ungated.some((f) => f.includes('chunks/form-controller-')),
      ungated.join('\n'),
    );
    const readers: string[] = [];
    for (const file of ungated) {
      const code = readFileSync(file, 'utf8');
      for (const key of Object.keys(enLater)) {
        if (new RegExp(`\\.${key}\\b`).test(code)) readers.push(`${file} reads ${key}`);
      }
    }
    assert.deepEqual(readers, []);
  });
});
