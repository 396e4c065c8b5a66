import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {buildBill} from '../../src/view/bill.js';
import {requestDemoToken} from '../helpers/demo-token.js';
import {
  $,
  $$,
  nodeByName,
  readyConfigurator,
  serviceUrl,
  settled,
  until,
} from '../helpers/browser/service.js';

async function openReview(el: ProductConfiguratorElement) {
  $(el, '[part~="summary"] [data-action="quote"]').click();
  await until(el, () => !!el.shadowRoot!.querySelector('.review'), 'the review');
}

const lines = (el: ProductConfiguratorElement) => $$(el, '.review-item');
const lineOf = (el: ProductConfiguratorElement, name: string) =>
  lines(el).find((li) => li.dataset.node === nodeByName(el.value!, name).id)!;

describe('the review is a faithful bill', () => {
  it('a number shows what it adds (the width at 210 cm), not its price per unit', async () => {
    const el = await readyConfigurator('Standing Desk');
    const width = nodeByName(el.value!, 'Width');
    await el.setValue(width.id, 210);
    await settled(el);
    await openReview(el);
    const price = lineOf(el, 'Width').querySelector('.review-price')!.textContent!.trim();
    const euro = new Intl.NumberFormat('en', {style: 'currency', currency: 'EUR'});
    expect(price).to.equal(`+ ${euro.format(Math.round(width.price * 210 * 1.21 * 100) / 100)}`);
    expect(price).not.to.contain(width.priceIncVATLabel);
    el.remove();
  });

  it('names each line by its groups, so no two read the same, and shows an open mandatory choice', async () => {
    const el = await readyConfigurator('Office Chair');
    await el.select(nodeByName(el.value!, 'Engraving').id, true);
    await settled(el);
    expect(el.value!.unansweredMandatories.length).to.be.greaterThan(0);
    await openReview(el);
    const read = lines(el).map((li) =>
      [li.querySelector('.review-path')?.textContent, li.querySelector('button')!.textContent]
        .map((t) => t?.trim() ?? '')
        .join(' / '),
    );
    expect(new Set(read).size, read.join('\n')).to.equal(read.length);
    for (const id of el.value!.unansweredMandatories) {
      const open = lines(el).find((li) => li.dataset.node === id);
      expect(open, `open mandatory ${id}`).not.to.equal(undefined);
      expect(open!.classList.contains('unanswered')).to.equal(true);
      expect(open!.querySelector('.review-price')!.textContent!.trim()).to.equal(
        'Not answered yet',
      );
    }
    el.remove();
  });

  it('its lines are the quotation’s lines, and its amounts add up to the options', async () => {
    const el = await readyConfigurator('Office Chair');
    await el.select(nodeByName(el.value!, 'White').id, true);
    await el.select(nodeByName(el.value!, 'Engraving').id, true);
    await el.setText(nodeByName(el.value!, 'Engraving name').id, 'Ada L.');
    await el.select(nodeByName(el.value!, '2 years').id, true);
    await settled(el);
    expect(el.value!.unansweredMandatories).to.deep.equal([]);
    await openReview(el);
    const reviewed = lines(el).map((li) => li.dataset.line!);
    expect(reviewed.length).to.be.greaterThan(3);

    // The amounts of the bill make the options' total.
    const bill = buildBill(el.value!, false);
    const sum = bill.lines.reduce((total, line) => total + line.amountExVat, 0);
    expect(Math.round(sum * 100) / 100).to.equal(el.value!.additionalPriceExVAT);

    const result = await el.requestQuote({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
    expect(result.quotationId).to.be.a('string');
    // What the service stored, read back as the back office would.
    const token = (await requestDemoToken(serviceUrl, 'Service.Api')).access_token;
    const response = await fetch(
      `${serviceUrl}/api/2/quotationlines?quotationId=${result.quotationId}`,
      {headers: {Authorization: `Bearer ${token}`}},
    );
    const [line] = (await response.json()) as {description: string; unitPriceExVAT: number}[];
    const [product, ...stored] = line!.description.split('\n');
    expect(product).to.equal(el.value!.featureModel.name);
    expect(stored.map((l) => l.replace(/^- /, ''))).to.deep.equal(reviewed);
    expect(line!.unitPriceExVAT).to.equal(el.value!.totalPriceExVAT);
    el.remove();
  });
});
