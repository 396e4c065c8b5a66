import {expect} from '@open-wc/testing';
import {sendKeys, setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  $$,
  fillQuoteForm,
  nextEvent,
  nodeByName,
  readyConfigurator,
  recordRequests,
  settled,
  until,
  valueOf,
} from '../helpers/browser/service.js';
import {injectFaults} from '../helpers/browser/faults.js';

const active = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.activeElement as HTMLElement | null;

/** Records the JSON bodies the page sends, by URL. */
function recordBodies() {
  const original = window.fetch;
  const bodies: {url: string; body: unknown}[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (typeof init?.body === 'string') {
      try {
        bodies.push({url, body: JSON.parse(init.body)});
      } catch {
        // Plain-text bodies (a language change) are not what these tests look at.
      }
    }
    return original(input, init);
  };
  return {bodies, restore: () => (window.fetch = original)};
}

/** Answers what the Office Chair needs before a quote, through the public API. */
async function answerMandatories(el: ProductConfiguratorElement, warranty = '2 years') {
  await el.select(nodeByName(el.value!, warranty).id, true);
}

function setQuantity(el: ProductConfiguratorElement, value: string) {
  const input = $<HTMLInputElement>(el, '#quote-quantity');
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
}

describe('the review before the quote', () => {
  it('lists every choice by step with prices and typed text, links back, and shows both totals', async () => {
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, 'White').id, true);
    await el.select(nodeByName(el.value!, 'Engraving').id, true);
    await el.setText(nodeByName(el.value!, 'Engraving name').id, 'Ada L.');
    await answerMandatories(el);
    await settled(el);

    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    const review = $(el, '.review');
    expect(active(el)?.id).to.equal('review-title');
    // Grouped by step, in the steps' order, only steps with choices.
    const stepTitles = $$(el, '.review-step-title').map((h) => h.textContent!.trim());
    expect(stepTitles).to.deep.equal(['Frame & base', 'Seat & back', 'Comfort', 'Personalise']);
    const item = (name: string) =>
      $$(el, '.review-item').find((li) => li.dataset.node === nodeByName(el.value!, name).id);
    // A chosen alternative reads "Frame colour  White  +price".
    const white = nodeByName(el.value!, 'White');
    expect(item('White')!.textContent).to.contain('White');
    expect(item('White')!.textContent).to.contain(white.priceIncVATLabel);
    // A checkbox with its price, and the text typed beneath it.
    expect(item('Engraving')!.textContent).to.contain(
      nodeByName(el.value!, 'Engraving').priceIncVATLabel,
    );
    expect(item('Engraving name')!.textContent).to.contain('Ada L.');
    // Numbers with their unit.
    expect(item('Seat width')!.textContent).to.match(/\d+\s*cm/);
    // Unchosen options are not listed.
    expect(item('Black')).to.equal(undefined);
    // The service's own totals, both ways, and the quantity.
    expect($(el, '[data-price="review-incl"]').textContent).to.equal(
      el.value!.totalPriceIncVATLabel,
    );
    expect($(el, '[data-price="review-excl"]').textContent).to.equal(
      el.value!.totalPriceExVATLabel,
    );
    expect($(el, '[data-review="quantity"]').textContent).to.equal('1');
    expect(review.textContent).to.contain(el.value!.basePriceIncVATLabel);
    await expect(el).to.be.accessible();

    // Each choice links back to its step, with the choice focused.
    item('Engraving name')!.querySelector('button')!.click();
    await until(el, () => !el.shadowRoot!.querySelector('.review'), 'the steps');
    expect($(el, '[role="tab"][aria-selected="true"]').textContent).to.contain('Personalise');
    await until(
      el,
      () =>
        $(el, `[data-node="${nodeByName(el.value!, 'Engraving name').id}"]`).contains(active(el)),
      'focus on the engraving text',
    );
  });

  it('speaks every language of the widget', async () => {
    const titles: Record<string, string> = {
      en: 'Review your configuration',
      nl: 'Controleer uw configuratie',
      de: 'Konfiguration prüfen',
      fr: 'Vérifiez votre configuration',
    };
    for (const [lang, title] of Object.entries(titles)) {
      const el = await readyConfigurator('Office Chair', {lang});
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      expect($(el, '#review-title').textContent!.trim()).to.equal(title);
      expect($(el, '[data-price="review-incl"]').textContent).to.equal(
        el.value!.totalPriceIncVATLabel,
      );
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      expect($(el, 'label[for="quote-quantity"]').textContent!.trim()).to.not.equal('');
      el.remove();
    }
  });
});

describe('quantity and the quotation number', () => {
  it('quotes the typed quantity, shows the line total, and thanks with the quotation number', async () => {
    const el = await readyConfigurator();
    await answerMandatories(el);
    await settled(el);
    const recorder = recordBodies();
    try {
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      expect($<HTMLInputElement>(el, '#quote-quantity').value).to.equal('1');
      setQuantity(el, '3');
      await el.updateComplete;
      const unit = el.value!.totalPriceIncVAT;
      const expected = new Intl.NumberFormat(el.value!.languageIso, {
        style: 'currency',
        currency: el.value!.currencyIso,
      }).format(Math.round(unit * 300) / 100);
      const line = $(el, '#quote-line-total').textContent!;
      expect(line).to.contain('Total for 3');
      expect(line).to.contain(expected);

      // A quantity the service refuses is caught in the form, in the shopper's language.
      setQuantity(el, '0');
      fillQuoteForm(el);
      $(el, '[data-action="submit"]').click();
      await el.updateComplete;
      expect($(el, '#quote-quantity-error').textContent).to.contain('Between 1 and');
      expect(recorder.bodies.some((b) => b.url.endsWith('/requestquote'))).to.equal(false);

      // The review shows the quantity and what it comes to.
      setQuantity(el, '3');
      $(el, '[data-action="back"]').click();
      await el.updateComplete;
      expect($(el, '[data-review="quantity"]').textContent).to.equal('3');
      expect($(el, '[data-price="line-total"]').textContent).to.equal(expected);
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      expect($<HTMLInputElement>(el, '#quote-quantity').value).to.equal('3');

      const requested = nextEvent(el, 'configurator-quote-requested');
      $(el, '[data-action="submit"]').click();
      const r = await requested;
      const sent = recorder.bodies.find((b) => b.url.endsWith('/requestquote'))!.body as {
        quantities: Record<string, number>;
        quotationRequest: Record<string, unknown>;
      };
      expect(sent.quantities).to.deep.equal({[el.value!.id]: 3});
      expect(sent.quotationRequest).not.to.have.property('quantity');
      await el.updateComplete;
      expect(r.result.quotationNumber).to.match(/^Q-\d{6}$/);
      expect($(el, '.quotation-number').textContent!.trim()).to.equal(r.result.quotationNumber);
      expect($(el, '.thanks').textContent).not.to.contain(r.quotationId);
      await expect(el).to.be.accessible();
    } finally {
      recorder.restore();
    }
  });
});

describe('a phone-sized journey', () => {
  afterEach(() => setViewport({width: 800, height: 600}));

  it('goes through the review, a quantity and the thank-you on a 390 px screen', async () => {
    await setViewport({width: 390, height: 844});
    const el = await readyConfigurator('Office Chair', {lang: 'de'});
    await answerMandatories(el, '2 Jahre');
    await settled(el);
    // On a phone the total bar carries the way to the quote.
    const bar = $(el, '[part~="total-bar"] [data-action="quote"]');
    expect(bar.getBoundingClientRect().width).to.be.greaterThan(0);
    bar.click();
    await el.updateComplete;
    expect($(el, '#review-title').textContent!.trim()).to.equal('Konfiguration prüfen');
    const review = $(el, '.review');
    expect(review.getBoundingClientRect().width).to.be.at.most(390);
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    setQuantity(el, '2');
    fillQuoteForm(el);
    await el.updateComplete;
    expect($(el, '#quote-line-total').textContent).to.contain('Gesamt für 2');
    const requested = nextEvent(el, 'configurator-quote-requested');
    $(el, '[data-action="submit"]').click();
    const r = await requested;
    await el.updateComplete;
    expect($(el, '.quotation-number').textContent!.trim()).to.equal(r.result.quotationNumber);
    await expect(el).to.be.accessible();
  });
});

describe('a keyboard-only journey', () => {
  it('reaches the review, sets a quantity and sends the quote without a pointer', async () => {
    const el = await readyConfigurator('Office Chair', {lang: 'nl'});
    await answerMandatories(el, '2 jaar');
    await settled(el);
    $<HTMLButtonElement>(el, '[part~="summary"] [data-action="quote"]').focus();
    await sendKeys({press: 'Enter'});
    await until(el, () => active(el)?.id === 'review-title', 'focus on the review');
    // Tab moves through the review's links to its button.
    for (let i = 0; i < 60 && !active(el)?.matches('[data-action="continue"]'); i++) {
      await sendKeys({press: 'Tab'});
    }
    expect(active(el)?.matches('[data-action="continue"]')).to.equal(true);
    await sendKeys({press: 'Enter'});
    await until(el, () => active(el)?.id === 'quote-title', 'focus on the form');
    // The quantity comes first in the form.
    await sendKeys({press: 'Tab'});
    expect(active(el)?.id).to.equal('quote-quantity');
    await sendKeys({press: 'ArrowUp'});
    await el.updateComplete;
    expect($<HTMLInputElement>(el, '#quote-quantity').value).to.equal('2');
    expect($(el, '#quote-line-total').textContent).to.contain('Totaal voor 2');
    await sendKeys({press: 'Tab'});
    expect(active(el)?.getAttribute('name')).to.equal('firstName');
    await sendKeys({type: 'Ada'});
    await sendKeys({press: 'Tab'});
    await sendKeys({type: 'Lovelace'});
    await sendKeys({press: 'Tab'});
    await sendKeys({type: 'ada@example.com'});
    const requested = nextEvent(el, 'configurator-quote-requested');
    await sendKeys({press: 'Enter'});
    const r = await requested;
    await until(el, () => active(el)?.id === 'thanks-title', 'focus on the thank-you');
    expect($(el, '.quotation-number').textContent!.trim()).to.equal(r.result.quotationNumber);
  });
});

describe('undo and start over', () => {
  const state = (el: ProductConfiguratorElement) => ({
    values: Object.fromEntries(el.session!.snapshot.values),
    texts: Object.fromEntries(el.session!.snapshot.texts),
    total: el.value!.totalPriceIncVATLabel,
  });

  async function clickUndo(el: ProductConfiguratorElement) {
    const button = () => $(el, '[data-action="undo"]');
    await until(el, () => button().getAttribute('aria-disabled') === 'false', 'undo to be offered');
    const changed = nextEvent(el, 'configurator-change');
    button().click();
    // The shopper's own undo is the shopper's change.
    expect((await changed).detail.source).to.equal('user');
    await settled(el);
  }

  it("takes back several of the shopper's changes, each to exactly the state the service had before", async () => {
    const el = await readyConfigurator();
    let readies = 0;
    el.addEventListener('configurator-ready', () => readies++);
    const id = (name: string) => nodeByName(el.value!, name).id;
    expect($(el, '[data-action="undo"]').getAttribute('aria-disabled')).to.equal('true');
    const recorder = recordRequests();
    const copies = () => recorder.requests.filter((r) => r.url.includes('/copy/'));
    const s0 = state(el);
    await el.session!.select(id('High back'), true);
    const s1 = state(el);
    // Typing the engraving also switches the engraving on, with its defaults.
    await el.session!.setText(id('Engraving name'), 'Ada');
    const s1t = state(el);
    expect(s1t.values).to.not.deep.equal(s1.values);
    await el.session!.select(id('Standard back'), true);
    const s2 = state(el);
    // Accepting a conflict changes more than the choice: the headrest brings the high back.
    const conflict = nextEvent(el, 'configurator-conflict');
    const accepted = el.session!.select(id('Headrest'), true);
    await conflict;
    await el.session!.resolveConflict(true);
    await accepted;
    const s3 = state(el);
    expect(s3.values[id('High back')]).to.not.equal(0);
    expect(s3).to.not.deep.equal(s2);
    // The service keeps the earlier states: the journey asked for no copy of any.
    await settled(el);
    expect(copies()).to.deep.equal([]);

    await clickUndo(el);
    expect(state(el)).to.deep.equal(s2);
    expect($(el, '[data-price="total"]').textContent).to.equal(s2.total);
    await clickUndo(el);
    expect(state(el)).to.deep.equal(s1t);
    await clickUndo(el);
    expect(state(el)).to.deep.equal(s1);
    await clickUndo(el);
    expect(state(el)).to.deep.equal(s0);
    // One copy per undo, each of the revision before the change it took back.
    expect(copies().map((r) => new URL(r.url).search)).to.deep.equal([
      '?revision=3',
      '?revision=2',
      '?revision=1',
      '?revision=0',
    ]);
    recorder.restore();
    // The same product all along: no new start is announced.
    expect(readies).to.equal(0);
    // A change after an undo is undoable again; the page's own undo is the page's change.
    await el.session!.select(id('White'), true);
    await until(
      el,
      () => $(el, '[data-action="undo"]').getAttribute('aria-disabled') === 'false',
      'undo to be offered',
    );
    const changed = nextEvent(el, 'configurator-change');
    await el.undo();
    expect((await changed).detail.source).to.equal('api');
    await settled(el);
    expect(state(el).values).to.deep.equal(s0.values);
    await expect(el).to.be.accessible();
  });

  it('says why an undo took nothing back, keeps the choices, and undoes when asked again', async () => {
    const el = await readyConfigurator();
    const white = nodeByName(el.value!, 'White').id;
    await el.session!.select(white, true);
    await settled(el);
    const before = state(el);
    const faults = injectFaults();
    const button = () => $(el, '[data-action="undo"]');
    const live = () => $(el, '[role="status"][aria-live]').textContent!.trim();
    try {
      // The copy of the earlier state cannot be had: the service is down for a moment.
      faults.on((r) => r.url.includes('/copy/'), {
        status: 503,
        body: {code: 'service_unavailable', message: 'Down for a moment'},
      });
      await until(el, () => button().getAttribute('aria-disabled') === 'false', 'undo offered');
      button().click();
      await until(el, () => $$(el, '[data-error="undo"]').length > 0, 'the reason shown');
      expect($(el, '[data-error="undo"]').textContent).to.contain('Something went wrong');
      expect(live()).to.contain('Something went wrong');
      expect(state(el)).to.deep.equal(before);
      expect(valueOf(el.value!, white)).to.equal(1);
      // Back online, the same button takes the change back and the reason goes.
      faults.heal();
      await clickUndo(el);
      expect(valueOf(el.value!, white)).to.equal(0);
      expect($$(el, '[data-error="undo"]')).to.have.length(0);
      await expect(el).to.be.accessible();
    } finally {
      faults.restore();
    }
  });

  it('starts over only after a confirmation, with focus kept in place', async () => {
    const el = await readyConfigurator('Office Chair', {lang: 'fr'});
    const white = nodeByName(el.value!, 'Blanc').id;
    await el.session!.select(white, true);
    const before = el.value!.id;
    $<HTMLButtonElement>(el, '[data-action="start-over"]').click();
    await el.updateComplete;
    expect($(el, '.history .confirm').textContent).to.contain('Recommencer ?');
    expect(active(el)?.matches('[data-action="start-over-cancel"]')).to.equal(true);
    await expect(el).to.be.accessible();
    // Cancelled: nothing changes.
    active(el)!.click();
    await until(el, () => !!active(el)?.matches('[data-action="start-over"]'), 'focus back');
    expect(el.value!.id).to.equal(before);
    expect(el.session!.snapshot.values.get(white)).to.not.equal(0);
    // Confirmed: a new configuration with the model's defaults.
    $<HTMLButtonElement>(el, '[data-action="start-over"]').click();
    await el.updateComplete;
    const ready = nextEvent(el, 'configurator-ready');
    $<HTMLButtonElement>(el, '[data-action="start-over-accept"]').click();
    await ready;
    await settled(el);
    expect(el.value!.id).to.not.equal(before);
    expect(el.session!.snapshot.values.get(white) ?? 0).to.equal(0);
    expect($(el, '[data-action="undo"]').getAttribute('aria-disabled')).to.equal('true');
  });
});

describe('share and resume', () => {
  const values = (el: ProductConfiguratorElement) =>
    Object.fromEntries(el.session!.snapshot.values);

  function stubShare(share: ((data: ShareData) => Promise<void>) | undefined) {
    const copied: string[] = [];
    const restore: (() => void)[] = [];
    const own = (target: object, name: string, value: unknown) => {
      const had = Object.getOwnPropertyDescriptor(target, name);
      Object.defineProperty(target, name, {value, configurable: true, writable: true});
      restore.push(() =>
        had ? Object.defineProperty(target, name, had) : delete (target as never)[name],
      );
    };
    own(navigator, 'share', share);
    own(navigator.clipboard, 'writeText', async (text: string) => void copied.push(text));
    return {copied, restore: () => restore.reverse().forEach((r) => r())};
  }

  it('copies a link that reopens the configuration where there is no share sheet', async () => {
    const el = await readyConfigurator();
    await el.select(nodeByName(el.value!, 'White').id, true);
    const stub = stubShare(undefined);
    const page = new URL(location.href);
    try {
      $(el, '[data-action="share"]').click();
      await until(el, () => stub.copied.length > 0, 'the link to be copied');
      const link = new URL(stub.copied[0]!);
      expect(link.origin + link.pathname).to.equal(page.origin + page.pathname);
      expect(link.searchParams.get('configuration')).to.equal(el.value!.code);
      await until(
        el,
        () => $(el, '.code-box [role="status"]').textContent!.includes('Link copied'),
        'the copy to be confirmed',
      );

      // The page at that link opens a copy of this configuration by itself.
      history.replaceState(null, '', link.href);
      const again = await (async () => {
        const other = document.createElement('product-configurator');
        other.setAttribute('api-url', el.getAttribute('api-url')!);
        other.fetchToken = el.fetchToken;
        const ready = nextEvent(other, 'configurator-ready');
        document.body.append(other);
        await ready;
        return other;
      })();
      expect(again.value!.id).to.not.equal(el.value!.id);
      expect(values(again)).to.deep.equal(values(el));
      again.remove();
    } finally {
      history.replaceState(null, '', page.href);
      stub.restore();
    }
  });

  it('keeps its configuration when the page writes a code into its address later', async () => {
    const el = await readyConfigurator();
    const {id, code} = el.value!;
    const page = new URL(location.href);
    try {
      // A router keeping the share link in the address, after the element has started.
      const link = new URL(location.href);
      link.searchParams.set('configuration', code);
      history.replaceState(null, '', link.href);
      el.requestUpdate();
      await el.updateComplete;
      expect(el.value?.id).to.equal(id);
      expect(el.session!.snapshot.configuration?.id).to.equal(id);
    } finally {
      history.replaceState(null, '', page.href);
    }
  });

  it('hands a host-made link to the share sheet where there is one', async () => {
    const el = await readyConfigurator('Office Chair', {lang: 'de'});
    el.shareUrl = 'https://shop.example/stuhl?c={code}#konfigurator';
    const shared: ShareData[] = [];
    const stub = stubShare(async (data) => void shared.push(data));
    try {
      $(el, '[data-action="share"]').click();
      await until(el, () => shared.length > 0, 'the share sheet');
      expect(shared[0]!.url).to.equal(
        `https://shop.example/stuhl?c=${el.value!.code}#konfigurator`,
      );
      expect(shared[0]!.title).to.equal('Bürostuhl');
      expect(stub.copied).to.have.length(0);
    } finally {
      stub.restore();
    }
  });

  it('opens a configuration from a typed code, and says so when a code is wrong', async () => {
    const source = await readyConfigurator();
    await source.select(nodeByName(source.value!, 'White').id, true);
    const code = source.value!.code;
    const sourceValues = values(source);
    // One configurator on the page for the accessibility check below.
    source.remove();
    const el = await readyConfigurator('Office Chair', {lang: 'nl'});
    const before = el.value!.id;
    const input = $<HTMLInputElement>(el, '#resume-code');
    const submit = () => $(el, '[data-action="resume"]').click();

    input.value = 'abc';
    submit();
    await el.updateComplete;
    expect($(el, '#resume-error').textContent).to.equal('Een code heeft 8 letters.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');

    input.value = 'ZZZZZZZZ';
    submit();
    await until(
      el,
      () =>
        !!el.shadowRoot!.querySelector('#resume-error:not(:empty)') && !el.session!.snapshot.busy,
      'the refusal',
    );
    await until(
      el,
      () => $(el, '#resume-error').textContent !== 'Een code heeft 8 letters.',
      'the reason',
    );
    expect(el.value!.id).to.equal(before);

    const ready = nextEvent(el, 'configurator-ready');
    input.value = code.toLowerCase();
    submit();
    await ready;
    expect(values(el)).to.deep.equal(sourceValues);
    expect(el.shadowRoot!.querySelector('#resume-error')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
