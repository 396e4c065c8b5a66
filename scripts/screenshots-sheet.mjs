// Screenshots of the review with its "Print / save as PDF" action, the printed sheet (the demo
// page in print media at A4, as the browser prints it) and the thank-you on a 390 px phone,
// saved to docs/screenshots/. Builds the bundle, starts the reference service with the demo
// (as `npm start` does) on a free port, and stops it at the end.
//
//   node scripts/screenshots-sheet.mjs      (CHROME_PATH overrides /usr/bin/chromium)
import {out, settle, startScreenshots} from './screenshots-session.mjs';

const shots = await startScreenshots();
const {service} = shots;

/** A4 inside Chromium's default print margins (0.4 in), in CSS pixels. */
const a4 = {width: 718, height: 1046};

async function openDemo(viewport, query = '') {
  const {context, page} = await shots.newPage(viewport);
  await page.goto(`${service.url}/${query}`);
  await page.waitForFunction(() => document.querySelector('product-configurator')?.value);
  // The later chunk (the language choice, the printed sheet) is here.
  await page.locator('product-configurator .language-picker').waitFor();
  return {context, page};
}

try {
  // The review, then its sheet as printed.
  {
    const {context, page} = await openDemo({width: 1360, height: 1000});
    // Through the element's API: the choices are the point here, not the clicks.
    await page.evaluate(async () => {
      const el = document.querySelector('product-configurator');
      const byName = (name) => {
        const all = [];
        const walk = (n) => (all.push(n), n.features.forEach(walk));
        el.value.featureModel.steps.forEach((s) => s.features.forEach(walk));
        return all.find((n) => n.name === name).id;
      };
      await el.select(byName('White'), true);
      await el.select(byName('Engraving'), true);
      await el.setText(byName('Engraving name'), 'ADA L.');
      await el.select(byName('5 years'), true);
    });
    await settle(page);
    await page.locator('product-configurator [part~="summary"] [data-action="quote"]').click();
    await page.locator('product-configurator [data-action="print"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: `${out}/review-print-action.png`, fullPage: true});

    // The action, with the dialog left out (headless): the sheet and its QR code rendered.
    await page.evaluate(() => (window.print = () => {}));
    await page.locator('product-configurator [data-action="print"]').click();
    await page.locator('product-configurator .sheet-qr').waitFor({state: 'attached'});
    await page.setViewportSize(a4);
    await page.emulateMedia({media: 'print'});
    await page.evaluate(() =>
      document
        .querySelector('product-configurator')
        .shadowRoot.querySelector('.sheet-picture')
        ?.decode()
        .catch(() => {}),
    );
    // One A4 page at 96 px per inch, its margins included.
    await page.setViewportSize({width: 794, height: 1123});
    await page.addStyleTag({content: '@media print { body { margin: 38px; } }'});
    await page.screenshot({path: `${out}/print-sheet.png`});
    await context.close();
  }

  // The thank-you on a phone, in German: the longest labels beside the number.
  {
    const {context, page} = await openDemo({width: 390, height: 844}, '?lang=de');
    await page.evaluate(async () => {
      const el = document.querySelector('product-configurator');
      const all = [];
      const walk = (n) => (all.push(n), n.features.forEach(walk));
      el.value.featureModel.steps.forEach((s) => s.features.forEach(walk));
      await el.select(all.find((n) => n.name === '5 Jahre').id, true);
      await el.requestQuote({firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com'});
    });
    await page.locator('product-configurator .quotation-number').waitFor();
    await page
      .locator('product-configurator .thanks')
      .evaluate((el) => el.scrollIntoView({block: 'center'}));
    await page.screenshot({path: `${out}/thank-you-phone.png`});
    await context.close();
  }
  console.log(`screenshots saved in ${out}/`);
} finally {
  await shots.close();
}
