// The widget against a hostile or broken service, through a fault-injecting proxy in front of
// the real reference service: each fault ends in `configurator-error` with a stable code, a
// message in the shopper's language, no choice lost, and recovery.
import {expect, fixture, html} from '@open-wc/testing';
import DOMPurify from 'dompurify';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {endpointTokenSource} from '../../src/session/token-source.js';
import {injectFaults, request, type FaultProxy} from '../helpers/browser/faults.js';
import {
  $,
  countingFetchToken,
  demoToken,
  fillQuoteForm,
  idleConfigurator,
  nextEvent,
  nodeByName,
  optionInput,
  readyConfigurator,
  serviceUrl,
  until,
  valueOf,
} from '../helpers/browser/service.js';

const start = request('GET', '/api/3/configurator/new/');
const update = request('PUT', /\/api\/3\/configurator\/[^/]+\?/);
const quote = request('POST', '/requestquote');
const toService = (r: {url: string}) => r.url.startsWith(serviceUrl);

const banner = (el: Element) => el.shadowRoot!.querySelector('[part~="error"].banner');
const blocking = (el: Element) => $(el, '[part~="error"].blocking');

let faults: FaultProxy;
beforeEach(() => {
  faults = injectFaults();
});
afterEach(() => {
  faults.restore();
});

/** A real configuration with some fields removed, as a half-deployed service might send. */
const without =
  (...fields: string[]) =>
  async (_r: unknown, real: () => Promise<Response>) => {
    const body = (await (await real()).json()) as Record<string, unknown>;
    for (const field of fields) delete body[field];
    return Response.json(body);
  };

describe('an answer of the wrong shape', () => {
  const shapes = [
    {
      what: 'an id and an empty feature model',
      lang: 'en',
      fault: {body: {id: 'x', featureModel: {}}},
    },
    {what: 'an array', lang: 'nl', fault: {body: []}},
    {what: 'null', lang: 'de', fault: {body: null}},
    {what: 'a configuration without prices', lang: 'fr', fault: without('totalPriceIncVATLabel')},
  ];
  const texts: Record<string, {load: string; reason: string}> = {
    en: {load: 'could not be loaded', reason: 'unreadable'},
    nl: {load: 'kon niet worden geladen', reason: 'onleesbaar'},
    de: {load: 'konnte nicht geladen werden', reason: 'unlesbare'},
    fr: {load: 'n’a pas pu être chargé', reason: 'illisible'},
  };
  for (const {what, lang, fault} of shapes) {
    it(`at start (${what}): bad_response in ${lang}, then Retry loads it`, async () => {
      const heal = faults.on(start, fault);
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          lang=${lang}
          .fetchToken=${demoToken}
        ></product-configurator>`,
      );
      const error = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      const e = await error;
      expect(e).to.include({code: 'bad_response', status: 200, retryable: true});
      await el.updateComplete;
      expect(blocking(el).textContent).to.contain(texts[lang]!.load);
      expect(blocking(el).textContent).to.contain(texts[lang]!.reason);
      await expect(el).to.be.accessible();
      heal();
      const ready = nextEvent(el, 'configurator-ready');
      $(el, '[data-action="retry"]').click();
      expect((await ready).configuration.languageIso).to.equal(lang);
    });
  }

  it('in answer to a choice: the choice is kept, and applied when the service recovers', async () => {
    const el = await readyConfigurator();
    const graphite = nodeByName(el.value!, 'Graphite').id;
    const heal = faults.on(update, {body: {id: 'x', featureModel: {}}});
    const error = nextEvent(el, 'configurator-error');
    optionInput(el, 'Graphite').click();
    expect(await error).to.include({code: 'bad_response', status: 200});
    await el.updateComplete;
    expect(optionInput(el, 'Graphite').checked).to.equal(true);
    expect(banner(el)!.textContent).to.contain('Your choices are kept');
    expect(banner(el)!.textContent).to.contain('unreadable');
    expect(el.session!.snapshot.pending.get(graphite)).to.deep.equal({on: true});
    // No click: the widget tries again by itself once the service answers properly.
    heal();
    const change = await nextEvent(el, 'configurator-change');
    expect(valueOf(change.configuration, graphite)).to.equal(1);
    await until(el, () => !banner(el), 'the banner to clear');
    expect(optionInput(el, 'Graphite').checked).to.equal(true);
  });
});

describe('malformed JSON in answer to an update', () => {
  it('keeps the choice the banner promises, and Retry applies it', async () => {
    const el = await readyConfigurator('Office Chair', {lang: 'nl'});
    const foot = nodeByName(el.value!, 'Voetring').id;
    const heal = faults.on(update, {body: '{"id": "x", "values": {'});
    const error = nextEvent(el, 'configurator-error');
    const selected = el.select(foot, true);
    expect(await error).to.include({code: 'bad_response', retryable: true});
    await selected.catch(() => {});
    await el.updateComplete;
    expect(banner(el)!.textContent).to.contain('Uw keuzes blijven bewaard');
    expect(banner(el)!.textContent).to.contain('onleesbaar');
    expect(el.session!.snapshot.pending.get(foot)).to.deep.equal({on: true});
    await expect(el).to.be.accessible();
    heal();
    const change = nextEvent(el, 'configurator-change');
    $(el, '[data-action="retry"]').click();
    expect(valueOf((await change).configuration, foot)).to.equal(1);
    await until(el, () => !banner(el), 'the banner to clear');
  });

  it('says so when a refused change was undone, instead of promising it is kept', async () => {
    const el = await readyConfigurator();
    faults.on(update, {status: 400, body: {code: 'invalid_value', message: 'No'}}, 1);
    const error = nextEvent(el, 'configurator-error');
    optionInput(el, 'Graphite').click();
    expect(await error).to.include({code: 'invalid_request', retryable: false});
    await el.updateComplete;
    expect(banner(el)!.textContent).to.contain('refused and undone');
    expect(banner(el)!.textContent).not.to.contain('Your choices are kept');
    expect(optionInput(el, 'Graphite').checked).to.equal(false);
    $(el, '[data-action="dismiss"]').click();
    await until(el, () => !banner(el), 'the banner to close');
  });
});

describe('a service that refuses the page after it loaded', () => {
  it('says the page is not set up, keeps the choice, and offers no retry that cannot help', async () => {
    const el = await readyConfigurator();
    faults.on(update, {
      status: 403,
      body: {code: 'origin_not_allowed', message: 'This origin may not call the API'},
    });
    const error = nextEvent(el, 'configurator-error');
    const warnings: string[] = [];
    const warn = console.warn;
    // The hint for the page's developer loads with the first refusal, and is written then.
    let hinted!: () => void;
    const hint = new Promise<void>((resolve) => (hinted = resolve));
    console.warn = (...parts: unknown[]) => {
      warnings.push(parts.join(' '));
      if (warnings.at(-1)!.includes('origin_not_allowed')) hinted();
    };
    try {
      optionInput(el, 'Graphite').click();
      expect(await error).to.include({code: 'origin_not_allowed', retryable: false});
      await hint;
    } finally {
      console.warn = warn;
    }
    // The service refused: its list is the one to fix, not the token endpoint's.
    expect(warnings.join('\n')).to.contain("Add this origin to the service's allowed origins");
    await el.updateComplete;
    expect(banner(el)!.textContent).to.contain('not set up');
    expect(el.shadowRoot!.querySelector('[data-action="retry"]')).to.equal(null);
    expect(el.session!.snapshot.pending.size).to.equal(1);
  });
});

describe('a token endpoint that never answers', () => {
  it('times out instead of a skeleton forever, and Retry gets a token', async () => {
    const endpoint = `${location.origin}/faults/token-endpoint-${Date.now()}`;
    // Sources are shared per endpoint URL: this one is the element's, with a short deadline.
    // The retry's token (a request to the service) must fit in it on a busy machine.
    endpointTokenSource(endpoint, {timeoutMs: 3_000});
    faults.on(request('POST', endpoint), async () => {
      const token = await demoToken();
      return Response.json({access_token: token.accessToken, expires_in: token.expiresIn});
    });
    const stopHanging = faults.on(request('POST', endpoint), 'hang');
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        lang="de"
        token-endpoint=${endpoint}
      ></product-configurator>`,
    );
    const error = nextEvent(el, 'configurator-error');
    el.model = 'Office Chair';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.skeleton')).not.to.equal(null);
    expect(await error).to.include({code: 'token_failed', retryable: true, status: null});
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.skeleton')).to.equal(null);
    expect(blocking(el).textContent).to.contain('zu lange nicht geantwortet');
    stopHanging();
    const ready = nextEvent(el, 'configurator-ready');
    $(el, '[data-action="retry"]').click();
    await ready;
  });
});

describe('a 401 that persists after the renewal', () => {
  it('offers Retry, which renews the token and replays the choice', async () => {
    const tokens = countingFetchToken();
    const el = await readyConfigurator('Office Chair', {fetchToken: tokens.fetchToken});
    const graphite = nodeByName(el.value!, 'Graphite').id;
    const refused = {status: 401, body: {code: 'token_invalid', message: 'Unknown token'}};
    // The first try and its replay after a renewal; then the retry's first try once more.
    faults.on(update, refused, 3);
    const error = nextEvent(el, 'configurator-error');
    optionInput(el, 'Graphite').click();
    expect(await error).to.include({code: 'unauthorized', status: 401});
    await el.updateComplete;
    const before = tokens.calls;
    expect(banner(el)!.textContent).to.contain('Access to the service was refused');
    expect(banner(el)!.textContent).to.contain('choices are kept');
    expect(banner(el)!.querySelector('[data-action="dismiss"]')).to.equal(null);
    const change = nextEvent(el, 'configurator-change');
    $(el, '[data-action="retry"]').click();
    expect(valueOf((await change).configuration, graphite)).to.equal(1);
    expect(tokens.calls).to.equal(before + 1);
    await until(el, () => !banner(el), 'the banner to clear');
  });
});

describe('after an outage', () => {
  it('recovers by itself with background retries: no click, and the banner clears', async () => {
    const el = await readyConfigurator();
    const foot = nodeByName(el.value!, 'Foot ring').id;
    faults.on(toService, 'offline');
    const error = nextEvent(el, 'configurator-error');
    void el.select(foot, true).catch(() => {});
    expect(await error).to.include({code: 'network', retryable: true});
    await el.updateComplete;
    expect(banner(el)!.textContent).to.contain('Retrying automatically');
    expect(el.session!.snapshot.retryAt).to.be.a('number');
    const faultedBefore = faults.faulted.length;
    // Still down: the next background try fails too and plans another.
    await nextEvent(el, 'configurator-error');
    expect(faults.faulted.length).to.be.greaterThan(faultedBefore);
    faults.heal();
    const change = await nextEvent(el, 'configurator-change');
    expect(valueOf(change.configuration, foot)).to.equal(1);
    await until(el, () => !banner(el), 'the banner to clear');
  });

  it('tries again at once when the browser is back online', async () => {
    const el = await readyConfigurator();
    const foot = nodeByName(el.value!, 'Foot ring').id;
    faults.on(toService, 'offline');
    const error = nextEvent(el, 'configurator-error');
    void el.select(foot, true).catch(() => {});
    await error;
    const planned = el.session!.snapshot.retryAt!;
    expect(planned).to.be.a('number');
    faults.heal();
    const change = nextEvent(el, 'configurator-change');
    window.dispatchEvent(new Event('online'));
    expect(valueOf((await change).configuration, foot)).to.equal(1);
    // Sooner than the background retry was planned for.
    expect(Date.now()).to.be.below(planned);
    await until(el, () => !banner(el), 'the banner to clear');
  });

  it('loads by itself after a failed start', async () => {
    faults.on(toService, 'offline');
    const el = await idleConfigurator();
    const error = nextEvent(el, 'configurator-error');
    el.model = 'Office Chair';
    await error;
    await el.updateComplete;
    expect(blocking(el).textContent).to.contain('no connection');
    faults.heal();
    await nextEvent(el, 'configurator-ready');
  });
});

describe('a quote answered with an empty body', () => {
  it('is done: the event fires with what is known and the thank-you shows', async () => {
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, '5 years').id, true);
    // The service takes the request; its answer reaches the page as 200 without a body.
    faults.on(quote, async (_r, real) => {
      await real();
      return new Response(null, {status: 200});
    });
    const errors: Event[] = [];
    el.addEventListener('configurator-error', (e) => errors.push(e));
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first; its button leads on to the form.
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    fillQuoteForm(el, {city: 'Amsterdam'});
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    const r = await requested;
    expect(r.configurationId).to.equal(el.value!.id);
    expect(r.quotationId).to.equal(null);
    expect(faults.faulted).to.have.length(1);
    await el.updateComplete;
    const thanks = $(el, '.thanks');
    expect(thanks.textContent).to.contain('Thank you');
    expect(thanks.textContent).to.contain(el.value!.code);
    expect(errors).to.have.length(0);
    await expect(el).to.be.accessible();
  });
});

describe('a host page with its own DOMPurify', () => {
  afterEach(() => {
    DOMPurify.removeAllHooks();
    DOMPurify.clearConfig();
    delete (window as {DOMPurify?: unknown}).DOMPurify;
  });

  it('keeps the model’s HTML descriptions, and gets none of the widget’s rules', async () => {
    // The page strips every tag and every link through the shared module and the global.
    (window as {DOMPurify?: unknown}).DOMPurify = DOMPurify;
    DOMPurify.setConfig({ALLOWED_TAGS: ['#text'], KEEP_CONTENT: true});
    DOMPurify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'strong' || data.tagName === 'a') node.parentNode?.removeChild(node);
    });
    expect(DOMPurify.sanitize('<p>x <strong>y</strong></p>')).to.equal('x ');
    const el = await readyConfigurator();
    const description = $(el, '.description');
    expect(description.querySelector('strong')?.textContent).to.equal('Five-year frame warranty');
    // The widget's own hook (links open elsewhere) stays in the widget.
    DOMPurify.clearConfig();
    DOMPurify.removeAllHooks();
    const host = DOMPurify.sanitize('<a href="https://example.com/">x</a>');
    expect(host).not.to.contain('target');
  });
});
