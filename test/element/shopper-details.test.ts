import {expect} from '@open-wc/testing';
import {sendKeys, setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {$, nodeByName, readyConfigurator, settled, until} from '../helpers/browser/service.js';

const active = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.activeElement as HTMLElement | null;

afterEach(() => setViewport({width: 800, height: 600}));

describe('Enter on "Next"', () => {
  for (const width of [1200, 390]) {
    it(`moves focus to the new step's heading (${width} px)`, async () => {
      await setViewport({width, height: 844});
      const el = await readyConfigurator();
      const steps = el.value!.featureModel.steps;
      const next = $<HTMLButtonElement>(el, '[data-action="next"]');
      next.focus();
      await sendKeys({press: 'Enter'});
      const heading = `${steps[1]!.id}-title`;
      await until(el, () => active(el)?.id === heading, 'focus on the heading');
      expect(active(el)!.tagName).to.equal('H2');
      expect(active(el)!.textContent!.trim()).to.equal(steps[1]!.title);
      // Tab from the heading reaches the new step's first control.
      await sendKeys({press: 'Tab'});
      expect(active(el)!.closest('[role="tabpanel"]')).not.to.equal(null);
    });
  }
});

describe('the thank-you on a phone', () => {
  // German names both lines with one long word each ("Angebotsreferenz", "Konfigurationscode"):
  // the column beside them is what is left of a phone's width.
  const fiveYears = {en: '5 years', de: '5 Jahre', fr: '5 ans', nl: '5 jaar'};
  const cases = [
    ...Object.keys(fiveYears).map((lang) => [lang, 390] as const),
    // The narrowest phones, and a 390 px phone with its text set larger, leave less room.
    ['de', 320] as const,
  ];
  for (const [lang, width] of cases) {
    it(`keeps the quotation number on one line at ${width} px (${lang})`, async () => {
      const warranty = fiveYears[lang as keyof typeof fiveYears];
      await setViewport({width, height: 844});
      const el = await readyConfigurator('Office Chair', {lang});
      // As a shop page sets its content: 24 px from the screen's edges (the demo's own), the
      // page's 8 px margin and 16 px more.
      el.parentElement!.style.padding = '0 16px';
      await el.select(nodeByName(el.value!, warranty).id, true);
      await settled(el);
      const result = await el.requestQuote({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      });
      await until(el, () => !!el.shadowRoot!.querySelector('.quotation-number'), 'the thank-you');
      const number = $(el, '.quotation-number');
      expect(number.textContent!.trim()).to.equal(result.quotationNumber ?? result.quotationId);
      // An inline box broken across lines has one client rectangle per line.
      expect(number.getClientRects().length, 'lines of the quotation number').to.equal(1);
      const card = $(el, '.thanks').getBoundingClientRect();
      const box = number.getBoundingClientRect();
      expect(box.right).to.be.at.most(card.right);
      expect(box.left).to.be.at.least(card.left);
      // The code beside it stays whole too.
      expect($(el, '.reference code').getClientRects().length).to.equal(1);
    });
  }
});
