// The demo's "Add to cart" page in Chromium, as `npm start` serves it: a page with no script of
// its own whose form posts the configured, signed product; the demo server's cart verifies the
// statement with verifyConfiguration and shows the signed price. Submitting too early is held
// back with the message and focus on the first missing answer; reset starts anew; back
// navigation restores the configuration (form state restore, the back/forward cache off so the
// page is really rebuilt); a tampered statement is refused.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {after, before, describe, test} from 'node:test';
import {chromium, type Browser, type Page} from 'playwright-core';
import {startServiceProcess, type ServiceProcess} from '../helpers/node/embedding.js';
// @ts-expect-error: a plain ES module without declarations
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';

let browser: Browser;
let service: ServiceProcess;

before(async () => {
  if (!existsSync('dist/product-configurator.js')) {
    const built = spawnSync('npx', ['rollup', '-c', '--silent'], {stdio: 'inherit'});
    if (built.status !== 0) throw new Error('rollup failed');
  }
  service = await startServiceProcess();
  browser = await chromium.launch({
    executablePath: chromiumPath as string,
    args: [...(chromiumArgs as string[]), '--disable-features=BackForwardCache'],
  });
});
after(async () => {
  await browser?.close();
  await service?.stop();
});

interface Shown {
  id: string;
  code: string;
  total: number;
  unanswered: string[];
  valid: boolean;
  message: string;
}

/** What the element holds, read from the page (the page itself runs no script). */
const shown = (page: Page) =>
  page.evaluate((): Shown | null => {
    const el = document.querySelector('product-configurator') as HTMLElement & {
      value: {id: string; code: string; totalPriceIncVAT: number; unansweredMandatories: string[]};
      checkValidity(): boolean;
      validationMessage: string;
    };
    const c = el?.value;
    if (!c) return null;
    return {
      id: c.id,
      code: c.code,
      total: c.totalPriceIncVAT,
      unanswered: c.unansweredMandatories,
      valid: el.checkValidity(),
      message: el.validationMessage,
    };
  });

async function until(page: Page, check: (s: Shown) => boolean): Promise<Shown> {
  for (;;) {
    const s = await shown(page);
    if (s && check(s)) return s;
    // Waits on the page's next frame of work rather than a fixed time.
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
  }
}

async function openCart() {
  const page = await browser.newPage({viewport: {width: 1280, height: 900}});
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${service.url}/cart.html`);
  return {page, problems};
}

describe('the Add to cart demo (no page script)', () => {
  test('held back before complete; then the cart shows the signed price; back restores', async () => {
    const {page, problems} = await openCart();
    // The validity's reason comes with the form's code, a moment after the configuration.
    const first = await until(page, (s) => s.unanswered.length > 0 && /Please/.test(s.message));
    assert.equal(first.valid, false);
    assert.match(first.message, /^Please answer “.+” first\.$/);

    // Too early: the form is not submitted, and focus goes to the first missing answer.
    await page.getByRole('button', {name: 'Add to cart'}).click();
    await page.waitForFunction((nodeId) => {
      const el = document.querySelector('product-configurator')!;
      return !!el.shadowRoot!.activeElement?.closest(`[data-node="${nodeId}"]`);
    }, first.unanswered[0]);
    assert.equal(new URL(page.url()).pathname, '/cart.html');

    await page
      .locator('product-configurator [part~="option"]', {hasText: '5 years'})
      .locator('input')
      .check();
    const complete = await until(page, (s) => s.unanswered.length === 0 && s.valid);
    await page.getByRole('spinbutton', {name: 'Quantity'}).fill('2');
    await Promise.all([
      page.waitForURL(/\/cart$/),
      page.getByRole('button', {name: 'Add to cart'}).click(),
    ]);
    const line = page.locator('.cart-line');
    assert.equal(await line.getAttribute('data-configuration'), complete.id);
    assert.equal(await page.locator('.code').textContent(), complete.code);
    const lineTotal = Number(await page.locator('.line-total').getAttribute('data-amount'));
    assert.equal(lineTotal, Math.round(complete.total * 2 * 100) / 100);
    assert.match((await page.locator('.verified').textContent()) ?? '', /Price verified/);

    // Back: the page is rebuilt and the form's state reopens the same configuration.
    await page.goBack();
    const restored = await until(page, (s) => s.valid);
    assert.equal(restored.id, complete.id);
    assert.equal(restored.total, complete.total);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('reset starts the model anew', async () => {
    const {page} = await openCart();
    const started = await until(page, (s) => s.unanswered.length > 0);
    await page.locator('.buy button[type="reset"]').click();
    const fresh = await until(page, (s) => s.id !== started.id);
    assert.notEqual(fresh.code, started.code);
    await page.close();
  });

  test('a tampered price or total, or another configuration id, is refused', async () => {
    const {page} = await openCart();
    await until(page, (s) => s.unanswered.length > 0);
    // Brought to the missing answer by the held-back submit, as a shopper would be.
    await page.getByRole('button', {name: 'Add to cart'}).click();
    await page
      .locator('product-configurator [part~="option"]', {hasText: '5 years'})
      .locator('input')
      .check();
    const complete = await until(page, (s) => s.unanswered.length === 0 && s.valid);
    const fields = await page.evaluate(() =>
      Object.fromEntries(
        new FormData(document.querySelector('form')!) as unknown as Iterable<[string, string]>,
      ),
    );
    assert.equal(fields.configuration, complete.id);
    const jws = fields['configuration-signed']!;
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const post = async (body: Record<string, string>) => {
      const response = await fetch(`${service.url}/cart`, {
        method: 'POST',
        body: new URLSearchParams(body),
      });
      return {status: response.status, text: await response.text()};
    };
    const ok = await post({...fields, price: '0.01'});
    assert.equal(ok.status, 200);
    assert.match(
      ok.text,
      new RegExp(`data-amount="${complete.total}"`),
      'a posted price is ignored',
    );

    for (const claim of ['totalInclVat', 'totalExclVat']) {
      const cheaper = Buffer.from(JSON.stringify({...claims, [claim]: 1})).toString('base64url');
      const refused = await post({
        ...fields,
        'configuration-signed': `${header}.${cheaper}.${signature}`,
      });
      assert.equal(refused.status, 400, claim);
      assert.match(refused.text, /data-code="invalid_signature"/, claim);
    }
    const lines = (claims.lines as {priceInclVat: number}[]).map((l) => ({...l, priceInclVat: 0}));
    const free = Buffer.from(JSON.stringify({...claims, lines})).toString('base64url');
    const linePrice = await post({
      ...fields,
      'configuration-signed': `${header}.${free}.${signature}`,
    });
    assert.match(linePrice.text, /data-code="invalid_signature"/);
    const other = await post({...fields, configuration: '00000000-0000-4000-8000-000000000000'});
    assert.match(other.text, /data-code="mismatch"/);
    const missing = await post({configuration: complete.id});
    assert.match(missing.text, /data-code="malformed"/);
    await page.close();
  });
});
