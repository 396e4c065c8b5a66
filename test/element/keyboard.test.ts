import {expect, html} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  demoToken,
  mount,
  nextEvent,
  nodeByName,
  optionInput,
  serviceUrl,
  settled,
  until,
  valueOf,
} from '../helpers/browser/service.js';

const active = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.activeElement as HTMLElement | null;

describe('keyboard only', () => {
  it('moves through steps with arrow keys, picks with arrows, and answers a conflict with Escape', async () => {
    const page = mount(
      html`<button id="before">before</button>
        <product-configurator
          api-url=${serviceUrl}
          .fetchToken=${demoToken}
        ></product-configurator>`,
    );
    const el = page.querySelector('product-configurator')!;
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Office Chair';
    await ready;
    await el.updateComplete;

    page.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({press: 'Tab'});
    expect(active(el)?.getAttribute('role')).to.equal('tab');
    expect(active(el)?.getAttribute('aria-selected')).to.equal('true');
    expect(active(el)?.textContent).to.contain('Frame & base');

    // ARIA tabs: arrows move and select, Home/End jump.
    await sendKeys({press: 'ArrowRight'});
    await el.updateComplete;
    expect(active(el)?.textContent).to.contain('Seat & back');
    expect(active(el)?.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({press: 'End'});
    await el.updateComplete;
    expect(active(el)?.textContent).to.contain('Personalise');
    await sendKeys({press: 'Home'});
    await el.updateComplete;
    expect(active(el)?.textContent).to.contain('Frame & base');

    // Into the panel: the checked radio of the first group; arrows pick the next option.
    await sendKeys({press: 'Tab'});
    expect((active(el) as HTMLInputElement).value).to.equal(nodeByName(el.value!, 'Black').id);
    const change = nextEvent(el, 'configurator-change');
    await sendKeys({press: 'ArrowRight'});
    const e = await change;
    expect(e.source).to.equal('user');
    expect(valueOf(e.configuration, nodeByName(e.configuration, 'White').id)).to.equal(1);

    // A conflict: the dialog takes focus, Escape keeps the configuration and returns focus.
    const id = (name: string) => nodeByName(el.value!, name).id;
    await el.select(id('High back'), true);
    await el.select(id('Standard back'), true);
    $(el, '[role="tab"]:nth-child(3)').click();
    await el.updateComplete;
    const headrest = optionInput(el, 'Headrest');
    headrest.focus();
    const conflict = nextEvent(el, 'configurator-conflict');
    await sendKeys({press: 'Space'});
    await conflict;
    await el.updateComplete;
    const dialog = $<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    expect(dialog.contains(active(el))).to.equal(true);
    // Tab cycles inside the dialog, both ways.
    await sendKeys({press: 'Tab'});
    expect(dialog.contains(active(el))).to.equal(true);
    await sendKeys({press: 'Tab'});
    expect(dialog.contains(active(el))).to.equal(true);
    await sendKeys({down: 'Shift'});
    await sendKeys({press: 'Tab'});
    await sendKeys({up: 'Shift'});
    expect(dialog.contains(active(el))).to.equal(true);
    await sendKeys({press: 'Escape'});
    await settled(el);
    await until(el, () => !dialog.open, 'the dialog to close');
    expect(valueOf(el.value!, id('Headrest'))).to.equal(0);
    expect(optionInput(el, 'Headrest').checked).to.equal(false);
    expect(active(el)).to.equal(optionInput(el, 'Headrest'));

    // Enter on a focused button opens the quote form; typing fills it.
    const quote = $<HTMLButtonElement>(el, '[part~="summary"] [data-action="quote"]');
    quote.focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    // The review comes first, focused by its title; its button leads on to the form.
    expect(active(el)?.id).to.equal('review-title');
    $<HTMLButtonElement>(el, '[data-action="continue"]').focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    expect(active(el)?.id).to.equal('quote-title');
    $<HTMLInputElement>(el, '#quote-firstName').focus();
    await sendKeys({type: 'Ada'});
    expect($<HTMLInputElement>(el, '#quote-firstName').value).to.equal('Ada');

    // The warranty is unanswered: its link leads to it, and the keyboard answers it.
    const link = $<HTMLElement>(el, '[data-action="go-to-missing"]');
    link.focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    const warranty = $(el, `[data-node="${id('Warranty')}"]`);
    expect(warranty.contains(active(el))).to.equal(true);
    for (let i = 0; i < 3 && (active(el) as HTMLInputElement | null)?.type !== 'radio'; i++) {
      await sendKeys({press: 'Tab'});
    }
    expect((active(el) as HTMLInputElement).type).to.equal('radio');
    const answered = nextEvent(el, 'configurator-change');
    await sendKeys({press: 'Space'});
    await answered;
    await settled(el);
    expect(el.value!.unansweredMandatories ?? []).to.have.length(0);

    // Back to the form: what was typed is still there; Tab moves on, Enter sends.
    $<HTMLButtonElement>(el, '[part~="summary"] [data-action="quote"]').focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    $<HTMLButtonElement>(el, '[data-action="continue"]').focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    expect($<HTMLInputElement>(el, '#quote-firstName').value).to.equal('Ada');
    $<HTMLInputElement>(el, '#quote-firstName').focus();
    await sendKeys({press: 'Tab'});
    expect(active(el)?.getAttribute('name')).to.equal('lastName');
    await sendKeys({type: 'Lovelace'});
    await sendKeys({press: 'Tab'});
    expect(active(el)?.getAttribute('name')).to.equal('email');
    await sendKeys({type: 'ada@example.com'});
    const requested = nextEvent(el, 'configurator-quote-requested');
    await sendKeys({press: 'Enter'});
    const r = await requested;
    await until(el, () => active(el)?.id === 'thanks-title', 'focus on the thank-you');
    // The thank-you names the quotation by the number people quote, not by its GUID.
    expect(r.result.quotationNumber).to.match(/^Q-\d{6}$/);
    expect($(el, '.quotation-number').textContent!.trim()).to.equal(r.result.quotationNumber);
    expect($(el, '.thanks').textContent).not.to.contain(r.quotationId);
    page.remove();
  });
});
