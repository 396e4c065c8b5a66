import {expect} from '@open-wc/testing';
import {
  $,
  nodeByName,
  openStep,
  optionInput,
  readyConfigurator,
  recordRequests,
  settled,
  valueOf,
} from '../helpers/browser/service.js';

// Bursts are dispatched in one go: the quiet period is what is being tested, so nothing here
// waits a fixed time; `settled` waits until the session has sent and applied everything.

const updates = (requests: {method: string; url: string}[]) =>
  requests.filter((r) => r.method === 'PUT');

describe('rapid input', () => {
  it('sends a burst of 50 number changes as at most two requests and keeps the last value', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Personalise');
    const id = nodeByName(el.value!, 'Spare castors').id;
    const input = $<HTMLInputElement>(el, `[data-node="${id}"] input[type="number"]`);
    const recorder = recordRequests();
    const typed: number[] = [];
    try {
      input.focus();
      for (let i = 0; i < 50; i++) {
        const value = (i % 10) + 1;
        typed.push(value);
        input.value = String(value);
        // A spinner click is an input and a change each time.
        input.dispatchEvent(new Event('input', {bubbles: true}));
        input.dispatchEvent(new Event('change', {bubbles: true}));
      }
      // Held until the shopper leaves the field: still nothing sent, yet shown.
      expect(updates(recorder.requests)).to.have.length(0);
      expect(el.session!.snapshot.pending.get(id)?.value).to.equal(typed.at(-1));
      input.blur();
      await settled(el);
    } finally {
      recorder.restore();
    }
    expect(updates(recorder.requests).length).to.be.within(1, 2);
    // The service's state is the last value typed, and so is the field.
    expect(valueOf(el.value!, id)).to.equal(typed.at(-1));
    expect(input.value).to.equal(String(typed.at(-1)));
  });

  it('sends a dragged slider when it is let go, and previews every step meanwhile', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Seat & back');
    const slider = $<HTMLInputElement>(el, 'input[type="range"]');
    const id = slider.closest<HTMLElement>('[data-node]')!.dataset.node!;
    const output = $(el, `[data-node="${id}"] output`);
    const recorder = recordRequests();
    try {
      for (let i = 0; i < 50; i++) {
        slider.value = String(42 + (i % 12));
        slider.dispatchEvent(new Event('input', {bubbles: true}));
        await el.updateComplete;
        // The value beside the slider follows the drag before the service has heard of it.
        expect(output.textContent).to.contain(slider.value);
      }
      slider.dispatchEvent(new Event('change', {bubbles: true}));
      await settled(el);
    } finally {
      recorder.restore();
    }
    // One when let go; one more only if the drag outlasted the longest hold (a slow machine).
    expect(updates(recorder.requests).length).to.be.within(1, 2);
    expect(valueOf(el.value!, id)).to.equal(Number(slider.value));
  });

  it('loses no typed text when the shopper picks an option before the quiet period ends', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Personalise');
    optionInput(el, 'Engraving').click();
    await settled(el);
    const textId = nodeByName(el.value!, 'Engraving name').id;
    const text = $<HTMLInputElement>(el, `[data-node="${textId}"] input`);
    const recorder = recordRequests();
    try {
      for (const typed of ['A', 'AD', 'ADA', 'ADA ', 'ADA L', 'ADA L.']) {
        text.value = typed;
        text.dispatchEvent(new Event('input', {bubbles: true}));
      }
      // A selection right away: the held text goes first, then the selection.
      optionInput(el, 'Sans serif').click();
      await settled(el);
    } finally {
      recorder.restore();
    }
    const sent = updates(recorder.requests);
    expect(sent).to.have.length(2);
    expect(sent[0]!.url).to.match(/\/text$/);
    expect(el.value!.textValues[textId]).to.equal('ADA L.');
    expect(valueOf(el.value!, nodeByName(el.value!, 'Sans serif').id)).to.equal(1);
    expect(text.value).to.equal('ADA L.');
  });
});
