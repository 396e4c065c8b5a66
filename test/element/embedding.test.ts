import {expect, fixture, html} from '@open-wc/testing';
import {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {stringsFor} from '../../src/i18n/strings-for.js';
import {
  $,
  demoToken,
  nextEvent,
  readyConfigurator,
  recordRequests,
  serviceUrl,
} from '../helpers/browser/service.js';

/** Collects console.warn lines while `run` goes on. */
async function warnings<T>(run: () => Promise<T>): Promise<{result: T; lines: string[]}> {
  const original = console.warn;
  const lines: string[] = [];
  console.warn = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    return {result: await run(), lines};
  } finally {
    console.warn = original;
  }
}

describe('an element that cannot start', () => {
  it('reports no_token_source, shows it, and starts once a token source arrives', async () => {
    const {result: el, lines} = await warnings(async () => {
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator api-url=${serviceUrl} lang="de"></product-configurator>`,
      );
      const error = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      const e = await error;
      expect(e).to.be.instanceOf(CustomEvent);
      expect(e.detail).to.include({code: 'no_token_source', retryable: false, status: null});
      expect(e.code).to.equal('no_token_source');
      return el;
    });
    expect(lines.filter((l) => l.includes('no_token_source'))).to.have.length(1);
    expect(lines[0]).to.contain('token-endpoint');
    const notice = $(el, '[part~="error"].blocking');
    expect(notice.textContent).to.contain(stringsFor('de').errors.no_token_source);
    expect(el.shadowRoot!.querySelector('[data-action="retry"]')).to.equal(null);
    await expect(el).to.be.accessible();

    // The host sets the token source later: the element starts, and the message goes.
    const ready = nextEvent(el, 'configurator-ready');
    el.fetchToken = demoToken;
    await ready;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="error"]')).to.equal(null);
  });

  it('says that fetchToken is a property when it was given as an attribute', async () => {
    const {lines} = await warnings(async () => {
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          fetch-token="() => fetch('/token')"
        ></product-configurator>`,
      );
      const error = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      expect((await error).detail.code).to.equal('no_token_source');
    });
    expect(lines.join('\n')).to.match(/fetchToken must be set as a property/);
  });

  for (const apiUrl of [
    'localhost:8787',
    'javascript:alert(1)',
    'not a url',
    'ftp://files.example',
  ]) {
    it(`reports invalid_api_url for "${apiUrl}" and sends nothing`, async () => {
      const requests = recordRequests();
      try {
        const {result: e} = await warnings(async () => {
          const el = await fixture<ProductConfiguratorElement>(
            html`<product-configurator
              api-url=${apiUrl}
              .fetchToken=${demoToken}
            ></product-configurator>`,
          );
          const error = nextEvent(el, 'configurator-error');
          el.model = 'Office Chair';
          const e = await error;
          await el.updateComplete;
          expect($(el, '[part~="error"].blocking').textContent).to.contain(
            stringsFor('en').errors.invalid_api_url,
          );
          return e;
        });
        expect(e.detail).to.include({code: 'invalid_api_url', retryable: false});
        expect(requests.requests).to.deep.equal([]);
      } finally {
        requests.restore();
      }
    });
  }
});

describe('frameworks', () => {
  it('honours properties set before the tag is defined', async () => {
    // A framework (or a late script) sets properties on an element that is not upgraded yet.
    const tag = 'late-product-configurator';
    const el = document.createElement(tag) as ProductConfiguratorElement;
    Object.assign(el, {fetchToken: demoToken, model: 'Office Chair', apiUrl: serviceUrl});
    (el as unknown as Record<string, unknown>).lang = 'fr';
    document.body.append(el);
    try {
      const ready = nextEvent(el, 'configurator-ready');
      customElements.define(tag, class extends ProductConfiguratorElement {});
      const e = await ready;
      expect(e.detail.configuration.languageIso).to.equal('fr');
      expect(el.fetchToken).to.equal(demoToken);
    } finally {
      el.remove();
    }
  });

  it('takes fetch-token as a property too, before and after definition', async () => {
    const tag = 'kebab-product-configurator';
    const early = document.createElement(tag) as ProductConfiguratorElement;
    (early as unknown as Record<string, unknown>)['fetch-token'] = demoToken;
    early.setAttribute('api-url', serviceUrl);
    early.setAttribute('model', 'Office Chair');
    document.body.append(early);
    try {
      const ready = nextEvent(early, 'configurator-ready');
      customElements.define(tag, class extends ProductConfiguratorElement {});
      await ready;
      expect(early.fetchToken).to.equal(demoToken);
      // Defined: `'fetch-token' in el` holds, so Vue's `:fetch-token` sets the property.
      const later = document.createElement('product-configurator');
      expect('fetch-token' in later).to.equal(true);
      (later as unknown as Record<string, unknown>)['fetch-token'] = demoToken;
      expect(later.fetchToken).to.equal(demoToken);
    } finally {
      early.remove();
    }
  });
});

describe('events for hosts', () => {
  it('carry their payload in detail, with the price the shopper sees', async () => {
    const el = await readyConfigurator();
    const option = $<HTMLInputElement>(
      el,
      '[part~="option"]:not([part~="option-selected"]) input:not([aria-disabled="true"])',
    );
    let change = nextEvent(el, 'configurator-change');
    option.click();
    let e = await change;
    expect(e).to.be.instanceOf(CustomEvent);
    expect(e.detail.configuration).to.equal(e.configuration);
    expect(e.detail.price).to.deep.equal({
      inclVat: e.detail.configuration.totalPriceIncVAT,
      exclVat: e.detail.configuration.totalPriceExVAT,
      label: e.detail.configuration.totalPriceIncVATLabel,
      displayed: 'inclVat',
      currency: e.detail.configuration.currencyIso,
    });
    expect($(el, '[part~="total"]').textContent).to.contain(e.detail.price.label);

    // The shopper switches to prices without VAT: the next payload says so.
    $(el, '.switch input, .switch button').click();
    await el.updateComplete;
    change = nextEvent(el, 'configurator-change');
    $<HTMLInputElement>(
      el,
      '[part~="option"]:not([part~="option-selected"]) input:not([aria-disabled="true"])',
    ).click();
    e = await change;
    expect(e.detail.price.displayed).to.equal('exclVat');
    expect(e.detail.price.label).to.equal(e.detail.configuration.totalPriceExVATLabel);
    expect($(el, '[part~="total"]').textContent).to.contain(e.detail.price.label);
  });

  it('announce a language switch with the relabelled price', async () => {
    const el = await readyConfigurator();
    const switched = nextEvent(el, 'configurator-language-change');
    el.lang = 'nl';
    const e = await switched;
    expect(e).to.be.instanceOf(CustomEvent);
    expect(e.detail.lang).to.equal('nl');
    expect(e.detail.configuration.languageIso).to.equal('nl');
    expect(e.detail.price.label).to.equal(e.detail.configuration.totalPriceIncVATLabel);
    expect(e.detail.price.label).to.match(/\d,\d\d/);
    expect($(el, '[part~="total"]').textContent).to.contain(e.detail.price.label);
  });
});

// loading="lazy" is tested end to end on the themed page (test/embed/frameworks.test.ts): an
// IntersectionObserver needs a page that renders frames, which a background test tab may not.
