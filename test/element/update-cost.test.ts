import {expect} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  nodeByName,
  openStep,
  readyConfigurator,
  recordRequests,
  settled,
  until,
} from '../helpers/browser/service.js';

// What an update costs on the element as the shopper has it (the picture, the total bar, the
// summary and the language choice all on screen): not a timing, the mechanisms that keep it
// small (docs/decisions/0026 and 0058).

const picture = (el: ProductConfiguratorElement) =>
  el.shadowRoot!.querySelector<HTMLImageElement>('.product-image');

/** Counts, while `inside()` holds, every read that makes the browser lay out the page. */
function countLayoutReads(inside: () => boolean) {
  const reads: string[] = [];
  const restore: (() => void)[] = [];
  const spy = (proto: object, name: string) => {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
    const note = () => {
      if (inside()) reads.push(name);
    };
    const spied: PropertyDescriptor = descriptor.get
      ? {
          ...descriptor,
          get(this: unknown) {
            note();
            return descriptor.get!.call(this);
          },
        }
      : {
          ...descriptor,
          value(this: unknown, ...args: unknown[]) {
            note();
            return (descriptor.value as (...a: unknown[]) => unknown).apply(this, args);
          },
        };
    Object.defineProperty(proto, name, spied);
    restore.push(() => Object.defineProperty(proto, name, descriptor));
  };
  for (const name of [
    'clientWidth',
    'clientHeight',
    'clientTop',
    'clientLeft',
    'scrollWidth',
    'scrollHeight',
    'scrollTop',
    'scrollLeft',
    'getBoundingClientRect',
    'getClientRects',
  ]) {
    spy(Element.prototype, name);
  }
  for (const name of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'innerText']) {
    spy(HTMLElement.prototype, name);
  }
  spy(window, 'getComputedStyle');
  return {reads, restore: () => restore.reverse().forEach((undo) => undo())};
}

/** Runs `work` with a flag raised while the element performs an update (render and commit). */
function duringUpdates(el: ProductConfiguratorElement) {
  const host = el as unknown as {performUpdate(): void};
  const original = host.performUpdate;
  const state = {inside: false, updates: 0};
  host.performUpdate = function (this: unknown) {
    state.inside = true;
    state.updates++;
    try {
      original.call(this);
    } finally {
      state.inside = false;
    }
  };
  return {state, restore: () => (host.performUpdate = original)};
}

describe('the cost of an update', () => {
  it('reads no layout while it renders; the picture still follows the change', async () => {
    const el = await readyConfigurator('Office Chair');
    await until(el, () => picture(el)?.dataset.configured === 'true', 'the configured picture');
    const before = picture(el)!.src;
    const updates = duringUpdates(el);
    const layout = countLayoutReads(() => updates.state.inside);
    const recorder = recordRequests();
    try {
      await el.select(nodeByName(el.value!, 'White').id, true);
      await until(el, () => picture(el)!.src !== before, 'the new picture');
    } finally {
      recorder.restore();
      layout.restore();
      updates.restore();
    }
    expect(updates.state.updates).to.be.greaterThan(0);
    // A layout forced in the middle of the update (the first configure render's is the whole
    // view's) would be paid on every change and hold `configurator-ready`.
    expect(layout.reads).to.deep.equal([]);
    // Measured outside the update, the picture was asked for once, at a size step.
    const images = recorder.requests.filter((r) => /\/image(\?|$)/.test(r.url));
    expect(images).to.have.length(1);
    expect(Number(new URL(images[0]!.url).searchParams.get('size'))).to.be.greaterThan(0);
  });

  it('does not render again the nodes a change left alone', async () => {
    const el = await readyConfigurator('Office Chair');
    await openStep(el, 'Seat & back');
    await settled(el);
    const slider = $<HTMLInputElement>(el, 'input[type="range"]');
    const sliderId = slider.closest<HTMLElement>('[data-node]')!.dataset.node!;
    // Every number the views format goes through a kept Intl.NumberFormat's `format`: the
    // slider on this step formats its value, its range and its spoken value when it renders.
    const proto = Intl.NumberFormat.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'format')!;
    const updates = duringUpdates(el);
    let formatted = 0;
    Object.defineProperty(proto, 'format', {
      ...descriptor,
      get(this: Intl.NumberFormat) {
        // Price labels are left out: an option's effect on the total is new content whenever
        // the total moves (a label not seen before is formatted once).
        if (updates.state.inside && this.resolvedOptions().style !== 'currency') formatted++;
        return descriptor.get!.call(this);
      },
    });
    const valueBefore = el.value!.values[sliderId];
    try {
      // Another choice on the same step: the texts, the picture, the total bar and the summary
      // change with it, the slider does not.
      await el.select(nodeByName(el.value!, 'Sand').id, true);
      await settled(el);
      await el.updateComplete;
    } finally {
      Object.defineProperty(proto, 'format', descriptor);
      updates.restore();
    }
    expect(el.value!.values[sliderId]).to.deep.equal(valueBefore);
    expect(updates.state.updates).to.be.greaterThan(0);
    expect(formatted, 'numbers formatted by the update').to.equal(0);

    // The same measure sees a render of the slider: moving it formats its numbers again.
    const again = duringUpdates(el);
    formatted = 0;
    Object.defineProperty(proto, 'format', {
      ...descriptor,
      get(this: Intl.NumberFormat) {
        if (again.state.inside) formatted++;
        return descriptor.get!.call(this);
      },
    });
    try {
      const [min, step] = [Number(slider.min), Number(slider.step || 1)];
      await el.setValue(sliderId, Number(slider.value) === min ? min + step : min);
      await settled(el);
    } finally {
      Object.defineProperty(proto, 'format', descriptor);
      again.restore();
    }
    expect(formatted).to.be.greaterThan(0);
  });
});
