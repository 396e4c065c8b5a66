// Renders the demo in Chromium and saves screenshots of the element's states to
// docs/screenshots/: desktop and narrow layouts (the phone's picture in the total bar), the
// conflict dialog (and the clicked box behind it), the review, the quote
// form and the thank-you with the quotation's number. Builds the bundle, starts the reference service with the demo (as `npm start`
// does) on a free port, and stops it at the end.
//
//   node scripts/screenshots.mjs            (CHROME_PATH overrides /usr/bin/chromium)
import {out, settle, startScreenshots} from './screenshots-session.mjs';

const shots = await startScreenshots({demos: true});
const {service} = shots;

/** Opens the demo and resolves once the element has rendered its first configuration. */
async function openDemo(viewport, query = '') {
  const {context, page} = await shots.newPage(viewport);
  await page.addInitScript(() => {
    window.__ready = new Promise((resolve) =>
      document.addEventListener('configurator-ready', resolve, {once: true}),
    );
  });
  await page.goto(`${service.url}/${query}`);
  await page.evaluate(() => window.__ready);
  await page.waitForLoadState('networkidle');
  return {context, page};
}

/** Waits until the element's picture at `selector` shows another file than `before`. */
const pictureChanged = (page, selector, before) =>
  page.waitForFunction(
    ([selector, before]) =>
      document
        .querySelector('product-configurator')
        .shadowRoot.querySelector(selector)
        ?.getAttribute('src') !== before,
    [selector, before],
  );

const option = (page, name) =>
  page.locator('product-configurator [part~="option"]', {hasText: name}).locator('input').first();

try {
  // Desktop: the first step, then a richer step.
  {
    const {context, page} = await openDemo({width: 1360, height: 1000});
    await page.screenshot({path: `${out}/desktop.png`, fullPage: true});
    await page.getByRole('tab', {name: /Seat & back/}).click();
    await settle(page);
    await page.screenshot({path: `${out}/desktop-step-2.png`, fullPage: true});
    await page.getByRole('tab', {name: /Personalise/}).click();
    await option(page, 'Engraving').check();
    await settle(page);
    await page.getByLabel('Engraving name').fill('ADA L.');
    await page.getByLabel('Engraving name').press('Tab');
    await settle(page);
    await page
      .locator('product-configurator details')
      .first()
      .evaluate((d) => (d.open = true));
    await page.screenshot({path: `${out}/desktop-personalise.png`, fullPage: true});
    await page.getByRole('tab', {name: /Seat & back/}).click();

    // A conflict: keep the standard back explicitly, then ask for a headrest (needs a high back).
    await option(page, 'High back').check();
    await settle(page);
    await option(page, 'Standard back').check();
    await settle(page);
    await page.getByRole('tab', {name: /Comfort/}).click();
    // Clicked, not checked: behind the dialog the box shows unticked until the shopper accepts.
    await option(page, 'Headrest').click();
    await page.locator('product-configurator dialog[open]').waitFor();
    await page.screenshot({path: `${out}/conflict-dialog.png`});
    await page.getByRole('button', {name: 'Accept changes'}).click();
    await settle(page);

    // The quote form, first blocked by an unanswered mandatory feature.
    await page.getByRole('button', {name: 'Request a quote'}).click();
    await page.locator('product-configurator [data-action="continue"]').click();
    await page.screenshot({path: `${out}/quote-blocked.png`, fullPage: true});
    await page.locator('product-configurator [data-action="go-to-missing"]').first().click();
    await option(page, '5 years').check();
    await settle(page);
    await page.locator('product-configurator [data-action="review"]').click();
    await page.locator('product-configurator .review').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: `${out}/review.png`, fullPage: true});
    await page.locator('product-configurator [data-action="continue"]').click();
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByLabel(/Phone/).fill('+31 20 123 4567');
    await page.getByLabel(/Street/).fill('Keizersgracht');
    await page.getByLabel(/House number/).fill('123');
    await page.getByLabel(/Postal code/).fill('1015 CJ');
    await page.getByLabel(/City/).fill('Amsterdam');
    await page.screenshot({path: `${out}/quote-form.png`, fullPage: true});
    await page.getByRole('button', {name: 'Send request'}).click();
    await page.locator('product-configurator .thanks').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('product-configurator .quotation-number').waitFor();
    await page.screenshot({path: `${out}/thank-you.png`, fullPage: true});
    await context.close();
  }

  // Narrow: one column, summary below the steps.
  {
    const {context, page} = await openDemo({width: 390, height: 844}, '?lang=nl');
    // What a phone shows: the steps with the total bar kept at the bottom.
    await page.evaluate(() => {
      const top = document.querySelector('product-configurator').getBoundingClientRect().top;
      window.scrollTo(0, top + window.scrollY - 130);
    });
    await page.screenshot({path: `${out}/narrow.png`});
    await page.screenshot({path: `${out}/narrow-full.png`, fullPage: true});
    await context.close();
  }
  // Phone: the configured picture, small, in the total bar while the shopper chooses a colour.
  {
    const {context, page} = await openDemo({width: 390, height: 844}, '?model=E-Bike');
    const barPicture = 'product-configurator >> [part~="total-bar"] .bar-picture';
    await page.locator('product-configurator >> .product-image[data-configured="true"]').waitFor();
    const before = await page.locator(barPicture).getAttribute('src');
    await option(page, 'Midnight blue').scrollIntoViewIfNeeded();
    await option(page, 'Midnight blue').check();
    await settle(page);
    await pictureChanged(page, '.bar-picture', before);
    await page.evaluate(() => {
      const el = document.querySelector('product-configurator');
      el.shadowRoot.querySelector('[part~="option-selected"]').scrollIntoView({block: 'center'});
    });
    await page.screenshot({path: `${out}/phone-picture.png`});
    await context.close();
  }
  // The configured picture following a colour choice (E-Bike): the summary before and after.
  {
    const {context, page} = await openDemo({width: 1360, height: 1000}, '?model=E-Bike');
    const summary = page.locator('product-configurator [part~="summary"]');
    const configured = 'product-configurator >> .product-image[data-configured="true"]';
    await page.locator(configured).waitFor();
    await summary.screenshot({path: `${out}/picture-before.png`});
    const before = await page.locator(configured).getAttribute('src');
    await option(page, 'Midnight blue').check();
    await settle(page);
    await pictureChanged(page, '.product-image', before);
    await summary.screenshot({path: `${out}/picture-after.png`});
    await context.close();
  }

  // An incompatible option chosen: the coat hanger excludes the headrest, which stays operable
  // (styled as unavailable, with its reason); choosing it offers what would change.
  {
    const {context, page} = await openDemo({width: 1360, height: 1000});
    await page.getByRole('tab', {name: /Comfort/}).click();
    await option(page, 'Coat hanger').check();
    await settle(page);
    await page
      .locator('product-configurator [part~="option"]', {hasText: 'Headrest'})
      .scrollIntoViewIfNeeded();
    await page.screenshot({path: `${out}/incompatible-option.png`});
    // `aria-disabled` reads as "not enabled" to the driver, yet the shopper can choose it.
    await option(page, 'Headrest').click({force: true});
    await page.locator('product-configurator dialog[open]').waitFor();
    await page.screenshot({path: `${out}/conflict-from-incompatible-option.png`});
    // Behind the dialog the clicked box shows what the shopper has: unticked until accepted.
    await page.waitForFunction(() => {
      const el = document.querySelector('product-configurator');
      const input = [...el.shadowRoot.querySelectorAll('[part~="option"]')]
        .find((o) => o.textContent.includes('Headrest'))
        ?.querySelector('input');
      return input && !input.checked;
    });
    // Cropped to the dialog and the clicked option below it.
    const dialogBox = await page.locator('product-configurator dialog[open]').boundingBox();
    const optionBox = await page
      .locator('product-configurator [part~="option"]', {hasText: 'Headrest'})
      .boundingBox();
    const top = Math.min(dialogBox.y, optionBox.y) - 16;
    const left = Math.min(dialogBox.x, optionBox.x) - 16;
    await page.screenshot({
      path: `${out}/conflict-checkbox-unticked.png`,
      clip: {
        x: left,
        y: top,
        width: Math.max(dialogBox.x + dialogBox.width, optionBox.x + optionBox.width) + 16 - left,
        height: Math.max(dialogBox.y + dialogBox.height, optionBox.y + optionBox.height) + 16 - top,
      },
    });
    await context.close();
  }

  // A failed change: the choice stays on screen, the banner offers a retry.
  {
    const {context, page} = await openDemo({width: 1360, height: 1000});
    await page.route('**/api/3/configurator/*', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.fallback(),
    );
    await option(page, 'Graphite').check();
    await page.locator('product-configurator [part~="error"].banner').waitFor({timeout: 60_000});
    await page.screenshot({path: `${out}/error.png`});
    await context.close();
  }

  // A CMS article with two themed instances.
  {
    const {context, page} = await openDemo({width: 1200, height: 900}, 'cms.html');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('product-configurator')].every((el) => el.value),
    );
    await page.screenshot({path: `${out}/cms.png`, fullPage: true});
    await context.close();
  }
  // The framework pages: React 19 (widget loaded after React's first render) and Vue 3, each
  // with the events it received, read from `detail`.
  for (const name of ['react', 'vue']) {
    const {context, page} = await openDemo({width: 1280, height: 900}, `${name}.html`);
    await option(page, 'White').check();
    await page.locator('#events li[data-type="configurator-change"]').first().waitFor();
    await settle(page);
    await page.screenshot({path: `${out}/${name}.png`, fullPage: true});
    await context.close();
  }

  // The themed page: restyled through custom properties and parts; its lazy element waits
  // below the fold with its space reserved, and starts when scrolled to.
  {
    const {context, page} = await shots.newPage({width: 1280, height: 900});
    await page.goto(`${service.url}/themed.html`);
    await page.waitForFunction(() => customElements.get('product-configurator'));
    const ready = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener('configurator-ready', resolve, {once: true}),
        ),
    );
    await page.locator('product-configurator').scrollIntoViewIfNeeded();
    await ready;
    await settle(page);
    await page.locator('product-configurator').screenshot({path: `${out}/themed.png`});
    await context.close();
  }
  console.log(`screenshots saved in ${out}/`);
} finally {
  await shots.close();
}
