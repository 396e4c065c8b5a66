import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import type {ConfiguratorPriceChangeEvent} from '../../src/events/configurator-price-change-event.js';
import {EventName} from '../../src/events/event-names.js';
import {
  $,
  allNodes,
  nextEvent,
  readyConfigurator,
  settled,
  valueOf,
} from '../helpers/browser/service.js';

/** Every price event of the element, from now on. */
function record(el: ProductConfiguratorElement) {
  const events: ConfiguratorPriceChangeEvent[] = [];
  el.addEventListener(EventName.priceChange, (e) => events.push(e));
  return events;
}

const shownTotal = (el: ProductConfiguratorElement) =>
  $(el, '[part~="summary"] [data-price="total"]').textContent!.trim();

/** A priced option that is off now, with no conflict. */
function offOption(el: ProductConfiguratorElement) {
  const c = el.value!;
  return allNodes(c).find(
    (n) =>
      n.type === 0 &&
      n.featureType === 0 &&
      n.features.length === 0 &&
      n.minValue === null &&
      !n.isDisabled &&
      valueOf(c, n.id) === 0 &&
      n.price > 0,
  )!;
}

describe('configurator-price-change', () => {
  it('fires with what the shopper sees after a priced change, the VAT switch, a language change and a restart', async () => {
    const first = nextEvent(document.body, EventName.priceChange);
    const el = await readyConfigurator('Office Chair');
    // The first total on screen is a change from none.
    expect((await first).detail.price.label).to.equal(el.value!.totalPriceIncVATLabel);
    const events = record(el);

    const priced = offOption(el);
    const changed = nextEvent(el, EventName.priceChange);
    await el.select(priced.id, true);
    const change = await changed;
    expect(change.detail.price).to.include({
      displayed: 'inclVat',
      label: el.value!.totalPriceIncVATLabel,
      inclVat: el.value!.totalPriceIncVAT,
    });
    expect(shownTotal(el)).to.equal(change.detail.price.label);

    // The VAT switch: the label excl. VAT, which the summary now shows.
    const switched = nextEvent(el, EventName.priceChange);
    $<HTMLInputElement>(el, '[role="switch"]').click();
    const vat = await switched;
    expect(vat.detail.price).to.include({
      displayed: 'exclVat',
      label: el.value!.totalPriceExVATLabel,
    });
    expect(shownTotal(el)).to.equal(vat.detail.price.label);

    // A language that writes the amount differently.
    const dutch = nextEvent(el, EventName.priceChange);
    el.lang = 'nl';
    const nl = await dutch;
    expect(nl.detail.price.label).to.equal(el.value!.totalPriceExVATLabel);
    expect(nl.detail.price.label).to.match(/€ \d+(\.\d{3})*,\d\d/);
    expect(shownTotal(el)).to.equal(nl.detail.price.label);

    // A restart back to the product's starting price.
    const restarted = nextEvent(el, EventName.priceChange);
    await el.restart();
    const again = await restarted;
    expect(again.detail.price.label).to.equal(el.value!.totalPriceExVATLabel);
    expect(again.detail.configurationId).to.equal(el.value!.id);
    expect(events).to.have.length(4);
    el.remove();
  });

  it('does not fire when the price on screen stayed the same', async () => {
    const el = await readyConfigurator('Office Chair');
    await settled(el);
    const events = record(el);
    // A free number: the seat width costs nothing.
    const free = allNodes(el.value!).find((n) => n.name === 'Seat width')!;
    expect(free.price).to.equal(0);
    const change = nextEvent(el, EventName.change);
    await el.setValue(free.id, 52);
    await change;
    await settled(el);
    // Several renders later (the change's, the effects' answer): still nothing.
    await el.updateComplete;
    expect(valueOf(el.value!, free.id)).to.equal(52);
    expect(events).to.have.length(0);
    // Switching VAT twice fires twice; the same language again fires nothing.
    $<HTMLInputElement>(el, '[role="switch"]').click();
    await el.updateComplete;
    $<HTMLInputElement>(el, '[role="switch"]').click();
    await el.updateComplete;
    el.lang = 'en';
    await el.updateComplete;
    expect(events.map((e) => e.detail.price.displayed)).to.deep.equal(['exclVat', 'inclVat']);
    el.remove();
  });
});
