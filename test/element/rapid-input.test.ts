import {expect} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {quietMs} from '../../src/controllers/session-controller.js';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {copy as copyOf} from '../../src/session/undo-history.js';
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
// waits a fixed time; `settled` waits until the session has sent and applied everything. The
// bursts paced over a second are the shopper's pace itself (an input every 20 ms, so the
// longest hold of a held input runs out within them), not a wait for a result.

const updates = (requests: {method: string; url: string}[]) =>
  requests.filter((r) => r.method === 'PUT');

/** The shopper's pace: the next input of a burst. */
const nextInput = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * The service's own state of the element's configuration, as a fresh copy of it reads
 * (`open/{code}`): what the service would answer anyone, not what the element remembers.
 */
async function serviceValues(el: ProductConfiguratorElement) {
  const copy = await copyOf(el.session!);
  return {values: copy.values, textValues: copy.textValues};
}

describe('rapid input', () => {
  it('shows the value the price stands on again when the shopper empties a number field', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Personalise');
    const id = nodeByName(el.value!, 'Spare castors').id;
    const input = $<HTMLInputElement>(el, `[data-node="${id}"] input[type="number"]`);
    input.value = '3';
    input.dispatchEvent(new Event('change', {bubbles: true}));
    input.blur();
    await settled(el);
    const recorder = recordRequests();
    try {
      input.focus();
      input.value = '';
      input.dispatchEvent(new Event('input', {bubbles: true}));
      // Mid-edit, an empty field stays empty: the shopper may be typing a new number.
      expect(input.value).to.equal('');
      input.dispatchEvent(new Event('change', {bubbles: true}));
      input.blur();
      await settled(el);
    } finally {
      recorder.restore();
    }
    expect(input.value).to.equal('3');
    expect(valueOf(el.value!, id)).to.equal(3);
    expect(updates(recorder.requests)).to.have.length(0);
  });

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
    const field = $<HTMLInputElement>(el, `[data-node="${id}"] input[type="number"]`);
    const recorder = recordRequests();
    try {
      for (let i = 0; i < 50; i++) {
        slider.value = String(42 + (i % 12));
        slider.dispatchEvent(new Event('input', {bubbles: true}));
        await el.updateComplete;
        // The field beside the slider follows the drag before the service has heard of it.
        expect(field.value).to.equal(slider.value);
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

  it('sends a burst of 50 arrow-key steps on a slider as at most two requests, the last step kept', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Seat & back');
    const slider = $<HTMLInputElement>(el, 'input[type="range"]');
    const id = slider.closest<HTMLElement>('[data-node]')!.dataset.node!;
    const [min, max] = [Number(slider.min), Number(slider.max)];
    const recorder = recordRequests();
    let last = 0;
    try {
      slider.focus();
      // What Chromium does for each arrow key on a slider: keydown, then input and change.
      for (let i = 0; i < 50; i++) {
        slider.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
        last = min + ((i * 3) % (max - min + 1));
        slider.value = String(last);
        slider.dispatchEvent(new Event('input', {bubbles: true}));
        slider.dispatchEvent(new Event('change', {bubbles: true}));
      }
      await settled(el);
    } finally {
      recorder.restore();
    }
    expect(updates(recorder.requests).length).to.be.within(1, 2);
    expect(valueOf(el.value!, id)).to.equal(last);
    const service = await serviceValues(el);
    expect(valueOf({values: service.values} as never, id)).to.equal(last);
  });

  it('holds real arrow keys on a slider until they pause, and sends at once on leaving it', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Seat & back');
    const slider = $<HTMLInputElement>(el, 'input[type="range"]');
    const id = slider.closest<HTMLElement>('[data-node]')!.dataset.node!;
    const start = valueOf(el.value!, id) as number;
    const direction = start + 5 * Number(slider.step || 1) <= Number(slider.max) ? 1 : -1;
    const recorder = recordRequests();
    // Each press goes from the test runner to the browser and back; on a busy machine two of
    // them can be further apart than the quiet period, and the shopper's slider then rightly
    // sends at that pause. The presses' own times say how many pauses there were.
    const pressed: number[] = [];
    const onKey = () => pressed.push(performance.now());
    slider.addEventListener('keydown', onKey);
    try {
      slider.focus();
      for (let i = 0; i < 5; i++)
        await sendKeys({press: direction > 0 ? 'ArrowRight' : 'ArrowLeft'});
      const pauses = pressed.slice(1).filter((t, i) => t - pressed[i]! >= quietMs).length;
      // Five key presses, five commits by the browser: none of them sent on its own (each used
      // to send at once, and the held step was gone from `pending` by the next press).
      if (performance.now() - pressed.at(-1)! < quietMs) {
        expect(el.session!.snapshot.pending.get(id)?.value).to.equal(slider.valueAsNumber);
      }
      await settled(el);
      expect(pressed).to.have.length(5);
      expect(updates(recorder.requests).length).to.be.within(1, 2 + pauses);
      expect(valueOf(el.value!, id)).to.equal(slider.valueAsNumber);
      expect(slider.valueAsNumber).to.not.equal(start);
    } finally {
      slider.removeEventListener('keydown', onKey);
      recorder.restore();
    }
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

  // With undo (which notes each state's revision between inputs), the picture (asked for after
  // each settled state) and the total bar on screen: none of them may send the held input early.
  for (const kind of ['slider', 'number'] as const) {
    it(`sends 50 ${kind} inputs paced over a second as at most three updates, last value kept`, async () => {
      const el = await readyConfigurator();
      await openStep(el, kind === 'slider' ? 'Seat & back' : 'Personalise');
      const input =
        kind === 'slider'
          ? $<HTMLInputElement>(el, 'input[type="range"]')
          : $<HTMLInputElement>(
              el,
              `[data-node="${nodeByName(el.value!, 'Spare castors').id}"] input[type="number"]`,
            );
      const id = input.closest<HTMLElement>('[data-node]')!.dataset.node!;
      const [min, max, step] = [Number(input.min), Number(input.max), Number(input.step || 1)];
      const steps = Math.min(5, Math.floor((max - min) / step));
      // An earlier change, so that undo has a history and copies between these inputs; the
      // burst never types this value, so undo tells it apart.
      const first = min;
      input.value = String(first);
      input.dispatchEvent(new Event('input', {bubbles: true}));
      input.dispatchEvent(new Event('change', {bubbles: true}));
      input.blur();
      await settled(el);
      expect(valueOf(el.value!, id)).to.equal(first);

      const recorder = recordRequests();
      const typed: number[] = [];
      const startedAt = performance.now();
      try {
        input.focus();
        for (let i = 0; i < 50; i++) {
          const value = min + step * ((i % steps) + 1);
          typed.push(value);
          input.value = String(value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
          // A number field's spinner commits each step; a slider commits when it is let go.
          if (kind === 'number') input.dispatchEvent(new Event('change', {bubbles: true}));
          // Shown at once, before the service has heard of it.
          expect(el.session!.snapshot.pending.get(id)?.value ?? valueOf(el.value!, id)).to.equal(
            value,
          );
          await nextInput();
        }
        if (kind === 'slider') input.dispatchEvent(new Event('change', {bubbles: true}));
        else input.blur();
        await settled(el);
      } finally {
        recorder.restore();
      }
      // Paced as asked: within about a second, so the longest hold ran out during it.
      expect(performance.now() - startedAt).to.be.above(1000);
      const sent = updates(recorder.requests);
      expect(sent.length).to.be.within(1, 3);
      // Undo's history cost no request of its own: the service keeps the earlier states.
      expect(recorder.requests.filter((r) => r.url.includes('/copy/'))).to.deep.equal([]);
      expect(sent.every((r) => new URL(r.url).pathname.endsWith(el.value!.id))).to.equal(true);
      // Nothing lost: the last value is the element's, the field's and the service's.
      expect(valueOf(el.value!, id)).to.equal(typed.at(-1));
      expect(Number(input.value)).to.equal(typed.at(-1));
      const service = await serviceValues(el);
      expect(service.values).to.deep.equal(el.value!.values);
      expect(service.textValues).to.deep.equal(el.value!.textValues);
      // No undo level lost: one undo per update sent goes back to exactly the state before.
      // No undo level lost: at most one undo per update sent (an update that changed nothing
      // adds none) goes back to exactly the state before the burst.
      for (let i = 0; i < sent.length && valueOf(el.value!, id) !== first; i++) await el.undo();
      await settled(el);
      expect(valueOf(el.value!, id)).to.equal(first);
    });
  }
});
