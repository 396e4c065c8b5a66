// What the shopper's own settings ask of the widget, in Chromium against the real service:
// reduced motion, forced colours (Windows high contrast), a right-to-left page, non-text
// contrast (1.4.11) with the default theme and the demo pages' themes, status messages
// announced once, and a second quote that does not ask again for known details (3.3.7).
import {expect, html} from '@open-wc/testing';
import {emulateMedia, executeServerCommand, sendKeys, setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {contrast} from '../helpers/browser/accessibility.js';
import {
  $,
  $$,
  demoToken,
  mount,
  nextEvent,
  nodeByName,
  readyConfigurator,
  serviceUrl,
  settled,
  until,
} from '../helpers/browser/service.js';

const shiftTab = async () => {
  await sendKeys({down: 'Shift'});
  await sendKeys({press: 'Tab'});
  await sendKeys({up: 'Shift'});
};

/** Resolves once the element's transitions have ended (colours read then are the final ones). */
const settledStyle = (e: Element) =>
  Promise.all(e.getAnimations({subtree: true}).map((a) => a.finished));

/**
 * Resolves once the configure view's later chunk, which brings the styles for the shopper's
 * settings, has arrived: amounts then take their own direction.
 */
const laterStyles = (el: ProductConfiguratorElement) =>
  until(
    el,
    () => getComputedStyle($(el, '[data-price="total"]')).unicodeBidi === 'plaintext',
    "the styles for the shopper's settings",
  );

/** Renders the element inside a wrapper (a direction, a theme), and waits for it. */
async function wrapped(attributes: {dir?: string; lang?: string; style?: string; widget?: string}) {
  const page = mount(
    html`<div
      dir=${attributes.dir ?? 'ltr'}
      lang=${attributes.lang ?? 'en'}
      style=${attributes.style ?? ''}
    >
      <product-configurator
        api-url=${serviceUrl}
        lang=${attributes.widget ?? 'en'}
        .fetchToken=${demoToken}
      ></product-configurator>
    </div>`,
  );
  const el = page.querySelector<ProductConfiguratorElement>('product-configurator')!;
  const ready = nextEvent(el, 'configurator-ready');
  el.model = 'Office Chair';
  await ready;
  await el.updateComplete;
  await laterStyles(el);
  return {page, el};
}

describe('reduced motion', () => {
  afterEach(() => emulateMedia({reducedMotion: 'no-preference'}));

  it('stops transitions and animations when the shopper asks for less motion', async () => {
    const el = await readyConfigurator();
    await laterStyles(el);
    const option = $(el, '[part~="option"]');
    expect(getComputedStyle(option).transitionDuration, 'moves by default').not.to.equal('0s');
    await emulateMedia({reducedMotion: 'reduce'});
    for (const e of [option, $(el, '.switch-track'), $(el, '.button')]) {
      const style = getComputedStyle(e);
      expect(style.transitionDuration.split(', ').every((d) => d === '0s')).to.equal(true);
    }
    expect(getComputedStyle($(el, '.progress'), '::after').animationName).to.equal('none');
  });
});

describe('forced colours (Windows high contrast)', () => {
  const forced = (active: boolean) => executeServerCommand('emulate-forced-colors', {active});
  afterEach(() => forced(false));

  it('keeps the selected option, the current step, the switch and focus visible', async function () {
    this.timeout(60_000);
    const el = await readyConfigurator();
    await laterStyles(el);
    await forced(true);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const options = $$(el, '.choice.chips [part~="option"], .choice.radio [part~="option"]');
    const selected = options.find((o) => o.classList.contains('selected'))!;
    const other = options.find((o) => !o.classList.contains('selected'))!;
    // Backgrounds and shadows are gone: the selected option has an outline the others lack.
    expect(getComputedStyle(selected).outlineStyle).to.equal('solid');
    expect(getComputedStyle(other).outlineStyle).to.equal('none');
    const tab = $(el, '[role="tab"][aria-selected="true"]');
    expect(getComputedStyle(tab).borderBottomWidth).to.equal('3px');
    // The switch draws its own track in system colours, on and off alike.
    const track = $(el, '.switch-track');
    await settledStyle(track);
    const on = getComputedStyle(track).backgroundColor;
    $<HTMLInputElement>(el, '.switch input').click();
    await el.updateComplete;
    await settledStyle(track);
    expect(getComputedStyle(track).backgroundColor).not.to.equal(on);
    // Focus: an outline, which forced colours keep (a box shadow they drop).
    $<HTMLInputElement>(el, '.switch input').focus();
    await shiftTab();
    const focused = el.shadowRoot!.activeElement!;
    expect(getComputedStyle(focused).outlineStyle, focused.localName).to.equal('solid');
  });
});

describe('right to left', () => {
  afterEach(() => setViewport({width: 800, height: 600}));

  it('mirrors in a right-to-left page, with amounts still read left to right', async () => {
    await setViewport({width: 1280, height: 900});
    // Dutch amounts put a space after the euro sign, which a right-to-left line would move.
    const {page, el} = await wrapped({dir: 'rtl', lang: 'ar', widget: 'nl'});
    try {
      expect(getComputedStyle($(el, '.layout')).direction).to.equal('rtl');
      // Steps run from the right; the summary stands on the left.
      const [first, second] = $$(el, '[role="tab"]').map((t) => t.getBoundingClientRect());
      expect(first!.left).to.be.above(second!.left);
      const main = $(el, '.main').getBoundingClientRect();
      const side = $(el, '[part~="summary"]').getBoundingClientRect();
      expect(side.right).to.be.at.most(main.left + 1);
      // A radio sits at the start of its line: the right.
      const label = $(el, '.choice:not(.cards) .option-label');
      expect(label.querySelector('input')!.getBoundingClientRect().left).to.be.above(
        label.querySelector('.option-name')!.getBoundingClientRect().right,
      );
      // '€ 1.234,00' keeps the sign before the figures.
      const total = $(el, '[data-price="total"]');
      const walker = document.createTreeWalker(total, NodeFilter.SHOW_TEXT);
      let text = walker.nextNode() as Text;
      while (text && !text.data.includes('€')) text = walker.nextNode() as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      const sign = text.data.indexOf('€');
      const digit = text.data.search(/\d/);
      expect(sign, text.data).to.be.at.least(0);
      expect(at(sign), text.data).to.be.below(at(digit));
    } finally {
      page.remove();
    }
  });
});

describe('non-text contrast (1.4.11)', () => {
  // The default theme, and the demo pages' own: the dark themed page and the CMS page's.
  const themes: Record<string, string> = {
    default: '',
    'themed page (dark)': `--configurator-accent: #e0b84f; --configurator-accent-contrast: #15120a;
      --configurator-text: #f1ede4; --configurator-muted: #a39f96; --configurator-surface: #171a20;
      --configurator-background: #1f232a; --configurator-border: #343943;`,
    'CMS page': '--configurator-accent: #0f766e; --configurator-background: #f1f5f4;',
  };
  for (const [name, style] of Object.entries(themes)) {
    it(`fields, the switch, the selected option and focus rings stand out by 3:1: ${name}`, async () => {
      const {page, el} = await wrapped({style});
      try {
        const surface = getComputedStyle($(el, '.card.configure')).backgroundColor;
        const select = $(el, 'select');
        const figures: Record<string, number> = {
          'field edge': contrast(getComputedStyle(select).borderTopColor, surface),
          'switch track (off)': contrast(
            getComputedStyle($(el, '.switch-track')).backgroundColor,
            surface,
          ),
          'selected option edge': contrast(
            getComputedStyle($(el, '.option.selected')).borderTopColor,
            surface,
          ),
        };
        select.focus();
        await shiftTab();
        await sendKeys({press: 'Tab'});
        figures['focus ring'] = contrast(getComputedStyle(select).outlineColor, surface);
        for (const [what, ratio] of Object.entries(figures)) {
          expect(ratio, `${what}: ${ratio.toFixed(2)}:1`).to.be.at.least(3);
        }
      } finally {
        page.remove();
      }
    });
  }
});

describe('status messages', () => {
  it('says a new total once, politely, and nothing for a re-render or the VAT switch', async () => {
    const el = await readyConfigurator();
    const regions = $$(el, '[aria-live], [role="status"], [role="alert"], [role="log"]');
    const heard: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const region = regions.find((x) => x.contains(r.target));
        const text = region?.textContent?.trim();
        if (region && text)
          heard.push(`${region.getAttribute('aria-live') ?? region.getAttribute('role')}: ${text}`);
      }
    });
    for (const region of regions) {
      observer.observe(region, {childList: true, subtree: true, characterData: true});
    }
    try {
      const before = el.value!.totalPriceIncVATLabel;
      const change = nextEvent(el, 'configurator-change');
      // An option with a price of its own: choosing it changes the total.
      const priced = $$(el, '[part~="panel"] .option:not(.selected):not(.disabled)').find(
        (o) => o.querySelector('.price') && !o.closest('.cards'),
      )!;
      priced.querySelector('input')!.click();
      await change;
      await settled(el);
      const after = el.value!.totalPriceIncVATLabel;
      expect(after).not.to.equal(before);
      el.requestUpdate();
      await el.updateComplete;
      $<HTMLInputElement>(el, '.switch input').click();
      await el.updateComplete;
      await new Promise((resolve) => setTimeout(resolve));
      const distinct = [...new Set(heard)];
      expect(distinct).to.have.length(1);
      expect(distinct[0]).to.match(/^polite: /);
      expect(distinct[0]).to.contain(after);
    } finally {
      observer.disconnect();
    }
  });
});

describe('redundant entry (3.3.7)', () => {
  it('a second quote in the same visit starts with the details given for the first', async function () {
    this.timeout(60_000);
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, '5 years').id, true);
    await settled(el);
    const openForm = async () => {
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await until(el, () => !!el.shadowRoot!.querySelector('.review'), 'the review');
      $(el, '[data-action="continue"]').click();
      await until(el, () => !!el.shadowRoot!.querySelector('form[part~="form"]'), 'the form');
    };
    await openForm();
    const details = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      city: 'London',
    };
    for (const [name, value] of Object.entries(details)) {
      const input = $<HTMLInputElement>(el, `form [name="${name}"]`);
      input.value = value;
      input.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
    }
    const remarks = $<HTMLTextAreaElement>(el, 'form [name="remarks"]');
    remarks.value = 'Deliver after 5 pm';
    remarks.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    await requested;
    await until(el, () => !!el.shadowRoot!.querySelector('[data-action="restart"]'), 'thank-you');
    $(el, '[data-action="restart"]').click();
    await until(el, () => !!el.shadowRoot!.querySelector('[role="tab"]'), 'the steps');
    await settled(el);
    await el.select(nodeByName(el.value!, '5 years').id, true);
    await settled(el);
    await openForm();
    for (const [name, value] of Object.entries(details)) {
      expect($<HTMLInputElement>(el, `form [name="${name}"]`).value, name).to.equal(value);
    }
    // What belonged to the first request does not carry over.
    expect($<HTMLTextAreaElement>(el, 'form [name="remarks"]').value).to.equal('');
  });
});
