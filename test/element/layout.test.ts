import {expect, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {$, demoToken, mount, nextEvent, serviceUrl} from '../helpers/browser/service.js';

/**
 * Renders the element in a box of a fixed width with its first token held back, so the skeleton
 * stays on screen until `release` is called.
 */
async function heldConfigurator(model: string, width: number) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const container = mount(
    html`<div style="width: ${width}px">
      <product-configurator
        api-url=${serviceUrl}
        lang="en"
        .fetchToken=${async () => {
          await gate;
          return demoToken();
        }}
      ></product-configurator>
    </div>`,
  );
  const el = container.querySelector<ProductConfiguratorElement>('product-configurator')!;
  el.model = model;
  await el.updateComplete;
  return {el, container, release};
}

const height = (el: Element) => el.getBoundingClientRect().height;

describe('loading skeleton', () => {
  // What a shopper notices is the page moving when the configurator arrives. The skeleton
  // takes the ready layout's shape, so the criterion is twofold:
  // - the configured view is never shorter than the skeleton (by more than a rounding pixel):
  //   a skeleton that collapses pulls everything below it up;
  // - the skeleton reserves what a shopper sees of the configured view without scrolling, taken
  //   as the first 640 px (a laptop screen below a site's header): nothing there moves. Further
  //   down, a long model grows the page, but that part is off screen while it happens.
  // Measured with the demo's models at a width with two columns, and with one column.
  const firstScreen = 640;
  for (const [model, width] of [
    ['Office Chair', 1100],
    ['Office Chair', 380],
    ['Standing Desk', 1100],
    ['E-Bike', 1100],
  ] as const) {
    it(`reserves the ready layout's space for ${model} at ${width}px`, async () => {
      const {el, container, release} = await heldConfigurator(model, width);
      try {
        const skeleton = $(el, '.skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        const loading = height(el);
        // A realistic minimum: a configurator is never a thin strip while it loads.
        expect(loading, 'skeleton height').to.be.at.least(400);

        const ready = nextEvent(el, 'configurator-ready');
        release();
        await ready;
        await el.updateComplete;
        expect(el.shadowRoot!.querySelector('.skeleton')).to.equal(null);
        const configured = height(el);
        const numbers = `skeleton ${loading}px, configured ${configured}px`;
        expect(configured, numbers).to.be.at.least(loading - 1);
        expect(loading, numbers).to.be.at.least(Math.min(configured, firstScreen));
      } finally {
        container.remove();
      }
    });
  }
});
