// `analytics="ga4"` in Chromium against the reference service: what reaches `window.dataLayer`
// with and without consent, the exact pushes of a journey to a quote, no personal data in any
// push, and the DOM funnel events (`configurator-step` and the others) in order.
import {expect, fixture, html, oneEvent} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {
  $,
  demoToken,
  fillQuoteForm,
  nextEvent,
  nodeByName,
  openStep,
  optionInput,
  serviceUrl,
  settled,
} from '../helpers/browser/service.js';

type Page = typeof window & {dataLayer?: unknown[]};
const page = window as Page;

/** gtag as Google's snippet defines it: it pushes its `arguments` object. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (page.dataLayer ??= []).push(arguments);
}

/** The pushes that are not consent commands (what the element pushed). */
function pushed(): Record<string, unknown>[] {
  return (page.dataLayer ?? []).filter(
    (entry): entry is Record<string, unknown> =>
      !!entry && typeof entry === 'object' && !Array.isArray(entry) && !('length' in entry),
  );
}

const eventsPushed = () => pushed().flatMap((p) => (typeof p.event === 'string' ? [p.event] : []));

async function configurator(
  attributes: {analytics?: string; consent?: string} = {},
): Promise<ProductConfiguratorElement> {
  const el = await fixture<ProductConfiguratorElement>(
    html`<product-configurator
      api-url=${serviceUrl}
      lang="en"
      analytics=${attributes.analytics ?? ''}
      analytics-consent=${attributes.consent ?? ''}
      .fetchToken=${demoToken}
    ></product-configurator>`,
  );
  return el;
}

/** Starts the Office Chair and waits for its first step to be reported. */
async function start(el: ProductConfiguratorElement): Promise<void> {
  const first = oneEvent(el, EventName.step);
  el.model = 'Office Chair';
  await first;
}

/** Goes to a step by its tab and waits for the step event. */
async function step(el: ProductConfiguratorElement, title: string) {
  const reached = nextEvent(el, 'configurator-step');
  await openStep(el, title);
  return reached;
}

beforeEach(() => {
  page.dataLayer = [];
});

describe('analytics: without the attribute', () => {
  it('pushes nothing and loads no analytics code', async () => {
    const el = await configurator();
    await start(el);
    await step(el, 'Seat & back');
    optionInput(el, 'High back').click();
    await settled(el);
    expect(page.dataLayer).to.deep.equal([]);
    const loaded = performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((name) => /\/src\/(analytics\/|controllers\/analytics-controller)/.test(name));
    expect(loaded).to.deep.equal([]);
  });
});

describe('analytics="ga4" with consent by the attribute', () => {
  it('pushes a whole journey to a quote, exactly', async () => {
    const el = await configurator({analytics: 'ga4', consent: 'granted'});
    // What each event's configuration is worth, as the service priced it at that moment.
    const prices: number[] = [];
    const record = () => prices.push(el.value!.totalPriceExVAT);
    for (const type of [
      EventName.ready,
      EventName.step,
      EventName.conflict,
      EventName.quoteRequested,
    ]) {
      el.addEventListener(type, record);
    }
    await start(el);
    const model = el.value!.featureModelId;

    await step(el, 'Seat & back');
    optionInput(el, 'High back').click();
    await settled(el);
    optionInput(el, 'Standard back').click();
    await settled(el);
    await step(el, 'Comfort');
    const conflict = nextEvent(el, 'configurator-conflict');
    optionInput(el, 'Headrest').click();
    await conflict;
    await el.updateComplete;
    $(el, '[data-action="cancel"]').click();
    await settled(el);
    await step(el, 'Personalise');
    optionInput(el, '10 years').click();
    await settled(el);

    let reached = nextEvent(el, 'configurator-step');
    $(el, '[part~="summary"] [data-action="quote"]').click();
    expect((await reached).review).to.equal(true);
    reached = nextEvent(el, 'configurator-step');
    $(el, '[data-action="continue"]').click();
    await reached;
    fillQuoteForm(el, {quantity: '2'});
    await el.updateComplete;
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    await requested;

    const ecommerce = (price: number, quantity = 1) => ({
      currency: 'EUR',
      value: Math.round(price * quantity * 100) / 100,
      items: [{item_id: model, item_name: 'Office Chair', price, quantity}],
    });
    const event = (name: string, price: number, params: object = {}, quantity = 1) => [
      {ecommerce: null},
      {event: name, ...params, ecommerce: ecommerce(price, quantity)},
    ];
    const stepParams = (index: number, id: string, name: string) => ({
      step_index: index,
      step_id: id,
      step_name: name,
      step_count: 4,
    });
    const steps = el.value!.featureModel.steps.map((s) => s.id);
    const headrest = nodeByName(el.value!, 'Headrest').id;
    const expected = [
      ...event('view_item', prices[0]!),
      ...event('configurator_step', prices[1]!, stepParams(0, steps[0]!, 'Frame & base')),
      ...event('configurator_step', prices[2]!, stepParams(1, steps[1]!, 'Seat & back')),
      ...event('configurator_step', prices[3]!, stepParams(2, steps[2]!, 'Comfort')),
      ...event('configurator_conflict', prices[4]!, {
        feature_id: headrest,
        feature_name: 'Headrest',
        conflict_count: 1,
      }),
      ...event('configurator_step', prices[5]!, stepParams(3, steps[3]!, 'Personalise')),
      ...event(
        'configurator_review',
        prices[6]!,
        stepParams(4, 'review', 'Review your configuration'),
      ),
      ...event('configurator_quote_form', prices[7]!, stepParams(5, 'quote', 'Request a quote')),
      ...event('generate_lead', prices[8]!, {}, 2),
    ];
    expect(pushed()).to.deep.equal(expected);
    expect(prices).to.have.length(9);
    // Prices moved with the choices: the pushes follow the configuration, not the first one.
    expect(prices[8]).to.be.greaterThan(prices[0]!);
  });
});

describe('analytics="ga4" with Google consent mode', () => {
  it('waits while the default denies, then pushes what waited, in order, on an update that grants', async () => {
    gtag('consent', 'default', {analytics_storage: 'denied', ad_storage: 'denied'});
    const el = await configurator({analytics: 'ga4'});
    await start(el);
    await step(el, 'Seat & back');
    // Nothing but the page's own consent command.
    expect(pushed()).to.deep.equal([]);
    expect(page.dataLayer).to.have.length(1);

    gtag('consent', 'update', {analytics_storage: 'granted'});
    // Pushed at once, in the order the shopper met them, after the update that allowed them.
    expect(eventsPushed()).to.deep.equal(['view_item', 'configurator_step', 'configurator_step']);
    expect(
      page.dataLayer!.findIndex((e) => (e as {event?: string}).event === 'view_item'),
    ).to.be.greaterThan(1);
    expect(
      pushed()
        .filter((p) => p.event === 'configurator_step')
        .map((p) => p.step_index),
    ).to.deep.equal([0, 1]);

    // From now on each event is pushed as it happens.
    await step(el, 'Comfort');
    expect(eventsPushed().at(-1)).to.equal('configurator_step');
    expect(pushed().at(-1)!.step_name).to.equal('Comfort');
    const loaded = performance
      .getEntriesByType('resource')
      .some((r) => r.name.includes('/src/controllers/analytics-controller'));
    expect(loaded, 'the analytics code was loaded').to.equal(true);
  });

  it('drops what waited when the shopper refuses, and pushes only what follows a later grant', async () => {
    gtag('consent', 'default', {analytics_storage: 'denied'});
    const el = await configurator({analytics: 'ga4'});
    await start(el);
    gtag('consent', 'update', {analytics_storage: 'denied'});
    await step(el, 'Seat & back');
    expect(pushed()).to.deep.equal([]);
    gtag('consent', 'update', {analytics_storage: 'granted'});
    expect(pushed()).to.deep.equal([]);
    await step(el, 'Comfort');
    expect(eventsPushed()).to.deep.equal(['configurator_step']);
    expect(pushed().at(-1)!.step_index).to.equal(2);
  });

  it('reads a grant made before the element, and a region-only grant as none', async () => {
    gtag('consent', 'default', {analytics_storage: 'granted', region: ['US']});
    const regional = await configurator({analytics: 'ga4'});
    await start(regional);
    expect(pushed()).to.deep.equal([]);
    regional.remove();

    page.dataLayer = [];
    gtag('consent', 'default', {analytics_storage: 'granted'});
    const el = await configurator({analytics: 'ga4'});
    await start(el);
    expect(eventsPushed()).to.deep.equal(['view_item', 'configurator_step']);
  });

  it('lets the attribute overrule consent mode both ways, and follows it when it changes', async () => {
    gtag('consent', 'default', {analytics_storage: 'granted'});
    const el = await configurator({analytics: 'ga4', consent: 'denied'});
    await start(el);
    await step(el, 'Seat & back');
    expect(pushed()).to.deep.equal([]);

    el.setAttribute('analytics-consent', 'granted');
    await el.updateComplete;
    await step(el, 'Comfort');
    expect(eventsPushed()).to.deep.equal(['configurator_step']);

    // Withdrawn: nothing more, whatever consent mode says.
    el.setAttribute('analytics-consent', 'denied');
    await el.updateComplete;
    await step(el, 'Personalise');
    expect(eventsPushed()).to.deep.equal(['configurator_step']);

    // Without the attribute (or with the attribute removed), consent mode decides again;
    // without `analytics` nothing is pushed at all.
    el.removeAttribute('analytics-consent');
    el.removeAttribute('analytics');
    await el.updateComplete;
    await step(el, 'Frame & base');
    expect(eventsPushed()).to.deep.equal(['configurator_step']);
  });
});

describe('analytics: no personal data', () => {
  it('pushes none of the customer fields, the shopper’s text, codes or ids', async () => {
    const el = await configurator({analytics: 'ga4', consent: 'granted'});
    await start(el);
    await step(el, 'Personalise');
    optionInput(el, '10 years').click();
    await settled(el);
    const change = nextEvent(el, 'configurator-change');
    optionInput(el, 'Engraving').click();
    await change;
    await el.updateComplete;
    const engraved = nextEvent(el, 'configurator-change');
    const text = $<HTMLInputElement>(
      el,
      `[data-node="${nodeByName(el.value!, 'Engraving name').id}"] input`,
    );
    text.value = 'PLUGH XYZZY';
    text.dispatchEvent(new Event('change'));
    await engraved;

    let reached = nextEvent(el, 'configurator-step');
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await reached;
    reached = nextEvent(el, 'configurator-step');
    $(el, '[data-action="continue"]').click();
    await reached;
    const form = $<HTMLFormElement>(el, 'form');
    (form.elements.namedItem('shipTo') as HTMLInputElement).click();
    await el.updateComplete;
    const customer: Record<string, string> = {
      firstName: 'Zebulonia',
      lastName: 'Quaxtermann',
      email: 'zebulonia.quax@example.org',
      phoneNumber: '+31 6 98765432',
      companyName: 'Vorpal Widgets BV',
      streetName: 'Jabberwockylaan',
      houseNumber: '4711',
      postalCode: '9876 ZX',
      city: 'Snarkdam',
      remarks: 'Frumious bandersnatch remark',
      shipto_FirstName: 'Galumphia',
      shipto_LastName: 'Borogrove',
      shipto_StreetName: 'Tulgeyweg',
      shipto_PostalCode: '5432 YW',
      shipto_City: 'Mimsyburg',
    };
    for (const [name, value] of Object.entries(customer)) {
      const input = form.elements.namedItem(name) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
    await el.updateComplete;
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    const quote = await requested;
    expect(eventsPushed().at(-1)).to.equal('generate_lead');

    const everything = JSON.stringify(page.dataLayer);
    const secrets = [
      ...Object.values(customer),
      'PLUGH XYZZY',
      el.value!.id,
      el.value!.code,
      quote.quotationId!,
      quote.debtorId!,
      String(quote.result.quotationNumber),
    ];
    for (const secret of secrets) {
      expect(secret, 'a value to look for').to.be.a('string').and.not.equal('');
      expect(everything.toLowerCase()).not.to.contain(secret.toLowerCase());
    }
    // The search can find what is there: the model's name is pushed.
    expect(everything).to.contain('Office Chair');
  });
});

describe('the funnel as DOM events', () => {
  it('reports steps, a conflict, the review and the quote in order, and no step twice', async () => {
    const el = await configurator();
    const funnel: string[] = [];
    const listen = (type: string, describe: (e: Event) => string) =>
      el.addEventListener(type, (e) => funnel.push(describe(e)));
    listen(EventName.ready, () => 'ready');
    listen(EventName.step, (e) => {
      const {screen, index, stepId, name, stepCount, review} = (
        e as HTMLElementEventMap['configurator-step']
      ).detail;
      expect(stepCount).to.equal(4);
      expect(review).to.equal(screen === 'review');
      if (screen === 'configure') {
        expect(stepId).to.equal(el.value!.featureModel.steps[index]!.id);
      } else {
        expect(stepId).to.equal(null);
      }
      return `step ${index} ${screen} ${name}`;
    });
    listen(EventName.conflict, () => 'conflict');
    listen(EventName.quoteRequested, () => 'quote requested');

    await start(el);
    await step(el, 'Seat & back');
    // A change, a return to the same step and a language switch are no new step.
    optionInput(el, 'High back').click();
    await settled(el);
    optionInput(el, 'Standard back').click();
    await settled(el);
    await openStep(el, 'Seat & back');
    let switched = nextEvent(el, 'configurator-language-change');
    el.lang = 'nl';
    await switched;
    expect(el.value!.languageIso).to.equal('nl');
    switched = nextEvent(el, 'configurator-language-change');
    el.lang = 'en';
    await switched;
    await step(el, 'Comfort');
    const conflict = nextEvent(el, 'configurator-conflict');
    optionInput(el, 'Headrest').click();
    await conflict;
    await el.updateComplete;
    $(el, '[data-action="cancel"]').click();
    await settled(el);
    await step(el, 'Personalise');
    optionInput(el, '2 years').click();
    await settled(el);
    let reached = nextEvent(el, 'configurator-step');
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await reached;
    reached = nextEvent(el, 'configurator-step');
    $(el, '[data-action="continue"]').click();
    await reached;
    const requested = nextEvent(el, 'configurator-quote-requested');
    await el.requestQuote({firstName: 'A', lastName: 'B', email: 'a@example.com'});
    await requested;
    // A new configuration begins a new journey at its first step.
    const again = nextEvent(el, 'configurator-step');
    await el.restart();
    await again;

    expect(funnel).to.deep.equal([
      'ready',
      'step 0 configure Frame & base',
      'step 1 configure Seat & back',
      'step 2 configure Comfort',
      'conflict',
      'step 3 configure Personalise',
      'step 4 review Review your configuration',
      'step 5 quote Request a quote',
      'quote requested',
      'ready',
      'step 0 configure Frame & base',
    ]);
  });
});
