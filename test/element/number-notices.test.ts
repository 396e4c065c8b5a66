import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {
  $,
  nextEvent,
  nodeByName,
  openStep,
  readyConfigurator,
  settled,
  valueOf,
} from '../helpers/browser/service.js';

/** Types a number into the desk's width field and commits it, as leaving the field does. */
function type(el: ProductConfiguratorElement, id: string, value: string) {
  const input = $<HTMLInputElement>(el, `[data-node="${id}"] input[type="number"]`);
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new Event('change', {bubbles: true}));
  input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
  return input;
}

const note = (el: ProductConfiguratorElement, id: string, kind: 'rounded' | 'range') =>
  el.shadowRoot!.getElementById(`${id}-${kind}`)!;

describe('a number the model rounds or clamps says so', () => {
  it('Standing Desk width: 145 is rounded to 150 and says so; 300 names the maximum', async () => {
    const el = await readyConfigurator('Standing Desk');
    await openStep(el, 'Desktop');
    const width = nodeByName(el.value!, 'Width').id;

    const changed = nextEvent(el, EventName.change);
    const input = type(el, width, '145');
    await changed;
    await settled(el);
    expect(valueOf(el.value!, width)).to.equal(150);
    expect(input.value).to.equal('150');
    const rounded = note(el, width, 'rounded');
    expect(rounded.textContent).to.equal('Rounded to 150 (steps of 10)');
    // Announced politely and tied to the field.
    expect(rounded.getAttribute('aria-live')).to.equal('polite');
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(rounded.id);

    // Beyond the range: nothing is sent, the field says the maximum.
    type(el, width, '300');
    await el.updateComplete;
    expect(note(el, width, 'range').textContent).to.equal(
      'Out of range. Maximum is 210 · Between 110 and 210',
    );
    expect(valueOf(el.value!, width)).to.equal(150);

    // A number on the step clears the rounding note.
    const again = nextEvent(el, EventName.change);
    type(el, width, '160');
    await again;
    await settled(el);
    expect(rounded.textContent).to.equal('');
    expect(note(el, width, 'range').textContent).to.equal('');
    el.remove();
  });

  it('says it in the shopper’s language', async () => {
    const el = await readyConfigurator('Standing Desk', {lang: 'de'});
    await openStep(el, 'Tischplatte');
    const width = nodeByName(el.value!, 'Breite').id;
    const changed = nextEvent(el, EventName.change);
    type(el, width, '115');
    await changed;
    await settled(el);
    expect(note(el, width, 'rounded').textContent).to.equal(
      'Gerundet auf 120 (in Schritten von 10)',
    );
    type(el, width, '50');
    await el.updateComplete;
    expect(note(el, width, 'range').textContent).to.contain('Mindestens 110');
    el.remove();
  });
});
