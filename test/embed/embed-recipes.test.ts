// The README's "Embed without a backend", followed as written: its two commands create a key
// against the service as `npm start` runs it, and every recipe's HTML runs in Chromium on a page
// of another origin. The Tag Manager recipe is inserted as Tag Manager inserts a Custom HTML
// tag: its script re-created as a classic script element and appended to the page.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {after, before, describe, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {
  ensureBuilt,
  launchChromium,
  startHostSite,
  startServiceProcess,
  type HostSite,
  type ServiceProcess,
} from '../helpers/node/embedding.js';

const example = 'https://configurator.example';
const placeholder = 'pk_YOUR_KEY';

/** The section's shell block and its HTML blocks, by the heading they are under. */
function readmeSection() {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Embed without a backend');
  assert.ok(start >= 0, 'README has the section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const shell = /```sh\n([\s\S]*?)```/.exec(section)?.[1]?.replace(/^ {3}/gm, '');
  assert.ok(shell, 'the section says how to create a key');
  const recipes = new Map<string, string>();
  let heading = 'two lines';
  for (const part of section.split(/\n(?=### )/)) {
    heading = /^### (.+)/.exec(part)?.[1] ?? heading;
    const html = /```html\n([\s\S]*?)```/.exec(part)?.[1];
    if (html) recipes.set(heading, html.replace(/^ {3}/gm, ''));
  }
  return {shell, recipes};
}

describe('embedding without a backend, by the README alone', {timeout: 180_000}, () => {
  let browser: Browser;
  let host: HostSite;
  let service: ServiceProcess;
  let section: ReturnType<typeof readmeSection>;
  let publishableKey = '';

  before(async () => {
    await ensureBuilt();
    section = readmeSection();
    host = await startHostSite();
    service = await startServiceProcess();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    await host?.close();
  });

  test('the README names the recipes the issue asks for', () => {
    const names = [...section.recipes.keys()].join(' | ');
    for (const platform of [
      'WordPress',
      'Shopify',
      'Webflow',
      'Squarespace',
      'Google Tag Manager',
    ]) {
      assert.ok(names.includes(platform), `${platform} in ${names}`);
    }
  });

  test("the README's commands create a key for the page's origin", () => {
    const script = section.shell
      .replaceAll(example, service.url)
      .replace('CLIENT_ID', 'demo-client')
      .replace('CLIENT_SECRET', 'demo-secret')
      .replace(/"allowedOrigins": \[[^\]]*\]/, `"allowedOrigins": ["${host.origin}"]`);
    const answer = JSON.parse(execFileSync('bash', ['-ec', script], {encoding: 'utf8'})) as {
      publishableKey: string;
      allowedOrigins: string[];
    };
    assert.match(answer.publishableKey, /^pk_/);
    assert.deepEqual(answer.allowedOrigins, [host.origin]);
    publishableKey = answer.publishableKey;
  });

  /** Opens a host page with `body`; resolves the configurator's first ready or error. */
  async function outcome(path: string, body: string) {
    host.page('/favicon.ico', '', 'image/x-icon');
    host.page(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1>A product page</h1>
${body}
</body></html>`,
    );
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') problems.push(m.text());
    });
    await page.addInitScript(() => {
      const w = window as unknown as {outcome: Promise<unknown>};
      w.outcome = new Promise((resolve) => {
        document.addEventListener('configurator-ready', (e) =>
          resolve({ready: (e as CustomEvent).detail.configuration.id}),
        );
        document.addEventListener('configurator-error', (e) =>
          resolve({error: (e as CustomEvent).detail.code}),
        );
      });
    });
    await page.goto(`${host.origin}${path}`);
    const result = await page.evaluate(
      () => (window as unknown as {outcome: Promise<unknown>}).outcome,
    );
    await page.close();
    return {result: result as {ready?: string; error?: string}, problems};
  }

  const fill = (html: string) =>
    html.replaceAll(example, service.url).replaceAll(placeholder, publishableKey);

  for (const name of ['two lines', 'WordPress', 'Shopify', 'Webflow']) {
    test(`the recipe "${name}" runs as written on another origin`, async () => {
      assert.ok(publishableKey, 'the key was created');
      const html = [...section.recipes].find(([heading]) => heading.includes(name))?.[1];
      assert.ok(html, name);
      const {result, problems} = await outcome(`/${name.replace(/\W/g, '')}.html`, fill(html));
      assert.match(result.ready ?? String(result.error), /^[0-9a-f-]{36}$/);
      assert.deepEqual(problems, []);
    });
  }

  test('the Google Tag Manager recipe runs when inserted as a Custom HTML tag is', async () => {
    const html = [...section.recipes].find(([heading]) => heading.includes('Tag Manager'))?.[1];
    assert.ok(html);
    // Tag Manager parses the tag's HTML and re-creates each script as a classic script element
    // (scripts set through innerHTML never run), after the page has loaded.
    const loader = `<div id="configurator"></div>
<script>
  window.addEventListener('load', function () {
    var holder = document.createElement('div');
    holder.innerHTML = ${JSON.stringify(fill(html)).replaceAll('</', '<\\/')};
    Array.prototype.forEach.call(holder.querySelectorAll('script'), function (tag) {
      var script = document.createElement('script');
      script.text = tag.text;
      document.body.appendChild(script);
    });
  });
</script>`;
    const {result, problems} = await outcome('/gtm.html', loader);
    assert.match(result.ready ?? String(result.error), /^[0-9a-f-]{36}$/);
    assert.deepEqual(problems, []);
  });
});
