// The README's "Embed it on your site", followed to the letter: the service runs as `npm start`
// runs it with ALLOWED_ORIGINS naming the host's origin, and a page on that other origin holds
// exactly the README's HTML, loading the widget's script from the service.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {after, before, describe, test} from 'node:test';
import {useDemoInChromium, watchOutcome} from '../helpers/node/demo-in-chromium.js';
import {startHostSite, type HostSite} from '../helpers/node/embedding.js';

/** The README's section, its HTML blocks and the `ALLOWED_ORIGINS` it tells the host to set. */
function readmeSteps() {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Embed it on your site');
  assert.ok(start >= 0, 'README has the section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const html = [...section.matchAll(/```html\n([\s\S]*?)```/g)].map((m) =>
    m[1]!.replace(/^ {3}/gm, ''),
  );
  const command = /ALLOWED_ORIGINS=(\S+) npm start/.exec(section);
  assert.ok(command, 'README says how to start the service');
  return {html: html.join('\n'), readmeOrigin: command[1]!};
}

describe('a page on another origin, by the README alone', {timeout: 120_000}, () => {
  let host: HostSite;
  let steps: ReturnType<typeof readmeSteps>;

  before(async () => {
    steps = readmeSteps();
    host = await startHostSite();
  });
  // Exactly the README's command, with this test's ports in place of its examples.
  const demo = useDemoInChromium(() => ({ALLOWED_ORIGINS: host.origin}));
  after(async () => {
    await host?.close();
  });

  const pageWith = (html: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>A host's page</h1>
${html.replaceAll('http://127.0.0.1:8787', demo.service.url)}
</body></html>`;

  /** Opens a host page, with a promise for the first console line matching each pattern. */
  async function open(path: string, patterns: RegExp[] = []) {
    const page = await demo.browser.newPage();
    const lines: string[] = [];
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
      else lines.push(message.text());
    });
    page.on('pageerror', (error) => lines.push(`pageerror ${error.message}`));
    const seen = patterns.map((pattern) =>
      page
        .waitForEvent('console', {predicate: (m) => pattern.test(m.text()), timeout: 20_000})
        .then((m) => m.text()),
    );
    await page.goto(`${host.origin}${path}`);
    return {page, lines, warnings, seen};
  }

  test('the README names the origin of its example page', () => {
    assert.match(steps.readmeOrigin, /^http:\/\/localhost:\d+$/);
    assert.match(steps.html, /<product-configurator/);
    assert.match(steps.html, /<script type="module" src="http:\/\/127\.0\.0\.1:8787\/dist\//);
  });

  test('loads the widget from the service, becomes ready, and reports a change in detail', async () => {
    host.page('/shop.html', pageWith(steps.html));
    const {page, lines, warnings, seen} = await open('/shop.html', [
      /^ready /,
      /^changed \d+ nodes, total /,
    ]);
    assert.notEqual(new URL(page.url()).origin, demo.service.url);

    // The README's own listeners write what they saw.
    const ready = await seen[0]!;
    assert.match(ready, /^ready [0-9a-f-]{36} .+/);

    const detail = await page.evaluate(async () => {
      const el = document.querySelector('product-configurator')!;
      const changed = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('configurator-change', (e) => resolve(e as CustomEvent), {once: true}),
      );
      // The shopper picks the first option that is not selected yet.
      const option = el.shadowRoot!.querySelector<HTMLInputElement>(
        '[part~="option"]:not([part~="option-selected"]) input:not(:disabled)',
      )!;
      option.click();
      const e = await changed;
      return {
        isCustomEvent: e instanceof CustomEvent,
        changes: e.detail.changes.length,
        source: e.detail.source,
        id: e.detail.configuration.id,
        label: e.detail.price.label,
        displayed: e.detail.price.displayed,
        shown: el.shadowRoot!.querySelector('[part~="total"]')!.textContent!,
      };
    });
    assert.equal(detail.isCustomEvent, true);
    assert.ok(detail.changes > 0);
    assert.equal(detail.source, 'user');
    assert.equal(detail.displayed, 'inclVat');
    // The price a host reads is the one the shopper sees.
    assert.ok(detail.shown.includes(detail.label), `${detail.shown} shows ${detail.label}`);
    await seen[1];
    assert.deepEqual(
      lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror')),
      [],
    );
    assert.deepEqual(warnings, []);
    await page.close();
  });

  test('a fetchToken set by a later script of the page is no missing token source', async () => {
    // The widget's script, the element, then the page's own module script: in that order the
    // element upgrades before the page's script runs.
    host.page(
      '/late-token.html',
      pageWith(`<script type="module" src="${demo.service.url}/dist/product-configurator.js"></script>
<product-configurator model="Office Chair" api-url="${demo.service.url}"></product-configurator>
<script type="module">
  const el = document.querySelector('product-configurator');
  el.addEventListener('configurator-error', (e) => console.log('error', e.detail.code));
  el.addEventListener('configurator-ready', () => console.log('ready'));
  el.fetchToken = async () => {
    const answer = await (await fetch('${demo.service.url}/api/configurator-token', {method: 'POST'})).json();
    return {accessToken: answer.access_token ?? answer.accessToken, expiresIn: answer.expires_in ?? answer.expiresIn / 1000};
  };
</script>`),
    );
    const {page, lines, warnings, seen} = await open('/late-token.html', [/^ready$/]);
    await seen[0];
    assert.deepEqual(
      lines.filter((l) => l.startsWith('error')),
      [],
    );
    assert.deepEqual(
      warnings.filter((w) => w.includes('no_token_source')),
      [],
    );
    await page.close();
  });

  test('serves the bundle to any origin with caching fit for a script tag', async () => {
    const url = `${demo.service.url}/dist/product-configurator.js`;
    const answer = await fetch(url, {headers: {origin: 'https://anywhere.example'}});
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.match(answer.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(answer.headers.get('cache-control'), 'no-cache');
    const etag = answer.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(url, {headers: {'if-none-match': etag}});
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('access-control-allow-origin'), '*');

    const module = await (await fetch(`${demo.service.url}/dist/index.js`)).text();
    const chunk = /chunks\/[^'"]+\.js/.exec(module)?.[0];
    assert.ok(chunk, 'the npm entry imports a hashed chunk');
    const hashed = await fetch(`${demo.service.url}/dist/${chunk}`);
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('access-control-allow-origin'), '*');
    assert.match(hashed.headers.get('cache-control') ?? '', /immutable/);

    const missing = await fetch(`${demo.service.url}/dist/nothing.js`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    const escape = await fetch(`${demo.service.url}/dist/..%2fpackage.json`);
    assert.equal(escape.status, 404);
  });

  test('a page on an origin not allowed learns why, once, without retries', async () => {
    // Another port is another origin: not in ALLOWED_ORIGINS.
    const stranger = await startHostSite();
    try {
      stranger.page('/shop.html', pageWith(steps.html));
      const page = await demo.browser.newPage();
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      let tokenRequests = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/configurator-token')) tokenRequests += 1;
      });
      // The hint for the page's developer loads with the refusal, and is written then.
      const hint = page.waitForEvent('console', {
        predicate: (m) => m.type() === 'warning' && m.text().includes('origin_not_allowed'),
        timeout: 60_000,
      });
      const refusal = await watchOutcome(page, {errorsOnly: true});
      await page.goto(`${stranger.origin}/shop.html`);
      const error = await refusal();
      await hint;
      assert.equal(error.code, 'origin_not_allowed');
      assert.equal(error.retryable, false);
      assert.equal(error.status, 403);
      assert.match(error.text!, /not set up/);
      assert.equal(tokenRequests, 1);
      const explained = warnings.filter((w) => w.includes('origin_not_allowed'));
      assert.equal(explained.length, 1);
      assert.match(explained[0]!, /ALLOWED_ORIGINS/);
      // The token endpoint refused: its list is named, not the service's.
      assert.match(explained[0]!, /the token endpoint .* refused/);
      assert.doesNotMatch(explained[0]!, /the service's allowed origins/);
      assert.ok(explained[0]!.includes(stranger.origin));
      // No retry button: trying again cannot help.
      assert.equal(
        await page.evaluate(
          () =>
            document
              .querySelector('product-configurator')!
              .shadowRoot!.querySelector('[data-action="retry"]') === null,
        ),
        true,
      );
      await page.close();
    } finally {
      await stranger.close();
    }
  });

  test('the service refuses a foreign page readably too', async () => {
    const foreign = await startHostSite();
    try {
      foreign.page('/x.html', '<!doctype html><title>x</title>');
      const other = await demo.browser.newPage();
      await other.goto(`${foreign.origin}/x.html`);
      const refusal = await other.evaluate(async (url) => {
        const r = await fetch(`${url}/api/3/configurator/new/Office%20Chair`, {
          headers: {Authorization: 'Bearer whatever'},
        });
        return {status: r.status, body: await r.json()};
      }, demo.service.url);
      assert.equal(refusal.status, 403);
      assert.equal(refusal.body.code, 'origin_not_allowed');
      await other.close();
    } finally {
      await foreign.close();
    }
  });
});
