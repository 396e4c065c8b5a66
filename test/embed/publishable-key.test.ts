// Embedding with no backend, in Chromium: the service runs as `npm start` runs it, pages on
// other origins hold only a `publishable-key`, and the vendor's own client runs in its anonymous
// mode. The service lists one origin in ALLOWED_ORIGINS; the key's pages are on others, so
// only the key lets them in.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {after, before, describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {chairNode} from '../helpers/node/configurator.js';
import {useDemoInChromium, watchOutcome, widgetPage} from '../helpers/node/demo-in-chromium.js';
import {startHostSite, type HostSite} from '../helpers/node/embedding.js';

interface KeyView {
  id: string;
  publishableKey: string;
}

describe('a page with only a publishable key', {timeout: 180_000}, () => {
  let listed: HostSite;
  let shop: HostSite;
  let stranger: HostSite;
  let key: KeyView;

  before(async () => {
    [listed, shop, stranger] = await Promise.all([
      startHostSite(),
      startHostSite(),
      startHostSite(),
    ]);
  });
  const demo = useDemoInChromium(() => ({ALLOWED_ORIGINS: listed.origin}));
  before(async () => {
    const created = await demo.service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Shop', allowedOrigins: [shop.origin]},
    });
    assert.equal(created.status, 201);
    key = (await created.json()) as KeyView;
  });
  after(async () => {
    await Promise.all([listed?.close(), shop?.close(), stranger?.close()]);
  });

  const pageWith = (publishableKey: string) =>
    widgetPage(demo.service.url, `publishable-key="${publishableKey}"`);

  /** Opens `url`; resolves the element's first ready or error, and collects warnings. */
  async function open(url: string) {
    const page = await demo.browser.newPage();
    const warnings: string[] = [];
    const tokenRequests: string[] = [];
    const waiting: {code: string; resolve: () => void}[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'warning') return;
      warnings.push(m.text());
      for (const w of waiting) if (m.text().includes(w.code)) w.resolve();
    });
    /** Resolves once a warning naming `code` was written (the hints may load on demand). */
    const warned = (code: string) =>
      warnings.some((w) => w.includes(code))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({code, resolve}));
    page.on('request', (r) => {
      if (r.url().includes('/api/2/auth/embedtoken')) tokenRequests.push(r.method());
    });
    const outcome = await watchOutcome(page);
    await page.goto(url);
    return {page, warnings, warned, tokenRequests, outcome: await outcome()};
  }

  const noRetryButton = (page: Page) =>
    page.evaluate(
      () =>
        document
          .querySelector('product-configurator')!
          .shadowRoot!.querySelector('[data-action="retry"]') === null,
    );

  test('npm start printed a demo key for its own origin and ALLOWED_ORIGINS', async () => {
    const [, demoKey, origins] = await demo.service.waitForOutput(
      /Demo publishable key: (pk_\S+) \(for ([^)]*)\)/,
    );
    const listedOrigins = origins!.split(', ');
    assert.ok(listedOrigins.includes(demo.service.url), origins);
    assert.ok(listedOrigins.includes(listed.origin), origins);
    listed.page('/demo.html', pageWith(demoKey!));
    const {page, outcome} = await open(`${listed.origin}/demo.html`);
    assert.deepEqual(outcome, {ready: true});
    await page.close();
  });

  test('runs a configuration to a quote from another origin', async () => {
    shop.page('/shop.html', pageWith(key.publishableKey));
    const {page, warnings, tokenRequests, outcome} = await open(`${shop.origin}/shop.html`);
    assert.deepEqual(outcome, {ready: true});
    // One simple request for the token: no preflight before the first paint.
    assert.deepEqual(tokenRequests, ['POST']);
    const result = await page.evaluate(async (warranty) => {
      const el = document.querySelector('product-configurator') as HTMLElement & {
        select(id: string, on: boolean): Promise<unknown>;
        requestQuote(customer: object): Promise<{quotationId: string | null}>;
      };
      await el.select(warranty, true);
      return el.requestQuote({firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'});
    }, chairNode('warranty-5'));
    assert.match(result.quotationId ?? '', /^[0-9a-f-]{36}$/);
    const stored = await demo.service.call(`/api/2/quotations/${result.quotationId}`);
    assert.equal(stored.status, 200, 'the quotation is in the back office');
    assert.deepEqual(warnings, []);
    await page.close();
  });

  test('two elements with the same key share one token', async () => {
    shop.page(
      '/two.html',
      pageWith(key.publishableKey).replace(
        '</body>',
        `<product-configurator model="Office Chair" api-url="${demo.service.url}" publishable-key="${key.publishableKey}"></product-configurator></body>`,
      ),
    );
    const {page, tokenRequests, outcome} = await open(`${shop.origin}/two.html`);
    assert.deepEqual(outcome, {ready: true});
    await page.waitForFunction(() =>
      [...document.querySelectorAll('product-configurator')].every(
        (el) =>
          (el as unknown as {session: {snapshot: {configuration: unknown}} | null}).session
            ?.snapshot.configuration,
      ),
    );
    assert.equal(tokenRequests.length, 1);
    await page.close();
  });

  test('an origin the key does not list gets origin_not_allowed and one hint', async () => {
    stranger.page('/shop.html', pageWith(key.publishableKey));
    const {page, warnings, warned, tokenRequests, outcome} = await open(
      `${stranger.origin}/shop.html`,
    );
    assert.equal(outcome.code, 'origin_not_allowed');
    assert.equal(outcome.retryable, false);
    assert.equal(outcome.status, 403);
    assert.match(outcome.text!, /not set up/);
    // The hint loads with the refusal, and is written then.
    await warned('origin_not_allowed');
    const hints = warnings.filter((w) => w.includes('origin_not_allowed'));
    assert.equal(hints.length, 1);
    assert.match(hints[0]!, /publishable-key/);
    assert.match(hints[0]!, /allowedOrigins/);
    assert.ok(hints[0]!.includes(stranger.origin));
    assert.equal(tokenRequests.length, 1, 'not retried');
    assert.equal(await noRetryButton(page), true);
    await page.close();
  });

  test('a revoked key gets invalid_publishable_key and one hint naming the setting', async () => {
    const created = await demo.service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'Old', allowedOrigins: [shop.origin]},
    });
    const old = (await created.json()) as KeyView;
    assert.equal(
      (await demo.service.call(`/api/2/embedkeys/${old.id}`, {method: 'DELETE'})).status,
      204,
    );
    shop.page('/old.html', pageWith(old.publishableKey));
    const {page, warnings, warned, tokenRequests, outcome} = await open(`${shop.origin}/old.html`);
    await warned('invalid_publishable_key');
    assert.equal(outcome.code, 'invalid_publishable_key');
    assert.equal(outcome.retryable, false);
    assert.equal(outcome.status, 401);
    assert.match(outcome.text!, /not set up/);
    const hints = warnings.filter((w) => w.includes('invalid_publishable_key'));
    assert.equal(hints.length, 1);
    assert.match(hints[0]!, /publishable-key/);
    assert.equal(tokenRequests.length, 1, 'not retried');
    assert.equal(await noRetryButton(page), true);
    await page.close();
  });

  test("the vendor's client in anonymous mode starts and updates a session from another origin", async () => {
    shop.page(
      '/elfsquad.js',
      readFileSync('node_modules/@elfsquad/configurator/dist/index.js', 'utf8'),
      'text/javascript',
    );
    shop.page('/vendor.html', '<!doctype html><title>Vendor client</title>');
    const page = await demo.browser.newPage();
    await page.goto(`${shop.origin}/vendor.html`);
    const result = await page.evaluate(
      async ({apiUrl, tenantId, node}) => {
        const client = '/elfsquad.js';
        const {ConfiguratorContext} = await import(client);
        const context = new ConfiguratorContext({apiUrl, tenantId});
        const configuration = await context.newConfiguration('Office Chair', 'en');
        const id = configuration.id as string;
        const before = (configuration.unansweredMandatories as unknown[]).length;
        await configuration.updateRequirement(node, true, 1);
        return {
          id,
          after: configuration.id as string,
          before,
          left: configuration.unansweredMandatories.length as number,
        };
      },
      {apiUrl: demo.service.url, tenantId: key.publishableKey, node: chairNode('warranty-5')},
    );
    assert.match(result.id, /^[0-9a-f-]{36}$/);
    assert.equal(result.after, result.id);
    assert.ok(result.before > 0, 'the warranty was unanswered');
    assert.equal(result.left, 0, 'the update reached the session');
    await page.close();
  });
});
