// What `npm run test:wordpress` does in the browser, as a site owner and a shopper would.

/** Keeps every configurator event the page sees (they bubble out of the element to the page). */
export async function recordEvents(context) {
  await context.addInitScript(() => {
    window.configuratorEvents = [];
    for (const type of [
      'configurator-ready',
      'configurator-change',
      'configurator-quote-requested',
      'configurator-error',
    ]) {
      document.addEventListener(type, (event) => {
        const {detail} = event;
        window.configuratorEvents.push({
          type,
          configurationId: detail?.configurationId ?? detail?.configuration?.id ?? null,
          quotationId: detail?.quotationId ?? null,
          code: detail?.code ?? null,
        });
      });
    }
  });
}

/** Logs in on wp-login.php, uploads the zip on Plugins > Add New > Upload and activates it. */
export async function loginAndInstall(page, site, zipPath) {
  await page.goto(`${site.url}/wp-login.php`);
  await page.locator('#user_login').fill(site.admin.user);
  await page.locator('#user_pass').fill(site.admin.password);
  await Promise.all([page.waitForURL(/wp-admin/), page.locator('#wp-submit').click()]);
  await page.goto(`${site.url}/wp-admin/plugin-install.php?tab=upload`);
  await page.locator('#pluginzip').setInputFiles(zipPath);
  await Promise.all([
    page.waitForURL(/update\.php/),
    page.locator('#install-plugin-submit').click(),
  ]);
  const activate = page.locator('a', {hasText: 'Activate Plugin'});
  await activate.waitFor();
  await Promise.all([page.waitForURL(/plugins\.php/), activate.click()]);
  await page.locator('#message, .notice-success').first().waitFor();
}

/** Fills Settings > Product Configurator and saves it; resolves once WordPress says saved. */
export async function saveSettings(page, site, {serviceUrl, mode, clientId, secret, key}) {
  await page.goto(`${site.url}/wp-admin/options-general.php?page=product-configurator`);
  await page.locator('#pc-service-url').fill(serviceUrl);
  await page.locator(`input[name="product_configurator_settings[mode]"][value="${mode}"]`).check();
  if (key !== undefined) await page.locator('#pc-publishable-key').fill(key);
  if (clientId !== undefined) await page.locator('#pc-client-id').fill(clientId);
  if (secret !== undefined) await page.locator('#pc-client-secret').fill(secret);
  await Promise.all([page.waitForURL(/settings-updated=true/), page.locator('#submit').click()]);
}

/**
 * A page with the block and a post with the shortcode, published through WordPress's REST API
 * with the administrator's session (the editor itself is opened by the test afterwards).
 */
export async function createContent(page, site) {
  await page.goto(`${site.url}/wp-admin/`);
  const nonce = await page.evaluate(() =>
    fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text()),
  );
  const publish = async (type, title, content) => {
    const response = await page.request.post(`${site.url}/wp-json/wp/v2/${type}`, {
      headers: {'X-WP-Nonce': nonce},
      data: {title, content, status: 'publish'},
    });
    if (response.status() !== 201) {
      throw new Error(
        `creating the ${type} answered ${response.status()}: ${await response.text()}`,
      );
    }
    return response.json();
  };
  const block = await publish(
    'pages',
    'Configure your chair',
    '<!-- wp:paragraph --><p>Build the chair you want.</p><!-- /wp:paragraph -->\n' +
      '<!-- wp:product-configurator/configurator {"model":"Office Chair","accent":"#0a7d5a","align":"wide"} /-->',
  );
  const shortcode = await publish(
    'posts',
    'Our office chair',
    '<!-- wp:shortcode -->[product_configurator model="Office Chair" lang="en" loading="lazy" accent="#8a2be2"]<!-- /wp:shortcode -->',
  );
  return {pageId: block.id, pageUrl: block.link, postId: shortcode.id, postUrl: shortcode.link};
}

const option = (page, name) =>
  page.locator('product-configurator [part~="option"]', {hasText: name}).locator('input').first();

/** Resolves once the page has recorded `count` events of `type`. */
const eventCount = (page, type, count) =>
  page.waitForFunction(
    ([t, n]) => window.configuratorEvents.filter((e) => e.type === t).length >= n,
    [type, count],
  );

/**
 * A shopper's visit: waits for the configurator, changes an option, answers the mandatory
 * question the quote needs, fills the quote form and sends it. Resolves with the ids from
 * `configurator-quote-requested`.
 */
export async function configureAndQuote(page, firstName) {
  await eventCount(page, 'configurator-ready', 1);
  await page.getByRole('tab', {name: /Seat & back/}).click();
  await option(page, 'High back').check();
  await eventCount(page, 'configurator-change', 1);
  // The total bar and the last step both offer it; the one on screen is clicked.
  await page
    .locator('product-configurator [data-action="quote"]')
    .filter({visible: true})
    .first()
    .click();
  await page.locator('product-configurator [data-action="continue"]').click();
  await page.locator('product-configurator [data-action="go-to-missing"]').first().click();
  await option(page, '5 years').check();
  await eventCount(page, 'configurator-change', 2);
  await page.locator('product-configurator [data-action="review"]').click();
  await page.locator('product-configurator .review').waitFor();
  await page.locator('product-configurator [data-action="continue"]').click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Shopper');
  await page.getByLabel('E-mail').fill(`${firstName.toLowerCase()}@shop.test`);
  await page.getByRole('button', {name: 'Send request'}).click();
  await page.locator('product-configurator .quotation-number').waitFor();
  await eventCount(page, 'configurator-quote-requested', 1);
  const events = await page.evaluate(() => window.configuratorEvents);
  const errors = events.filter((e) => e.type === 'configurator-error');
  if (errors.length > 0) throw new Error(`configurator errors: ${JSON.stringify(errors)}`);
  return events.find((e) => e.type === 'configurator-quote-requested');
}
