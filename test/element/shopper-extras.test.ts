import {expect, fixture, html} from '@open-wc/testing';
import {resetMouse, sendKeys, sendMouse, setViewport} from '@web/test-runner-commands';
import {pictureSizes} from '../../src/controllers/picture-controller.js';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  $$,
  allNodes,
  demoToken,
  nextEvent,
  nodeByName,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  settled,
  until,
  valueOf,
} from '../helpers/browser/service.js';
import '../../src/product-configurator.js';

const active = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.activeElement as HTMLElement | null;

const picture = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.querySelector<HTMLImageElement>('.product-image');

/** axe's default rules, then WCAG 2.2's target size (at least 24 by 24 CSS pixels). */
async function accessible(el: ProductConfiguratorElement) {
  await expect(el).to.be.accessible();
  const axe = (window as unknown as {axe: {run: (...a: unknown[]) => Promise<AxeResults>}}).axe;
  const results = await axe.run(el, {runOnly: ['target-size'], resultTypes: ['violations']});
  const targets = results.violations.flatMap((v) => v.nodes.map((n) => n.html));
  expect(targets, 'targets smaller than 24 px').to.deep.equal([]);
}
interface AxeResults {
  violations: {nodes: {html: string}[]}[];
}

/** Opens the step holding a node (clicking its tab, as a shopper would). */
async function showNode(el: ProductConfiguratorElement, nodeId: string) {
  for (const tab of $$(el, '[role="tab"]')) {
    tab.click();
    await el.updateComplete;
    const id = CSS.escape(nodeId);
    if (el.shadowRoot!.querySelector(`[data-node="${id}"], option[value="${id}"]`)) return;
  }
  throw new Error(`no step shows ${nodeId}`);
}

describe('a picture that follows the choices', () => {
  const cases: [string, string][] = [
    ['E-Bike', 'Sand'],
    ['Office Chair', 'White'],
    ['Standing Desk', 'Walnut veneer'],
  ];
  for (const [model, colour] of cases) {
    it(`${model}: shows the configured picture, and a colour choice swaps it without a blank frame`, async () => {
      const recorder = recordRequests();
      try {
        const el = await readyConfigurator(model);
        await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
        const before = picture(el)!.src;
        // SVG through a data: URL (an opaque origin), named after the product.
        expect(before).to.match(/^data:image\/svg\+xml/);
        expect(picture(el)!.alt).to.equal(el.value!.featureModel.name);

        const seen: string[] = [];
        const observer = new MutationObserver(() =>
          seen.push(picture(el)?.getAttribute('src') ?? ''),
        );
        observer.observe(el.shadowRoot!, {subtree: true, childList: true, attributes: true});
        await el.select(nodeByName(el.value!, colour).id, true);
        await until(el, () => picture(el)!.src !== before, 'the new picture');
        observer.disconnect();
        // The old picture stayed until the new one replaced it: never an empty source.
        expect(seen.length).to.be.greaterThan(0);
        expect(seen.every((src) => src.startsWith('data:image/svg+xml'))).to.equal(true);

        const images = recorder.requests.filter((r) => /\/image(\?|$)/.test(r.url));
        expect(images.length).to.equal(2);
        const box = picture(el)!;
        const needed = Math.min(box.clientWidth, box.clientHeight) * devicePixelRatio;
        for (const request of images) {
          const url = new URL(request.url);
          // Sized in steps for the box; the token travels in a header, never in the address.
          expect(pictureSizes).to.include(Number(url.searchParams.get('size')));
          expect(Number(url.searchParams.get('size'))).to.be.at.least(needed);
          expect(request.url.toLowerCase()).not.to.contain('token');
        }
      } finally {
        recorder.restore();
      }
    });
  }

  it('E-Bike: the frame size changes the picture too; undo shows the earlier one from the cache', async () => {
    const recorder = recordRequests();
    try {
      const el = await readyConfigurator('E-Bike');
      await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
      const first = picture(el)!.src;
      // Chosen in the dropdown, as a shopper does (undo takes back the shopper's changes).
      const xl = nodeByName(el.value!, 'XL (192–205 cm)');
      await showNode(el, xl.id);
      const select = $$<HTMLSelectElement>(el, 'select').find((s) =>
        Array.from(s.options).some((o) => o.value === xl.id),
      )!;
      select.value = xl.id;
      select.dispatchEvent(new Event('change', {bubbles: true}));
      await until(el, () => picture(el)!.src !== first, 'a larger frame');
      const larger = picture(el)!.src;
      // Undo as the shopper does it, once the history offers it.
      const undo = () => $(el, '[data-action="undo"]');
      await until(el, () => undo().getAttribute('aria-disabled') === 'false', 'undo offered');
      const undone = nextEvent(el, 'configurator-change');
      undo().click();
      await undone;
      await until(el, () => picture(el)!.src === first, 'the first picture again');
      const asked = recorder.requests.filter((r) => /\/image(\?|$)/.test(r.url)).length;
      expect(asked, 'undo is served from the cache').to.equal(2);
      expect(larger).not.to.equal(first);
    } finally {
      recorder.restore();
    }
  });
});

describe('conflicts the shopper can choose', () => {
  it('Office Chair: an incompatible option stays operable with its reason, and choosing it offers the changes', async () => {
    const el = await readyConfigurator('Office Chair');
    await el.select(nodeByName(el.value!, 'Coat hanger').id, true);
    await settled(el);
    const headrest = nodeByName(el.value!, 'Headrest');
    expect(headrest.isDisabled).to.equal(true);
    await showNode(el, headrest.id);
    const input = $<HTMLInputElement>(el, `input[value="${headrest.id}"]`);
    expect(input.disabled).to.equal(false);
    expect(input.tabIndex).to.equal(0);
    expect(input.getAttribute('aria-disabled')).to.equal('true');
    const reason = el.shadowRoot!.getElementById(`${headrest.id}-reason`)!;
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(reason.id);
    expect(reason.textContent!.trim()).to.equal(headrest.disabledReason);
    await accessible(el);

    input.focus();
    const conflict = nextEvent(el, 'configurator-conflict');
    await sendKeys({press: 'Space'});
    await conflict;
    await el.updateComplete;
    const dialog = $<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    expect($(el, '.conflict-list').textContent).to.contain('Coat hanger');
    await accessible(el);

    const changed = nextEvent(el, 'configurator-change');
    $(el, '[data-action="accept"]').click();
    await changed;
    await settled(el);
    expect(valueOf(el.value!, headrest.id)).to.equal(1);
    expect(valueOf(el.value!, nodeByName(el.value!, 'Coat hanger').id)).to.equal(0);
  });

  it('Office Chair: behind the dialog the checkbox shows what the shopper has until they accept', async () => {
    const el = await readyConfigurator('Office Chair');
    await el.select(nodeByName(el.value!, 'Coat hanger').id, true);
    await settled(el);
    const headrest = nodeByName(el.value!, 'Headrest');
    await showNode(el, headrest.id);
    const input = () => $<HTMLInputElement>(el, `input[value="${headrest.id}"]`);
    const dialog = () => $<HTMLDialogElement>(el, 'dialog');

    for (const answer of ['cancel', 'accept'] as const) {
      const conflict = nextEvent(el, 'configurator-conflict');
      // A real click: the browser ticks the box before any script runs.
      input().click();
      await conflict;
      await el.updateComplete;
      expect(dialog().open).to.equal(true);
      expect(input().checked, `unticked behind the dialog (before ${answer})`).to.equal(false);
      expect(input().indeterminate).to.equal(false);
      expect(input().matches(':checked')).to.equal(false);
      const option = input().closest('.option')!;
      expect(option.classList.contains('selected')).to.equal(false);

      if (answer === 'cancel') {
        $(el, '[data-action="cancel"]').click();
        await settled(el);
        await until(el, () => !dialog().open, 'the dialog to close');
        expect(valueOf(el.value!, headrest.id)).to.equal(0);
        expect(input().checked, 'cancelled: as it was').to.equal(false);
      } else {
        const changed = nextEvent(el, 'configurator-change');
        $(el, '[data-action="accept"]').click();
        await changed;
        await settled(el);
        expect(valueOf(el.value!, headrest.id)).to.equal(1);
        expect(input().checked, 'accepted: ticked').to.equal(true);
      }
    }
  });

  it('E-Bike: an excluded size in a dropdown can be chosen and opens the conflict dialog', async () => {
    const el = await readyConfigurator('E-Bike');
    await el.select(nodeByName(el.value!, 'Low step').id, true);
    await settled(el);
    const xl = nodeByName(el.value!, 'XL (192–205 cm)');
    expect(xl.isDisabled).to.equal(true);
    await showNode(el, xl.id);
    const select = $$<HTMLSelectElement>(el, 'select').find((s) =>
      Array.from(s.options).some((o) => o.value === xl.id),
    )!;
    const option = Array.from(select.options).find((o) => o.value === xl.id)!;
    expect(option.disabled).to.equal(false);
    expect(option.textContent).to.contain(xl.disabledReason!);
    const conflict = nextEvent(el, 'configurator-conflict');
    select.value = xl.id;
    select.dispatchEvent(new Event('change', {bubbles: true}));
    await conflict;
    await el.updateComplete;
    expect($<HTMLDialogElement>(el, 'dialog').open).to.equal(true);
    $(el, '[data-action="cancel"]').click();
    await settled(el);
    // Cancelled: the confirmed size shows again.
    expect(select.value).not.to.equal(xl.id);
  });

  it('Standing Desk: a typed width outside the range gets an inline message, is not sent, and stays', async () => {
    const recorder = recordRequests();
    try {
      const el = await readyConfigurator('Standing Desk', {lang: 'de'});
      const width = nodeByName(el.value!, 'Breite');
      await showNode(el, width.id);
      const input = $<HTMLInputElement>(el, `#${CSS.escape(width.id)}-input`);
      const puts = () => recorder.requests.filter((r) => r.method === 'PUT').length;
      const sent = puts();
      input.focus();
      input.value = '300';
      input.dispatchEvent(new Event('input', {bubbles: true}));
      input.dispatchEvent(new Event('change', {bubbles: true}));
      await el.updateComplete;
      const note = el.shadowRoot!.getElementById(`${width.id}-range`)!;
      expect(note.textContent).to.contain('Außerhalb des Bereichs');
      expect(note.textContent).to.contain('110').and.to.contain('210');
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(note.id);
      expect(el.shadowRoot!.querySelector('dialog[open]')).to.equal(null);
      await accessible(el);
      // Another change elsewhere renders the element again: the typed number stays.
      await el.select(nodeByName(el.value!, 'Nussbaumfurnier').id, true);
      await settled(el);
      expect(input.value).to.equal('300');
      expect(puts()).to.equal(sent + 1);

      input.value = '180';
      input.dispatchEvent(new Event('input', {bubbles: true}));
      input.dispatchEvent(new Event('change', {bubbles: true}));
      expect(note.textContent).to.equal('');
      expect(input.getAttribute('aria-invalid')).to.equal('false');
      input.blur();
      await until(el, () => valueOf(el.value!, width.id) === 180, 'the width applied');
    } finally {
      recorder.restore();
    }
  });
});

describe('languages that exist', () => {
  it('Office Chair offers its four languages; choosing one switches texts and numbers', async () => {
    const el = await readyConfigurator('Office Chair');
    expect(el.value!.languages).to.deep.equal(['en', 'nl', 'de', 'fr']);
    const select = $<HTMLSelectElement>(el, '.language-select');
    expect(Array.from(select.options).map((o) => o.value)).to.deep.equal(['en', 'nl', 'de', 'fr']);
    expect(select.value).to.equal('en');
    const changed = nextEvent(el, 'configurator-language-change');
    select.value = 'fr';
    select.dispatchEvent(new Event('change', {bubbles: true}));
    const e = await changed;
    await el.updateComplete;
    expect(e.detail.lang).to.equal('fr');
    expect(el.value!.languageIso).to.equal('fr');
    expect($(el, '[part~="base"]').getAttribute('lang')).to.equal('fr');
    expect($(el, '[part~="summary"] [data-action="quote"]').textContent!.trim()).to.equal(
      'Demander un devis',
    );
  });

  for (const model of ['E-Bike', 'Standing Desk']) {
    it(`${model} offers en, nl and de; asked for French it shows English throughout`, async () => {
      const el = await readyConfigurator(model, {lang: 'fr'});
      expect(el.value!.languages).to.deep.equal(['en', 'nl', 'de']);
      expect(el.value!.languageIso).to.equal('en');
      await until(el, () => !!el.shadowRoot!.querySelector('.language-select'), 'the choice');
      const select = $<HTMLSelectElement>(el, '.language-select');
      expect(Array.from(select.options).map((o) => o.value)).to.deep.equal(['en', 'nl', 'de']);
      expect(select.value).to.equal('en');
      // The widget's own texts follow the model's: English, not French beside English names.
      expect($(el, '[part~="base"]').getAttribute('lang')).to.equal('en');
      expect($(el, '[part~="summary"] [data-action="quote"]').textContent!.trim()).to.equal(
        'Request a quote',
      );
      await accessible(el);
    });
  }

  it('the models list names each model\u2019s languages', async () => {
    const token = await demoToken();
    const response = await fetch(`${serviceUrl}/configurator/3/configurator/configurationmodels`, {
      headers: {Authorization: `Bearer ${token.accessToken}`},
    });
    expect(response.status).to.equal(200);
    const models = (await response.json()) as {name: string; languages: string[]}[];
    const byName = Object.fromEntries(models.map((m) => [m.name, m.languages]));
    expect(byName['Office Chair']).to.deep.equal(['en', 'nl', 'de', 'fr']);
    expect(byName['E-Bike']).to.deep.equal(['en', 'nl', 'de']);
    expect(byName['Standing Desk']).to.deep.equal(['en', 'nl', 'de']);
  });
});

describe('the total bar on a phone', () => {
  afterEach(() => setViewport({width: 800, height: 600}));

  it('says incl. or excl. VAT and never covers the focused control', async () => {
    await setViewport({width: 390, height: 844});
    const el = await readyConfigurator('E-Bike', {lang: 'nl'});
    const bar = $(el, '[part~="total-bar"]');
    expect(bar.textContent).to.contain('incl. btw');
    $<HTMLInputElement>(el, '.switch input').click();
    await el.updateComplete;
    expect(bar.textContent).to.contain('excl. btw');

    // Scroll so that an option sits under the bar, then move focus onto it with the keyboard.
    const inputs = $$<HTMLInputElement>(el, '[role="tabpanel"] input');
    const target = inputs[inputs.length - 1]!;
    const previous = inputs[inputs.length - 2]!;
    // Groups further down render as they near the viewport and may change the page's height, so
    // the scroll is repeated until the layout holds still with the option under the bar.
    await until(
      el,
      () => {
        window.scrollBy(
          0,
          target.getBoundingClientRect().top - bar.getBoundingClientRect().top - 4,
        );
        return target.getBoundingClientRect().bottom > bar.getBoundingClientRect().top;
      },
      'an option under the bar',
    );
    previous.focus({preventScroll: true});
    await sendKeys({press: 'Tab'});
    if (active(el) !== target) target.focus();
    await until(
      el,
      () => target.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top,
      'the focused control clear of the bar',
    );
    await accessible(el);
  });

  it('lets a click on a button the bar half covers go through', async () => {
    await setViewport({width: 390, height: 844});
    const el = await readyConfigurator('Office Chair');
    // The host page goes on below the widget, so the page can scroll the button under the bar.
    const rest = document.createElement('div');
    rest.style.height = '2000px';
    el.after(rest);
    // The configured picture changes the layout when it comes: measure after it.
    await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
    const bar = $(el, '[part~="total-bar"]');
    const next = $<HTMLButtonElement>(el, '[data-action="next"]');
    const step = () => $(el, '[role="tab"][aria-selected="true"]').textContent;
    const first = step();
    // The button's top 15 px show above the bar; the rest is under it.
    window.scrollBy(0, next.getBoundingClientRect().top - (bar.getBoundingClientRect().top - 15));
    const box = next.getBoundingClientRect();
    const barTop = bar.getBoundingClientRect().top;
    expect(box.top < barTop && box.bottom > barTop, 'the button half under the bar').to.equal(true);
    // A real press and release where the shopper sees the button (the mouse moves there first).
    await sendMouse({
      type: 'move',
      position: [Math.round(box.x + box.width / 2), Math.round(box.top + 6)],
    });
    await sendMouse({type: 'down'});
    await sendMouse({type: 'up'});
    await until(el, () => step() !== first, 'the next step');
    await resetMouse();
    rest.remove();
  });
});

describe('the configured picture on a phone', () => {
  afterEach(() => setViewport({width: 800, height: 600}));

  it('stays in view beside the total while the shopper chooses, and follows the choices', async () => {
    await setViewport({width: 390, height: 844});
    const el = await readyConfigurator('E-Bike');
    await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
    const bar = $(el, '[part~="total-bar"]');
    const compact = () => bar.querySelector<HTMLImageElement>('img');
    await until(
      el,
      () => compact()?.getAttribute('src') === picture(el)!.getAttribute('src'),
      'the picture in the bar',
    );
    // The summary, with the large picture, is below the steps on a phone.
    const panel = $(el, '[role="tabpanel"]');
    expect(picture(el)!.getBoundingClientRect().top).to.be.greaterThan(
      panel.getBoundingClientRect().bottom,
    );

    const inView = (box: DOMRect) => box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
    // Through the step as the shopper scrolls it: each option in turn, the picture with it.
    const options = $$(el, '[role="tabpanel"] .option');
    expect(options.length).to.be.greaterThan(3);
    for (const option of options) {
      option.scrollIntoView({block: 'center'});
      const thumb = compact()!.getBoundingClientRect();
      expect(inView(thumb), 'the picture in the viewport').to.equal(true);
      expect(inView(option.getBoundingClientRect())).to.equal(true);
      // Inside the bar: it covers nothing the bar does not, and the bar stays small.
      const barBox = bar.getBoundingClientRect();
      expect(thumb.top).to.be.at.least(barBox.top);
      expect(thumb.bottom).to.be.at.most(barBox.bottom);
      expect(thumb.width).to.be.at.least(48);
      expect(barBox.height).to.be.below(innerHeight * 0.15);
    }
    // Decorative beside the summary's named picture; not in the Tab order.
    expect(compact()!.alt).to.equal('');
    expect(compact()!.tabIndex).to.equal(-1);

    const before = compact()!.getAttribute('src');
    await el.select(nodeByName(el.value!, 'Sand').id, true);
    await until(el, () => compact()!.getAttribute('src') !== before, 'the new picture in the bar');
    expect(compact()!.getAttribute('src')).to.equal(picture(el)!.getAttribute('src'));
    await accessible(el);
  });

  it('is left to the summary beside the steps on a wide layout', async () => {
    await setViewport({width: 1280, height: 900});
    const el = await readyConfigurator('E-Bike');
    await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
    const bar = $(el, '[part~="total-bar"]');
    expect(bar.getClientRects().length).to.equal(0);
    const box = picture(el)!.getBoundingClientRect();
    expect(box.bottom > 0 && box.top < innerHeight && box.height > 0).to.equal(true);
  });
});

describe('accessible in every state', () => {
  it('loading, each step, review, form with errors and thank-you (Standing Desk, German)', async () => {
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        lang="de"
        .fetchToken=${demoToken}
      ></product-configurator>`,
    );
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Standing Desk';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.skeleton')).not.to.equal(null);
    await accessible(el);
    await ready;
    // What the desk needs before a quote, answered through the public API.
    for (const id of el.value!.unansweredMandatories) {
      const node = allNodes(el.value!).find((n) => n.id === id)!;
      const option = node.features.find((f) => !f.isDisabled) ?? node;
      await el.select(option.id, true);
    }
    await settled(el);
    for (const tab of $$(el, '[role="tab"]')) {
      tab.click();
      await el.updateComplete;
      await accessible(el);
    }
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await until(el, () => !!el.shadowRoot!.querySelector('.review'), 'review');
    await accessible(el);
    $(el, '[data-action="continue"]').click();
    await until(el, () => !!el.shadowRoot!.querySelector('form[part~="form"]'), 'the form');
    $(el, '[data-action="submit"]').click();
    await until(el, () => $$(el, '.field-error').length > 0, 'errors');
    await accessible(el);
    const form = $<HTMLFormElement>(el, 'form');
    for (const [name, value] of [
      ['firstName', 'Ada'],
      ['lastName', 'Lovelace'],
      ['email', 'ada@example.com'],
    ]) {
      const field = form.elements.namedItem(name) as HTMLInputElement;
      field.value = value;
      field.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
    }
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    await requested;
    await el.updateComplete;
    expect($(el, '.quotation-number').textContent!.trim()).to.match(/^Q-\d+/);
    await accessible(el);
  });

  it('the error banner (E-Bike, Dutch)', async () => {
    const recorder = recordRequests();
    try {
      const el = await readyConfigurator('E-Bike', {lang: 'nl'});
      recorder.fail((url) => !url.includes('/image'));
      await el.select(nodeByName(el.value!, 'Zand').id, true).catch(() => {});
      await until(el, () => !!el.shadowRoot!.querySelector('.notice.banner'), 'banner');
      await accessible(el);
      recorder.heal();
    } finally {
      recorder.restore();
    }
  });
});
