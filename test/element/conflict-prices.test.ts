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
  settled,
  until,
} from '../helpers/browser/service.js';

const euro = new Intl.NumberFormat('en', {style: 'currency', currency: 'EUR'});
const signed = (amount: number) => `${amount > 0 ? '+' : '−'} ${euro.format(Math.abs(amount))}`;

/**
 * E-Bike with the hub motor chosen by the shopper, then the second battery (which needs the
 * mid motor) clicked: the dialog proposes switching the motor.
 */
async function conflictOnSecondBattery(inclVat: boolean) {
  const el = await readyConfigurator('E-Bike');
  if (!inclVat) {
    $<HTMLInputElement>(el, '[role="switch"]').click();
    await el.updateComplete;
  }
  await el.select(nodeByName(el.value!, 'Rear hub motor, 45 Nm').id, true);
  await settled(el);
  await openStep(el, 'Drive');
  const conflict = nextEvent(el, 'configurator-conflict');
  optionInput(el, 'Second battery').click();
  await conflict;
  await until(el, () => !!el.shadowRoot!.querySelector('[data-price="after-accepting"]'), 'total');
  return el;
}

async function accept(el: ProductConfiguratorElement) {
  const changed = nextEvent(el, 'configurator-change');
  $(el, '[data-action="accept"]').click();
  await changed;
  await settled(el);
}

describe('the conflict dialog’s prices', () => {
  for (const inclVat of [true, false]) {
    it(`shows each change's effect and the total after accepting (${inclVat ? 'incl.' : 'excl.'} VAT)`, async () => {
      const el = await conflictOnSecondBattery(inclVat);
      const vat = inclVat ? 1.21 : 1;
      const before = inclVat ? el.value!.totalPriceIncVAT : el.value!.totalPriceExVAT;
      const battery = nodeByName(el.value!, 'Second battery');
      const mid = nodeByName(el.value!, 'Mid-drive motor, 85 Nm');
      // The motor's line: it switches from the free hub motor to the mid motor.
      const lines = $$(el, '.conflict-item');
      expect(lines).to.have.length(1);
      expect(lines[0]!.textContent).to.contain('Mid-drive motor');
      expect(lines[0]!.querySelector('[data-effect="change"]')!.textContent!.trim()).to.equal(
        `Total ${signed(Math.round(mid.price * vat * 100) / 100)}`,
      );
      // The battery's own effect beside the question.
      expect($(el, '[data-effect="requested"]').textContent!.trim()).to.equal(
        `Total ${signed(Math.round(battery.price * vat * 100) / 100)}`,
      );
      const shown = $(el, '[data-price="after-accepting"]').textContent!.trim();

      await accept(el);
      const after = inclVat ? el.value!.totalPriceIncVAT : el.value!.totalPriceExVAT;
      const label = inclVat ? el.value!.totalPriceIncVATLabel : el.value!.totalPriceExVATLabel;
      expect(shown).to.equal(`Total after accepting: ${label}`);
      expect(after).to.be.greaterThan(before);
      el.remove();
    });
  }
});
