// The script-tag file warms the platform's number formats in a short-lived worker, so that the
// first screen's render does not read the locale data on the page's main thread
// (docs/decisions/0101-lighthouse-start-up-tasks-off-the-main-thread.md); a page whose policy
// refuses such a worker still gets its configurator.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {useHostPageInChromium} from '../helpers/node/demo-in-chromium.js';

describe('the number-format warm-up', {timeout: 180_000}, () => {
  const stage = useHostPageInChromium();

  const page = (head = '') => `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>Winkel</title>${head}
<script src="${stage.service.url}/dist/product-configurator.js"></script>
</head><body>
<product-configurator model="Office Chair" api-url="${stage.service.url}"
  token-endpoint="${stage.service.url}/api/configurator-token"></product-configurator>
</body></html>`;

  const shown = () => {
    const root = document.querySelector('product-configurator')?.shadowRoot;
    return (root?.querySelectorAll('[role="tab"]').length ?? 0) > 1;
  };

  test("a worker from a fixed blob: text formats a number in the page's language, then ends", async () => {
    stage.host.page('/warm.html', page());
    const context = await stage.browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    // Every worker the page makes, what it is sent, whether it answered and was ended.
    await tab.addInitScript(() => {
      const seen: {url: string; sent: unknown[]; answered: boolean; ended: boolean}[] = [];
      (window as unknown as {workers: typeof seen}).workers = seen;
      const Original = window.Worker;
      window.Worker = class extends Original {
        readonly #record;
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          this.#record = {url: String(url), sent: [] as unknown[], answered: false, ended: false};
          seen.push(this.#record);
          this.addEventListener('message', () => (this.#record.answered = true));
          const post = this.postMessage.bind(this);
          this.postMessage = ((message: unknown) => {
            this.#record.sent.push(message);
            post(message);
          }) as Worker['postMessage'];
        }
        override terminate() {
          this.#record.ended = true;
          super.terminate();
        }
      };
    });
    try {
      await tab.goto(`${stage.host.origin}/warm.html`);
      await tab.waitForFunction(shown, null, {timeout: 60_000});
      await tab.waitForFunction(
        () => (window as unknown as {workers: {ended: boolean}[]}).workers.every((w) => w.ended),
        null,
        {timeout: 30_000},
      );
      const workers = await tab.evaluate(
        () =>
          (
            window as unknown as {
              workers: {url: string; sent: unknown[]; answered: boolean; ended: boolean}[];
            }
          ).workers,
      );
      assert.equal(workers.length, 1, JSON.stringify(workers));
      const [worker] = workers;
      assert.match(worker!.url, /^blob:/);
      assert.deepEqual(worker!.sent, [['nl']]);
      assert.equal(worker!.answered, true);
      assert.equal(worker!.ended, true);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a policy that refuses blob: workers still gets its configurator', async () => {
    // No blob: among the sources a worker may come from (worker-src falls back to script-src).
    stage.host.page(
      '/strict.html',
      page(`<meta http-equiv="Content-Security-Policy" content="default-src 'self';
  script-src ${stage.service.url}; connect-src ${stage.service.url}; img-src ${stage.service.url} data: blob:;
  style-src 'unsafe-inline' ${stage.service.url}">`),
    );
    const context = await stage.browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    const refused: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    tab.on('console', (m) => {
      if (m.type() === 'error' && /worker/i.test(m.text())) refused.push(m.text());
    });
    try {
      await tab.goto(`${stage.host.origin}/strict.html`);
      await tab.waitForFunction(shown, null, {timeout: 60_000});
      assert.deepEqual(errors, []);
      // The browser says it refused the worker, once; nothing else went wrong.
      assert.ok(refused.length <= 1, refused.join('\n'));
    } finally {
      await context.close();
    }
  });
});
