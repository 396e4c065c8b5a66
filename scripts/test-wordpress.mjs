// `npm run test:wordpress`: the plugin in a real WordPress (Debian's package, MariaDB, PHP's
// built-in server, all on this machine) driven by a real Chromium against the real reference
// service. Builds the zip, uploads it as an administrator would, configures it on its settings
// page, places the block on a page and the shortcode in a post, and on each configures a chair
// and requests a quote, then finds the quotation in the service. Ends with "N passed, N failed".
// Run with `node --import tsx` (it reuses the service helpers of the TypeScript tests).
import {spawnSync} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {startServiceProcess} from '../test/helpers/node/service-process.ts';
import {chromiumArgs, chromiumPath} from './chromium.mjs';
import {missingPrerequisites, startWordPress} from './wordpress-site.mjs';
import {
  configureAndQuote,
  createContent,
  loginAndInstall,
  recordEvents,
  saveSettings,
} from './wordpress-steps.mjs';

const root = new URL('..', import.meta.url).pathname;
const zipPath = join(root, 'dist/product-configurator-wordpress.zip');
const screenshots = join(root, 'docs/screenshots');
const credentials = {clientId: 'demo-client', secret: 'demo-secret'};

const missing = missingPrerequisites();
if (missing.length > 0) {
  console.error(`test:wordpress needs Debian's packages: apt-get install -y ${missing.join(' ')}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/** @type {{name: string, run: () => Promise<void>, essential?: boolean}[]} */
const steps = [];
const step = (name, run, essential = false) => steps.push({name, run, essential});
const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

let site;
let service;
let browser;
let page;
const state = {};

step(
  'build:wordpress makes a zip with the plugin, the widget and its chunks',
  async () => {
    const built = spawnSync(process.execPath, ['scripts/build-wordpress.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert(built.status === 0, `build:wordpress failed: ${built.stderr}`);
    const zip = readFileSync(zipPath);
    for (const name of [
      'product-configurator/product-configurator.php',
      'product-configurator/block/block.json',
      'product-configurator/readme.txt',
      'product-configurator/uninstall.php',
      'product-configurator/languages/product-configurator.pot',
      'product-configurator/assets/product-configurator.js',
    ]) {
      assert(zip.includes(name), `the zip lacks ${name}`);
    }
    for (const chunk of readdirSync(join(root, 'dist/chunks')).filter((f) => f.endsWith('.js'))) {
      assert(zip.includes(`product-configurator/assets/chunks/${chunk}`), `the zip lacks ${chunk}`);
    }
  },
  true,
);

step('php -l finds no syntax error in any PHP file of the plugin', async () => {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.php')) files.push(path);
    }
  };
  walk(join(root, 'wordpress'));
  assert(files.length >= 8, `only ${files.length} PHP files found`);
  for (const file of files) {
    const lint = spawnSync('php', ['-l', file], {encoding: 'utf8'});
    assert(lint.status === 0, `php -l ${file}: ${lint.stdout}${lint.stderr}`);
  }
});

step(
  'WordPress, MariaDB and the reference service start on loopback',
  async () => {
    site = await startWordPress();
    service = await startServiceProcess({env: {ALLOWED_ORIGINS: site.url}});
    browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    context.setDefaultTimeout(60_000);
    await recordEvents(context);
    page = await context.newPage();
  },
  true,
);

step(
  'an administrator logs in, uploads the zip on Plugins > Add New and activates it',
  async () => {
    await loginAndInstall(page, site, zipPath);
    const active = site.php(
      `echo in_array('product-configurator/product-configurator.php', (array) get_option('active_plugins'), true) ? 'yes' : 'no';`,
    );
    assert(active.trim() === 'yes', `the plugin is not active (${active})`);
  },
  true,
);

step(
  'the settings page saves the service address and client credentials',
  async () => {
    await saveSettings(page, site, {
      serviceUrl: service.url,
      mode: 'credentials',
      clientId: credentials.clientId,
      secret: credentials.secret,
    });
    const notices = await page
      .locator('.notice, .updated')
      .filter({hasText: 'Settings saved'})
      .count();
    assert(notices === 1, `${notices} "Settings saved" notices`);
    const saved = JSON.parse(
      site.php(`echo wp_json_encode(get_option('product_configurator_settings'));`),
    );
    assert(saved.service_url === service.url, `service_url is ${saved.service_url}`);
    assert(
      saved.mode === 'credentials' && saved.client_id === credentials.clientId,
      'mode or client id not saved',
    );
    assert(saved.client_secret === credentials.secret, 'the secret was not kept as typed');
    const html = await (
      await page.request.get(`${site.url}/wp-admin/options-general.php?page=product-configurator`)
    ).text();
    assert(!html.includes(credentials.secret), 'the settings page prints the secret');
  },
  true,
);

step(
  'the settings page refuses a save without its nonce and visitors without the capability',
  async () => {
    const forged = await page.request.post(`${site.url}/wp-admin/options.php`, {
      form: {
        option_page: 'product_configurator',
        action: 'update',
        'product_configurator_settings[service_url]': 'https://evil.example',
      },
      maxRedirects: 0,
    });
    assert(forged.status() >= 400, `a save without a nonce answered ${forged.status()}`);
    const saved = JSON.parse(
      site.php(`echo wp_json_encode(get_option('product_configurator_settings'));`),
    );
    assert(saved.service_url === service.url, 'a save without a nonce changed the settings');
    const anonymous = await fetch(
      `${site.url}/wp-admin/options-general.php?page=product-configurator`,
      {redirect: 'manual'},
    );
    assert(anonymous.status === 302, `an anonymous visitor got ${anonymous.status}`);
  },
);

step('the token route hands a page of the site a shopper token, and nobody else', async () => {
  const route = `${site.url}/wp-json/product-configurator/v1/token`;
  const ask = (headers) =>
    fetch(route, {method: 'POST', headers: {Accept: 'application/json', ...headers}});
  const none = await ask({});
  assert(
    none.status === 403 && (await none.json()).code === 'origin_not_allowed',
    `no origin: ${none.status}`,
  );
  const foreign = await ask({Origin: 'https://evil.example'});
  assert(
    foreign.status === 403 && (await foreign.json()).code === 'origin_not_allowed',
    `foreign origin: ${foreign.status}`,
  );
  // A browser or extension that leaves Origin out still sends the page as Referer.
  const referred = await ask({Referer: `${site.url}/configure-your-chair/`});
  assert(referred.status === 200, `a site page as Referer: ${referred.status}`);
  await referred.body?.cancel();
  const good = await ask({Origin: site.url, 'Content-Type': 'application/json'});
  assert(good.status === 200, `site origin: ${good.status} ${await good.clone().text()}`);
  assert(
    /no-store/.test(good.headers.get('cache-control') ?? ''),
    `Cache-Control: ${good.headers.get('cache-control')}`,
  );
  const body = await good.json();
  assert(
    typeof body.access_token === 'string' && body.expires_in > 0,
    `answer: ${JSON.stringify(Object.keys(body))}`,
  );
  // The shopper scope: configurator calls work, everything else of the tenant is refused.
  const auth = {Authorization: `Bearer ${body.access_token}`};
  const models = await fetch(`${service.url}/configurator/3/configurator/configurationmodels`, {
    headers: auth,
  });
  assert(models.status === 200, `models with the token: ${models.status}`);
  const quotations = await fetch(`${service.url}/api/2/quotations`, {headers: auth});
  assert(
    quotations.status === 403,
    `quotations with the token: ${quotations.status} (must be 403)`,
  );
});

step('a page with the block shows a live preview in the block editor', async () => {
  state.content = await createContent(page, site);
  await page.goto(`${site.url}/wp-admin/post.php?post=${state.content.pageId}&action=edit`);
  await page.waitForFunction(
    () => window.wp?.data?.select('core/block-editor')?.getBlocks().length > 0,
  );
  await page.evaluate(() => {
    const editPost = window.wp.data.select('core/edit-post');
    if (editPost.isFeatureActive('welcomeGuide'))
      window.wp.data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
    const block = window.wp.data
      .select('core/block-editor')
      .getBlocks()
      .find((b) => b.name === 'product-configurator/configurator');
    window.wp.data.dispatch('core/block-editor').selectBlock(block.clientId);
    window.wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block');
  });
  const canvas = page.frame({name: 'editor-canvas'}) ?? page.mainFrame();
  // The element in the editor renders the service's options: the script reached the canvas.
  await canvas.locator('product-configurator [part~="option"]').first().waitFor();
  // The model list in the sidebar comes from the service through the plugin's models route.
  const model = page.locator('.block-editor-block-inspector select').first();
  await page.waitForFunction(() =>
    document.querySelector('.block-editor-block-inspector select option[value="Standing Desk"]'),
  );
  assert(
    (await model.inputValue()) === 'Office Chair',
    `the sidebar shows ${await model.inputValue()}`,
  );
  mkdirSync(screenshots, {recursive: true});
  await page.screenshot({path: join(screenshots, 'wordpress-editor.png')});
  // Trying the quote form in the editor sends nothing: the preview cancels the submit.
  const cancelled = await canvas.locator('product-configurator').evaluate((element) => {
    const submit = new CustomEvent('configurator-quote-submit', {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: {configurationId: 'x', customer: {}, quantity: 1},
    });
    element.dispatchEvent(submit);
    return submit.defaultPrevented;
  });
  assert(cancelled, 'the editor preview lets a quote request go to the service');
  // Another model in the sidebar changes the preview.
  await model.selectOption('Standing Desk');
  await canvas
    .locator('product-configurator[model="Standing Desk"] [part~="option"]')
    .first()
    .waitFor();
});

step(
  'on the published page the block configures a chair and requests a quote, which the service holds',
  async () => {
    await page.goto(state.content.pageUrl);
    const tag = await page
      .locator('script[src*="product-configurator/assets/product-configurator.js"]')
      .getAttribute('type');
    assert(tag === 'module', `the widget's script tag has type ${tag}`);
    await page.locator('product-configurator [part~="option"]').first().waitFor();
    // The viewport, not the full page: the total bar sticks to the viewport's bottom.
    await page.screenshot({path: join(screenshots, 'wordpress-page.png')});
    const quote = await configureAndQuote(page, 'Ada');
    await checkQuotation(quote);
  },
);

step(
  'in the post the shortcode configures a chair and requests a quote, which the service holds',
  async () => {
    await page.goto(state.content.postUrl);
    const quote = await configureAndQuote(page, 'Grace');
    await checkQuotation(quote);
  },
);

step('the widget loads only where a configurator is, and the secret reaches no page', async () => {
  const home = await (await fetch(`${site.url}/`)).text();
  assert(!home.includes('product-configurator.js'), 'the home page loads the widget');
  for (const url of [state.content.pageUrl, state.content.postUrl]) {
    const html = await (await fetch(url)).text();
    assert(html.includes('product-configurator.js'), `${url} does not load the widget`);
    assert(html.includes('/wp-json/product-configurator/v1/token'), `${url} lacks the token route`);
    assert(!html.includes(credentials.secret), `${url} holds the secret`);
  }
  const blockPage = await (await fetch(state.content.pageUrl)).text();
  const head = blockPage.slice(0, blockPage.indexOf('</head>'));
  assert(
    head.includes('product-configurator/assets/product-configurator.css'),
    "the block's page does not reserve the configurator's space in its head",
  );
  assert(!home.includes('product-configurator.css'), 'the home page loads the stylesheet');
  // The shortcode's settings reach the element: lazy start and the theme colour.
  const post = await (await fetch(state.content.postUrl)).text();
  const element = post.match(/<product-configurator[^>]*>/)?.[0] ?? '';
  for (const attribute of ['lang="en"', 'loading="lazy"', 'style="--configurator-accent: #8a2be2"'])
    assert(element.includes(attribute), `the shortcode's element lacks ${attribute}: ${element}`);
  // Every script of a configurator page comes from the site itself (no script from another host).
  const pageHtml = await (await fetch(state.content.pageUrl)).text();
  const foreignScripts = [...pageHtml.matchAll(/<script[^>]*\ssrc=["']([^"']+)["']/g)]
    .map((match) => match[1])
    .filter((src) => !src.startsWith(`${site.url}/`));
  assert(foreignScripts.length === 0, `scripts from elsewhere: ${foreignScripts.join(', ')}`);
  const editor = await page.request.get(
    `${site.url}/wp-admin/post.php?post=${state.content.pageId}&action=edit`,
  );
  assert(!(await editor.text()).includes(credentials.secret), 'the block editor holds the secret');
});

step(
  'with a publishable key instead, the block configures and quotes with no token route',
  async () => {
    const created = await service.call('/api/2/embedkeys', {
      method: 'POST',
      json: {name: 'WordPress test', allowedOrigins: [site.url]},
    });
    assert(created.status === 201, `creating a publishable key answered ${created.status}`);
    const {publishableKey} = await created.json();
    await saveSettings(page, site, {serviceUrl: service.url, mode: 'key', key: publishableKey});
    const html = await (await fetch(state.content.pageUrl)).text();
    assert(
      html.includes(`publishable-key="${publishableKey}"`),
      'the page lacks the publishable key',
    );
    assert(!html.includes('v1/token'), 'the page still names the token route');
    const route = await fetch(`${site.url}/wp-json/product-configurator/v1/token`, {
      method: 'POST',
      headers: {Origin: site.url},
    });
    const refusal = await route.json();
    assert(
      [503, 429].includes(route.status) &&
        ['not_configured', 'rate_limited'].includes(refusal.code),
      `the token route in key mode answered ${route.status} ${refusal.code}`,
    );
    await page.goto(state.content.pageUrl);
    const quote = await configureAndQuote(page, 'Hedy');
    await checkQuotation(quote);
  },
);

step('the token route limits each address and says so as JSON', async () => {
  let limited;
  for (let i = 0; i < 40 && !limited; i++) {
    const response = await fetch(`${site.url}/wp-json/product-configurator/v1/token`, {
      method: 'POST',
      headers: {Origin: site.url},
    });
    if (response.status === 429) limited = response;
    else await response.body?.cancel();
  }
  assert(limited, 'no 429 after 40 requests in a row');
  assert((await limited.json()).code === 'rate_limited', 'the 429 lacks the rate_limited code');
  assert(Number(limited.headers.get('retry-after')) > 0, 'the 429 lacks Retry-After');
});

step('deleting the plugin on the Plugins screen removes its settings and files', async () => {
  await page.goto(`${site.url}/wp-admin/plugins.php`);
  const row = page.locator('tr[data-plugin="product-configurator/product-configurator.php"]');
  await Promise.all([page.waitForURL(/deactivate=true/), row.locator('.deactivate a').click()]);
  page.once('dialog', (dialog) => dialog.accept());
  await row.locator('.delete a').click();
  // WordPress deletes over AJAX and replaces the row with its confirmation.
  await page.locator('.plugin-deleted-tr').waitFor();
  const left = site.php(
    "echo wp_json_encode([get_option('product_configurator_settings', null), is_dir(WP_PLUGIN_DIR . '/product-configurator')]);",
  );
  assert(left.trim() === '[null,false]', `after deletion: ${left}`);
});

step('the plugin caused no PHP error, warning or notice', async () => {
  const log = site.php("echo @file_get_contents(WP_DEBUG_LOG) ?: '';");
  const ours = log.split('\n').filter((line) => line.includes('/plugins/product-configurator/'));
  assert(ours.length === 0, `PHP said:\n${ours.join('\n')}`);
});

async function checkQuotation({quotationId, configurationId}) {
  assert(quotationId, 'no quotation id in configurator-quote-requested');
  const quotation = await service.call(`/api/2/quotations/${quotationId}`);
  assert(quotation.status === 200, `the service does not know quotation ${quotationId}`);
  assert((await quotation.json()).status === 'requested', 'the quotation is not requested');
  const lines = await (
    await service.call(`/api/2/quotationlines?quotationId=${quotationId}`)
  ).json();
  assert(
    Array.isArray(lines) && lines.some((line) => line.configurationId === configurationId),
    `no line of quotation ${quotationId} holds configuration ${configurationId}`,
  );
}

let passed = 0;
let failed = 0;
let abandoned;
try {
  for (const {name, run, essential} of steps) {
    if (abandoned) {
      failed++;
      console.log(`not run: ${name} (after "${abandoned}" failed)`);
      continue;
    }
    const started = Date.now();
    try {
      await run();
      passed++;
      console.log(`ok: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed++;
      console.log(`FAILED: ${name}\n  ${error instanceof Error ? error.stack : error}`);
      if (essential) abandoned = name;
    }
  }
} finally {
  if (failed > 0 && site) {
    // WordPress 6.1's own deprecation notices under PHP 8.2 are left out.
    const log = site.php("echo @file_get_contents(WP_DEBUG_LOG) ?: '';");
    const lines = log.split('\n').filter((line) => line && !line.includes('PHP Deprecated'));
    console.log(`--- WordPress debug log (without deprecations) ---\n${lines.join('\n')}`);
  }
  await browser?.close();
  await service?.stop();
  await site?.stop();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
