import {expect} from '@open-wc/testing';
import {EventName} from '../../src/events/event-names.js';
import {
  $,
  $$,
  nextEvent,
  nodeByName,
  readyConfigurator,
  settled,
  until,
} from '../helpers/browser/service.js';

const euro = new Intl.NumberFormat('en', {style: 'currency', currency: 'EUR'});
const signed = (amount: number) => `${amount > 0 ? '+' : '−'} ${euro.format(Math.abs(amount))}`;
const cents = (amount: number) => Math.round(amount * 100);

describe('the conflict dialog’s figures when a change brings the requested choice along', () => {
  it('prices each line as its own part, and the lines add up to the total after accepting', async function () {
    this.timeout(60_000);
    const el = await readyConfigurator('Office Chair');
    const armrests = nodeByName(el.value!, 'Armrests');
    const pads = nodeByName(el.value!, 'Soft PU pads');
    // The shopper unticks the armrests, then asks for soft pads (which sit on them).
    await el.select(armrests.id, false);
    await settled(el);
    const before = el.value!.totalPriceIncVAT;
    const conflict = nextEvent(el, EventName.conflict);
    void el.select(pads.id, true).catch(() => {});
    await conflict;
    await until(
      el,
      () => !!el.shadowRoot!.querySelector('[data-price="after-accepting"]'),
      'total',
    );
    const lines = $$(el, '.conflict-item');
    expect(lines).to.have.length(1);
    expect(lines[0]!.textContent).to.contain('Armrests');
    // The armrests' own price, not the pads' with it; the pads' share beside the question.
    const line = lines[0]!.querySelector('[data-effect="change"]')!.textContent!.trim();
    const requested = $(el, '[data-effect="requested"]').textContent!.trim();
    expect(line).to.equal(`Total ${signed(Math.round(armrests.price * 121) / 100)}`);
    expect(requested).to.equal(`Total ${signed(Math.round(pads.price * 121) / 100)}`);
    const shown = $(el, '[data-price="after-accepting"]').textContent!.trim();

    const changed = nextEvent(el, EventName.change);
    $(el, '[data-action="accept"]').click();
    await changed;
    await settled(el);
    const after = el.value!;
    expect(shown).to.equal(`Total after accepting: ${after.totalPriceIncVATLabel}`);
    const amount = (label: string) => Number(label.replace(/[^\d.]/g, ''));
    expect(cents(before + amount(line) + amount(requested))).to.equal(
      cents(after.totalPriceIncVAT),
    );
    el.remove();
  });
});
