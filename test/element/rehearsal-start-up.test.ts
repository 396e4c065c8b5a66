import {expect, fixture, html, oneEvent} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {demoToken, serviceUrl} from '../helpers/browser/service.js';

// As in rehearsal.test.ts: the templates Lit prepares, recorded as it makes them. This page's
// element is its first, so nothing was prepared before.
const made: string[] = [];
const createElement = document.createElement;
document.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
  const el = createElement.call(this, tag, options);
  if (tag === 'template') queueMicrotask(() => made.push((el as HTMLTemplateElement).innerHTML));
  return el;
} as typeof document.createElement;

/** Resolves once `done()` holds, checked whenever the page is idle (the rehearsal's own pace). */
function whenIdleUntil(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : requestIdleCallback(check));
    requestIdleCallback(check);
  });
}

describe('the element at start-up', () => {
  it('rehearses the configure view while the configuration is on its way', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        lang="en"
        .fetchToken=${() => held.then(demoToken)}
      ></product-configurator>`,
    );
    el.model = 'Office Chair';
    // The configure view's chunk loads at connect and rehearses once it is here; its last part
    // is a step with numbers.
    await whenIdleUntil(() => made.some((t) => t.includes('type="range"')));
    made.length = 0;
    const ready = oneEvent(el, EventName.ready);
    release();
    await ready;
    // Its pictures, and the language choice from the extras' chunk (asked for by the configure
    // view, so here with the configuration rather than before it), are prepared where they show.
    expect(made.filter((t) => !/<img|language-picker|<option>/.test(t))).to.deep.equal([]);
  });
});
