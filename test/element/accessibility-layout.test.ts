// The layout's part of WCAG 2.2 AA, measured in Chromium against the real service: focus never
// under the sticky total bar (2.4.11) through a whole journey by keyboard, reflow at 320 CSS px
// (1.4.10), text at 200% (1.4.4), text spacing (1.4.12), and a layout that follows the width of
// the element's container rather than the viewport's, from 280 to 1,400 px.
import {expect, html} from '@open-wc/testing';
import {sendKeys, setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  axeViolations,
  clippedText,
  horizontalOverflow,
  smallTargets,
} from '../helpers/browser/accessibility.js';
import {
  $,
  $$,
  demoToken,
  mount,
  nextEvent,
  readyConfigurator,
  serviceUrl,
  settled,
  until,
} from '../helpers/browser/service.js';

const active = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.activeElement as HTMLElement | null;

const visible = (e: Element | null) => !!e && e.getClientRects().length > 0;

afterEach(async () => {
  document.documentElement.style.fontSize = '';
  await setViewport({width: 800, height: 600});
});

/** Renders the element on the page between two buttons, and waits for its configuration. */
async function onPage(model: string, width = '') {
  const page = mount(
    html`<button id="before">before</button>
      <div style=${width ? `width: ${width}` : ''}>
        <product-configurator
          api-url=${serviceUrl}
          lang="en"
          .fetchToken=${demoToken}
        ></product-configurator>
      </div>
      <button id="after">after</button>`,
  );
  const el = page.querySelector<ProductConfiguratorElement>('product-configurator')!;
  const ready = nextEvent(el, 'configurator-ready');
  el.model = model;
  await ready;
  await el.updateComplete;
  return {page, el};
}

describe('focus not obscured (2.4.11)', () => {
  it('on a phone, no control reached by Tab through every step is under the total bar', async function () {
    this.timeout(180_000);
    await setViewport({width: 390, height: 700});
    const {page, el} = await onPage('Office Chair');
    try {
      const bar = $(el, '.total-bar');
      expect(visible(bar), 'the phone layout keeps the total in view').to.equal(true);
      // The configure view's later chunk (which keeps focus clear of the bar) has arrived once
      // the bar shows the product's picture (an img; until then an empty box of its size).
      await until(el, () => !!bar.querySelector('img.bar-picture'), 'the later chunk');
      page.querySelector<HTMLButtonElement>('#before')!.focus();
      const stops: string[] = [];
      let steps = 1;
      for (let i = 0; i < 400; i++) {
        await sendKeys({press: 'Tab'});
        const focused = active(el);
        if (!focused) break; // past the element
        const box = focused.getBoundingClientRect();
        const barBox = bar.getBoundingClientRect();
        const name = `${focused.localName}${focused.id ? `#${focused.id}` : ''}[${focused.getAttribute('type') ?? ''}] "${(focused.textContent ?? '').trim().slice(0, 24)}" ${box.top.toFixed(0)}..${box.bottom.toFixed(0)} bar ${barBox.top.toFixed(0)}`;
        stops.push(name);
        if (!bar.contains(focused)) {
          const under = box.bottom > barBox.top + 0.5 && box.top < barBox.bottom - 0.5;
          expect(under, `${name} under the bar`).to.equal(false);
        }
        expect(box.top >= -0.5 && box.bottom <= innerHeight + 0.5, `${name} on screen`).to.equal(
          true,
        );
        // On to the next step with its own button, as a keyboard user would.
        if (focused.dataset.action === 'next') {
          await sendKeys({press: 'Enter'});
          await settled(el);
          steps += 1;
        }
      }
      expect(
        steps,
        `steps walked through: ${stops.map((x) => x.split(' ')[0]!.slice(0, 30) + x.split(`"`)[1]!.slice(0, 12)).join(', ')}`,
      ).to.equal($$(el, '[role="tab"]').length);
      expect(stops.length, 'tab stops checked').to.be.above(20);
      expect(stops.some((s) => s.includes('Request a quote'))).to.equal(true);
    } finally {
      page.remove();
    }
  });
});

/** Walks the steps, the review and the quote form, calling `check` on each. */
async function everyScreen(el: ProductConfiguratorElement, check: (where: string) => void) {
  for (const tab of $$(el, '[role="tab"]')) {
    tab.click();
    await settled(el);
    check(tab.textContent!.trim());
  }
  $(el, '[part~="summary"] [data-action="quote"]').click();
  await until(el, () => !!el.shadowRoot!.querySelector('.review'), 'the review');
  check('review');
  $(el, '[data-action="continue"]').click();
  await until(el, () => !!el.shadowRoot!.querySelector('form[part~="form"]'), 'the form');
  check('quote form');
}

describe('reflow (1.4.10) and text at 200% (1.4.4)', () => {
  it('at 320 CSS px nothing scrolls sideways and no text is cut off', async function () {
    this.timeout(90_000);
    await setViewport({width: 320, height: 640});
    const el = await readyConfigurator();
    await everyScreen(el, (where) => {
      expect(horizontalOverflow(el), `overflow at 320 px, ${where}`).to.deep.equal([]);
      expect(clippedText(el), `clipped at 320 px, ${where}`).to.deep.equal([]);
    });
  });

  for (const width of [1280, 390]) {
    it(`with text at 200% in a ${width} px window, nothing scrolls sideways or is cut off`, async function () {
      this.timeout(90_000);
      await setViewport({width, height: 900});
      // The browser's text size: the root font size, which the element's rem units follow.
      document.documentElement.style.fontSize = '200%';
      const el = await readyConfigurator();
      expect(parseFloat(getComputedStyle(el).fontSize)).to.equal(32);
      await everyScreen(el, (where) => {
        expect(horizontalOverflow(el), `overflow, ${where}`).to.deep.equal([]);
        expect(clippedText(el), `clipped, ${where}`).to.deep.equal([]);
      });
    });
  }
});

describe('text spacing (1.4.12)', () => {
  for (const width of [1280, 390]) {
    it(`loses nothing at ${width} px with the criterion's spacing applied to every text`, async function () {
      this.timeout(90_000);
      await setViewport({width, height: 900});
      const el = await readyConfigurator();
      // The criterion's values, as a reader's style sheet would set them.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`
        * { line-height: 1.5 !important; letter-spacing: 0.12em !important;
            word-spacing: 0.16em !important; }
        p { margin-block-end: 2em !important; }`);
      el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, sheet];
      await everyScreen(el, (where) => {
        expect(horizontalOverflow(el), `overflow, ${where}`).to.deep.equal([]);
        expect(clippedText(el), `clipped, ${where}`).to.deep.equal([]);
      });
    });
  }
});

describe('the layout follows its container, not the viewport', () => {
  for (const width of [280, 400, 700, 1400]) {
    it(`in a ${width} px container on a 1,440 px desktop`, async () => {
      await setViewport({width: 1440, height: 900});
      const {page, el} = await onPage('Office Chair', `${width}px`);
      try {
        expect(el.getBoundingClientRect().width).to.equal(width);
        const main = $(el, '.main').getBoundingClientRect();
        const side = $(el, '[part~="summary"]').getBoundingClientRect();
        const twoColumns = side.left >= main.right - 1;
        expect(twoColumns, 'summary beside the steps').to.equal(width >= 760);
        expect(visible($(el, '.total-bar')), 'the total kept in view').to.equal(width < 760);
        // Under 560 px only the current step's tab says its title.
        const titles = $$(el, '[role="tab"] .tab-title').filter(
          (t) => t.getBoundingClientRect().width > 1,
        );
        expect(titles.length === 1, 'compact tabs').to.equal(width < 560);
        expect(horizontalOverflow(el), `overflow at ${width}`).to.deep.equal([]);
        expect(clippedText(el), `clipped at ${width}`).to.deep.equal([]);
        expect(smallTargets(el.shadowRoot!), `targets at ${width}`).to.deep.equal([]);
        expect(await axeViolations(el), `axe at ${width}`).to.deep.equal([]);
      } finally {
        page.remove();
      }
    });
  }
});
