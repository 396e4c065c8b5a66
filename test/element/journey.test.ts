import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  contractEventTypes,
  fillQuoteForm,
  nextEvent,
  nodeByName,
  openStep,
  optionInput,
  readyConfigurator,
  recordRequests,
  settled,
  until,
  valueOf,
} from '../helpers/browser/service.js';

function recordEvents(el: ProductConfiguratorElement) {
  const events: Event[] = [];
  // Listening on the document proves the events bubble and cross the shadow boundary.
  const listener = (e: Event) => {
    if (e.target === el) events.push(e);
  };
  for (const type of contractEventTypes) document.addEventListener(type, listener);
  return {
    events,
    of: (type: string) => events.filter((e) => e.type === type),
    stop: () => contractEventTypes.forEach((type) => document.removeEventListener(type, listener)),
  };
}

describe('a shopper journey', () => {
  it('selects, sets numbers and text, accepts and cancels conflicts, switches language and requests a quote', async () => {
    const el = await readyConfigurator();
    const log = recordEvents(el);
    const id = (name: string) => nodeByName(el.value!, name).id;
    const totalBefore = el.value!.totalPriceIncVATLabel;

    // A chip (alternative) chosen in the UI.
    let change = nextEvent(el, 'configurator-change');
    optionInput(el, 'White').click();
    let e = await change;
    expect(e.source).to.equal('user');
    expect(e.changes).to.include(id('White'));
    expect(e.bubbles && e.composed).to.equal(true);
    expect(valueOf(e.configuration, id('White'))).to.equal(1);
    expect(valueOf(e.configuration, id('Black'))).to.equal(0);
    expect(e.configuration.totalPriceIncVATLabel).not.to.equal(totalBefore);
    expect($(el, '[data-price="total"]').textContent).to.equal(
      e.configuration.totalPriceIncVATLabel,
    );
    // The total change is announced politely.
    expect($(el, '[aria-live="polite"]').textContent).to.contain(
      e.configuration.totalPriceIncVATLabel,
    );

    // A slider.
    await openStep(el, 'Seat & back');
    change = nextEvent(el, 'configurator-change');
    const slider = $<HTMLInputElement>(el, 'input[type="range"]');
    slider.value = '52';
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    e = await change;
    expect(e.changes).to.include(id('Seat width'));
    expect(valueOf(e.configuration, id('Seat width'))).to.equal(52);

    // A conflict, accepted: a headrest needs the high back the shopper just turned down.
    optionInput(el, 'High back').click();
    await settled(el);
    optionInput(el, 'Standard back').click();
    await settled(el);
    await openStep(el, 'Comfort');
    const conflict = nextEvent(el, 'configurator-conflict');
    optionInput(el, 'Headrest').click();
    const c = await conflict;
    expect(c.requirement.featureModelNodeId).to.equal(id('Headrest'));
    expect(c.conflicts.length).to.be.greaterThan(0);
    await el.updateComplete;
    const dialog = $<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    expect(dialog.textContent).to.contain('High back');
    await expect(el).to.be.accessible();
    change = nextEvent(el, 'configurator-change');
    $(el, '[data-action="accept"]').click();
    e = await change;
    expect(valueOf(e.configuration, id('Headrest'))).to.equal(1);
    expect(valueOf(e.configuration, id('High back'))).to.equal(1);
    await el.updateComplete;
    expect(dialog.open).to.equal(false);

    // A conflict, cancelled: going back to the standard back would drop the headrest.
    await openStep(el, 'Seat & back');
    const second = nextEvent(el, 'configurator-conflict');
    const changesBefore = log.of('configurator-change').length;
    optionInput(el, 'Standard back').click();
    await second;
    await el.updateComplete;
    expect(dialog.open).to.equal(true);
    $(el, '[data-action="cancel"]').click();
    await settled(el);
    await until(el, () => !dialog.open, 'the dialog to close');
    expect(valueOf(el.value!, id('High back'))).to.equal(1);
    expect(valueOf(el.value!, id('Headrest'))).to.equal(1);
    expect(optionInput(el, 'High back').checked).to.equal(true);
    expect(log.of('configurator-change').length).to.equal(changesBefore);

    // Text: switching engraving on reveals its text input.
    await openStep(el, 'Personalise');
    change = nextEvent(el, 'configurator-change');
    optionInput(el, 'Engraving').click();
    await change;
    await el.updateComplete;
    change = nextEvent(el, 'configurator-change');
    const text = $<HTMLInputElement>(el, `[data-node="${id('Engraving name')}"] input`);
    text.value = 'ADA L.';
    text.dispatchEvent(new Event('change'));
    e = await change;
    expect(e.changes).to.include(id('Engraving name'));
    expect(e.configuration.textValues[id('Engraving name')]).to.equal('ADA L.');

    // A method call reports source 'api'; a change that changes nothing fires no event.
    change = nextEvent(el, 'configurator-change');
    await el.select(id('5 years'), true);
    e = await change;
    expect(e.source).to.equal('api');
    const count = log.of('configurator-change').length;
    await el.select(id('5 years'), true);
    await el.updateComplete;
    expect(log.of('configurator-change').length).to.equal(count);

    // Language: the model texts and the element's own texts follow.
    const announced = $(el, '[aria-live="polite"]').textContent;
    el.lang = 'nl';
    await until(el, () => el.value?.languageIso === 'nl', 'a Dutch configuration');
    await el.updateComplete;
    expect($(el, '[part~="summary"] [data-action="quote"]').textContent!.trim()).to.equal(
      'Offerte aanvragen',
    );
    expect($(el, '[role="tab"]').textContent).to.contain('Frame & voet');
    // The same total written the Dutch way is no news for a screen reader.
    expect($(el, '[aria-live="polite"]').textContent).to.equal(announced);

    // The quote: form, cancelable submit event, then the service's answer and a thank-you.
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first; its button leads on to the form.
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    fillQuoteForm(el, {city: 'Amsterdam'});
    const submit = nextEvent(el, 'configurator-quote-submit');
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    const s = await submit;
    expect(s.cancelable).to.equal(true);
    expect(s.configurationId).to.equal(el.value!.id);
    expect(s.customer).to.include({firstName: 'Ada', email: 'ada@example.com', languageIso: 'nl'});
    const r = await requested;
    expect(r.configurationId).to.equal(el.value!.id);
    expect(r.quotationId).to.be.a('string').and.not.equal('');
    await el.updateComplete;
    // The thank-you names the quotation by the number people quote, not by its GUID.
    expect(r.result.quotationNumber).to.match(/^Q-\d{6}$/);
    expect($(el, '.quotation-number').textContent!.trim()).to.equal(r.result.quotationNumber);
    expect($(el, '.thanks').textContent).not.to.contain(r.quotationId);
    await expect(el).to.be.accessible();

    expect(log.of('configurator-error')).to.have.length(0);
    log.stop();
  });

  it('lets the host take over a quote request by cancelling the submit event', async () => {
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, '2 years').id, true);
    el.addEventListener('configurator-quote-submit', (e) => e.preventDefault(), {once: true});
    let requested = false;
    el.addEventListener('configurator-quote-requested', () => (requested = true));
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first; its button leads on to the form.
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    const form = $<HTMLFormElement>(el, 'form');
    (form.elements.namedItem('firstName') as HTMLInputElement).value = 'Grace';
    (form.elements.namedItem('lastName') as HTMLInputElement).value = 'Hopper';
    (form.elements.namedItem('email') as HTMLInputElement).value = 'grace@example.com';
    // The host that takes over gets the quantity asked for too.
    const quantity = form.elements.namedItem('quantity') as HTMLInputElement;
    quantity.value = '3';
    quantity.dispatchEvent(new Event('input', {bubbles: true}));
    await el.updateComplete;
    const submit = nextEvent(el, 'configurator-quote-submit');
    $(el, '[data-action="submit"]').click();
    const taken = await submit;
    expect(taken.defaultPrevented).to.equal(true);
    expect(taken.detail).to.include({configurationId: el.value!.id, quantity: 3});
    expect(taken.quantity).to.equal(3);
    await el.updateComplete;
    expect(requested).to.equal(false);
    expect(el.shadowRoot!.querySelector('.thanks')).to.equal(null);
  });

  it('validates the quote form and blocks it while mandatory answers are missing', async () => {
    const el = await readyConfigurator();
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first; its button leads on to the form.
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    // Warranty is mandatory and unanswered in a new Office Chair session.
    expect($(el, '.notice.warning').textContent).to.contain('Warranty');
    expect($<HTMLButtonElement>(el, '[data-action="submit"]').disabled).to.equal(true);
    await expect(el).to.be.accessible();
    $(el, '[data-action="go-to-missing"]').click();
    await el.updateComplete;
    expect($(el, '[role="tab"][aria-selected="true"]').textContent).to.contain('Personalise');
    optionInput(el, '10 years').click();
    await settled(el);
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first; its button leads on to the form.
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.notice.warning')).to.equal(null);
    const form = $<HTMLFormElement>(el, 'form');
    (form.elements.namedItem('email') as HTMLInputElement).value = 'not-an-email';
    $(el, '[data-action="submit"]').click();
    await el.updateComplete;
    expect($(el, '#quote-firstName-error').textContent).to.contain('Please fill in this field');
    expect($(el, '#quote-email-error').textContent).to.contain('valid e-mail');
    expect(el.shadowRoot!.activeElement?.getAttribute('name')).to.equal('firstName');
    await expect(el).to.be.accessible();
    // Ship-to fields appear on demand.
    expect(form.elements.namedItem('shipto_City')).to.equal(null);
    (form.elements.namedItem('shipTo') as HTMLInputElement).click();
    await el.updateComplete;
    expect(form.elements.namedItem('shipto_City')).not.to.equal(null);
  });

  it('keeps the form after a failed quote request, leaves no stale banner, and succeeds on a second try', async () => {
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, '5 years').id, true);
    const log = recordEvents(el);
    const recorder = recordRequests();
    try {
      recorder.fail((url) => url.endsWith('/requestquote'));
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      // The review comes first; its button leads on to the form.
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      const fill = () => {
        const form = $<HTMLFormElement>(el, 'form');
        for (const [name, value] of Object.entries({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
        })) {
          const input = form.elements.namedItem(name) as HTMLInputElement;
          if (input.value === value) continue;
          input.value = value;
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
      };
      fill();
      const error = nextEvent(el, 'configurator-error');
      $(el, '[data-action="submit"]').click();
      const e = await error;
      expect(e).to.include({code: 'network', retryable: true, status: null});
      expect(e.message).to.be.a('string').and.not.equal('');
      await until(el, () => !!el.shadowRoot!.querySelector('#quote-form-error'), 'form error');
      expect($(el, '#quote-form-error').textContent).to.contain('could not be sent');
      // The details survive the failure.
      const form = $<HTMLFormElement>(el, 'form');
      expect((form.elements.namedItem('email') as HTMLInputElement).value).to.equal(
        'ada@example.com',
      );
      await expect(el).to.be.accessible();

      // Back to the steps (through the review): the quote failure is not shown there as if a
      // choice had failed.
      $(el, '[data-action="back"]').click();
      await el.updateComplete;
      $(el, '.review [data-action="back"]').click();
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part~="error"].banner')).to.equal(null);
      expect(el.session!.snapshot.error).to.equal(null);

      // A second try, with the service reachable, goes through.
      recorder.heal();
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      // The review comes first; its button leads on to the form.
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      fill();
      const requested = nextEvent(el, 'configurator-quote-requested');
      $(el, '[data-action="submit"]').click();
      const r = await requested;
      expect(r.configurationId).to.equal(el.value!.id);
      expect(r.result.quotationId).to.equal(r.quotationId);
      expect(r.debtorId).to.equal(r.result.debtorId);
      expect(r.bubbles && r.composed).to.equal(true);
      expect(log.of('configurator-quote-submit')).to.have.length(2);
      expect(log.of('configurator-quote-requested')).to.have.length(1);

      // A new configuration from the thank-you: a new session, announced as ready once.
      await el.updateComplete;
      const quoted = el.value!.id;
      const ready = nextEvent(el, 'configurator-ready');
      $(el, '[data-action="restart"]').click();
      const again = await ready;
      expect(again.configuration.id).not.to.equal(quoted);
      expect(el.value!.id).to.equal(again.configuration.id);
      expect($(el, '[role="tab"][aria-selected="true"]').textContent).to.contain('Frame & base');
      // The button that was pressed is gone; focus is on the steps, not lost to the page.
      expect(el.shadowRoot!.activeElement?.getAttribute('role')).to.equal('tab');
      await el.select(nodeByName(el.value!, 'Foot ring').id, true);
      expect(log.of('configurator-ready')).to.have.length(1);
    } finally {
      recorder.restore();
      log.stop();
    }
  });

  it('offers to close a banner that trying again cannot fix', async () => {
    const el = await readyConfigurator();
    const error = nextEvent(el, 'configurator-error');
    await el.select('00000000-0000-4000-8000-000000000000', true).catch(() => {});
    const e = await error;
    expect(e).to.include({code: 'not_found', retryable: false, status: 404});
    await el.updateComplete;
    expect($(el, '[part~="error"].banner').textContent).to.contain('Something went wrong');
    expect(el.shadowRoot!.querySelector('[data-action="retry"]')).to.equal(null);
    await expect(el).to.be.accessible();
    $(el, '[data-action="dismiss"]').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="error"].banner')).to.equal(null);
  });
});
