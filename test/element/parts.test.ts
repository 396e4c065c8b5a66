import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  $$,
  nextEvent,
  nodeByName,
  openStep,
  optionInput,
  readyConfigurator,
  recordRequests,
  settled,
  until,
} from '../helpers/browser/service.js';

/** The parts the manifest (from the element's `@csspart` list) promises to host pages. */
async function declaredParts(): Promise<string[]> {
  const response = await fetch(new URL('/custom-elements.json', location.origin));
  const manifest = (await response.json()) as {
    modules: {declarations?: {tagName?: string; cssParts?: {name: string}[]}[]}[];
  };
  const element = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .find((d) => d.tagName === 'product-configurator');
  return (element?.cssParts ?? []).map((p) => p.name);
}

/** Every part name on the element's shadow DOM right now. */
function partsShown(el: ProductConfiguratorElement): string[] {
  return $$(el, '[part]').flatMap((node) => [...node.part]);
}

describe('CSS parts', () => {
  it('renders only the parts the manifest declares, and every one of them on some screen', async () => {
    const declared = await declaredParts();
    // A deliberate, small set: each one is a promise to every host page.
    expect(declared.length).to.be.within(10, 24);
    const seen = new Map<string, string>();
    const collect = (el: ProductConfiguratorElement, screen: string) => {
      for (const part of partsShown(el)) if (!seen.has(part)) seen.set(part, screen);
    };

    const el = await readyConfigurator();
    collect(el, 'steps');

    // Undo and start over, with its question.
    $(el, '[data-action="start-over"]').click();
    await el.updateComplete;
    collect(el, 'start over');
    $(el, '[data-action="start-over-cancel"]').click();
    await el.updateComplete;

    // The conflict dialog: a headrest needs the high back the shopper turned down.
    await openStep(el, 'Seat & back');
    optionInput(el, 'High back').click();
    await settled(el);
    optionInput(el, 'Standard back').click();
    await settled(el);
    await openStep(el, 'Comfort');
    const conflict = nextEvent(el, 'configurator-conflict');
    optionInput(el, 'Headrest').click();
    await conflict;
    await el.updateComplete;
    collect(el, 'conflict dialog');
    $(el, '[data-action="cancel"]').click();
    await settled(el);
    await until(el, () => !$<HTMLDialogElement>(el, 'dialog').open, 'the dialog to close');

    // The review, the quote form, a failed request (its error notice), then the thank-you.
    await el.select(nodeByName(el.value!, '5 years').id, true);
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    collect(el, 'review');
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    const form = $<HTMLFormElement>(el, 'form');
    for (const [name, value] of Object.entries({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    })) {
      (form.elements.namedItem(name) as HTMLInputElement).value = value;
    }
    collect(el, 'quote form');
    const recorder = recordRequests();
    try {
      recorder.fail((url) => url.endsWith('/requestquote'));
      const failed = nextEvent(el, 'configurator-error');
      $(el, '[data-action="submit"]').click();
      await failed;
      await until(el, () => !!el.shadowRoot!.querySelector('#quote-form-error'), 'form error');
      collect(el, 'quote form error');
      recorder.heal();
      const requested = nextEvent(el, 'configurator-quote-requested');
      $(el, '[data-action="submit"]').click();
      await requested;
      await el.updateComplete;
      collect(el, 'thank-you');
    } finally {
      recorder.restore();
    }

    const undeclared = [...seen].filter(([part]) => !declared.includes(part));
    expect(undeclared, 'parts rendered but not declared (screen where seen)').to.deep.equal([]);
    const neverShown = declared.filter((part) => !seen.has(part));
    expect(neverShown, 'parts declared but rendered on no screen').to.deep.equal([]);
  });
});
