import {expect, fixture, html} from '@open-wc/testing';
import {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import '../../src/product-configurator.js';
import {
  $,
  $$,
  demoToken,
  nextEvent,
  readyConfigurator,
  serviceUrl,
  mount,
  nextTask,
  recordRequests,
  until,
  idleConfigurator,
  contractEventTypes,
} from '../helpers/browser/service.js';

describe('product-configurator', () => {
  it('registers the tag once, and loading the entry again is harmless', async () => {
    await import('../../src/product-configurator.js?again' as string).catch(() => {});
    const el = await fixture(html`<product-configurator></product-configurator>`);
    expect(el).to.be.instanceOf(ProductConfiguratorElement);
    expect(customElements.get('product-configurator')).to.equal(ProductConfiguratorElement);
  });

  it('lists every contract event, attribute and slot in the custom elements manifest', async () => {
    interface Declaration {
      tagName?: string;
      events?: {name: string}[];
      attributes?: {name: string}[];
      slots?: {name: string}[];
    }
    const response = await fetch(new URL('/custom-elements.json', location.origin));
    const manifest = (await response.json()) as {modules: {declarations?: Declaration[]}[]};
    const element = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .find((d) => d.tagName === 'product-configurator');
    expect(element, 'the element in the manifest').to.not.equal(undefined);
    expect(element!.events!.map((e) => e.name)).to.include.members([...contractEventTypes]);
    expect(element!.attributes!.map((a) => a.name)).to.include.members([
      'model',
      'token-endpoint',
      'api-url',
      'lang',
      'configuration',
    ]);
    expect(element!.slots!.map((slot) => slot.name)).to.include.members(['header', 'quote-footer']);
  });

  it('does nothing without a model', async () => {
    const el = await idleConfigurator();
    expect(el.session).to.equal(null);
    expect(el.value).to.equal(null);
    // An empty lang attribute would mark the host's slotted content as "unknown language".
    expect(el.hasAttribute('lang')).to.equal(false);
    expect($$(el, '.skeleton')).to.have.length(0);
    const error = await el.select('any', true).then(
      () => null,
      (e: {code?: string}) => e,
    );
    expect(error?.code).to.equal('not_started');
  });

  it('sends no request at all until it has a model', async () => {
    const recorder = recordRequests();
    // A full buffer would record nothing new and hide a request.
    performance.setResourceTimingBufferSize(100_000);
    const resourcesBefore = performance.getEntriesByType('resource').length;
    let tokenCalls = 0;
    try {
      const bare = await fixture<ProductConfiguratorElement>(
        html`<product-configurator></product-configurator>`,
      );
      const withEndpoint = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          token-endpoint=${`${serviceUrl}/api/configurator-token`}
          lang="nl"
        ></product-configurator>`,
      );
      const withFunction = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          .fetchToken=${() => {
            tokenCalls++;
            return demoToken();
          }}
        ></product-configurator>`,
      );
      // Let anything an element might have scheduled run.
      await nextTask();
      await Promise.all([bare, withEndpoint, withFunction].map((el) => el.updateComplete));
      await nextTask();
      expect(recorder.requests).to.deep.equal([]);
      expect(tokenCalls).to.equal(0);
      expect(performance.getEntriesByType('resource').length).to.equal(resourcesBefore);
      for (const el of [bare, withEndpoint, withFunction]) {
        expect(el.session).to.equal(null);
        expect($$(el, '.skeleton, [part~="error"]')).to.have.length(0);
      }
      await expect(bare).to.be.accessible();
    } finally {
      recorder.restore();
    }
  });

  it('shows a skeleton while loading, then the configuration', async () => {
    // The token is held until the skeleton was checked: a quick service could otherwise
    // answer before the first look, and the test would see the configuration instead.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        model="Office Chair"
        api-url=${serviceUrl}
        .fetchToken=${() => held.then(demoToken)}
      ></product-configurator>`,
    );
    const readyEvent = nextEvent(el, 'configurator-ready');
    expect($(el, '.skeleton')).to.be.instanceOf(HTMLElement);
    await expect(el).to.be.accessible();
    release();
    const ready = await readyEvent;
    expect(ready.configuration.featureModel.name).to.equal('Office Chair');
    expect(el.value).to.equal(ready.configuration);
    expect($(el, '[part~="product-name"]').textContent!.trim()).to.equal('Office Chair');
    // At ready the steps are on screen; the rest of the step with the total bar, then the
    // summary column, each a frame later.
    expect($$(el, '[role="tab"]').length).to.equal(ready.configuration.featureModel.steps.length);
    await el.updateComplete;
    expect($(el, '.total-bar-value').textContent).to.equal(
      ready.configuration.totalPriceIncVATLabel,
    );
    expect($(el, '[data-price="total"]').textContent).to.equal(
      ready.configuration.totalPriceIncVATLabel,
    );
  });

  it('is accessible when ready', async () => {
    const el = await readyConfigurator();
    await expect(el).to.be.accessible();
  });

  it('copies the share link, the code beside it, so a shopper can come back', async () => {
    const el = await readyConfigurator();
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {writeText: async (text: string) => void copied.push(text)},
    });
    try {
      $(el, '[data-action="copy"]').click();
      await until(el, () => copied.length > 0, 'the copy');
      await el.updateComplete;
      const link = new URL(location.href);
      link.searchParams.set('configuration', el.value!.code);
      link.hash = '';
      expect(copied).to.deep.equal([link.href]);
      expect($(el, '.code-box .code').textContent!.trim()).to.equal(el.value!.code);
      expect($(el, '[role="status"]').textContent).to.contain('Link copied');
    } finally {
      delete (navigator as {clipboard?: unknown}).clipboard;
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
  });

  it('takes its language from the page when it has no lang of its own', async () => {
    const page = mount(
      html`<div lang="fr-BE">
        <product-configurator api-url=${serviceUrl} .fetchToken=${demoToken}></product-configurator>
      </div>`,
    );
    const el = page.querySelector('product-configurator')!;
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Office Chair';
    expect((await ready).configuration.languageIso).to.equal('fr');
    await el.updateComplete;
    expect($(el, '[part~="summary"] [data-action="quote"]').textContent!.trim()).to.equal(
      'Demander un devis',
    );
    page.remove();
  });
});
