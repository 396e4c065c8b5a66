import {expect, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {demoToken, mount, nextEvent, serviceUrl, until} from '../helpers/browser/service.js';

// Each size and weight of text the first screen draws is a font the browser looks up once per
// page; on Linux each lookup asks the browser process across its sandbox, during the frame's
// layout (0.5 to 4 ms each on the 2-core test machine). The element keeps to a scale of five
// sizes (docs/decisions/0110-a-type-scale-of-five-sizes.md).

/** The scale, in multiples of the page's root font size. */
const scale = [0.8, 0.875, 1, 1.25, 1.5];

/** Every size, weight and family of the text in `root`, shadow roots included. */
function fontsOf(root: ParentNode, rootSize: number, out = new Map<string, string>()) {
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) fontsOf(el.shadowRoot, rootSize, out);
    const text = [...el.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim(),
    );
    if (!text || (el as HTMLElement).offsetParent === null) continue;
    const style = getComputedStyle(el);
    const size = Math.round((parseFloat(style.fontSize) / rootSize) * 1000) / 1000;
    out.set(`${size} ${style.fontWeight} ${style.fontFamily}`, `${el.localName}.${el.className}`);
  }
  return out;
}

describe('type scale', () => {
  for (const [model, width] of [
    ['Office Chair', 1100],
    ['Office Chair', 380],
    ['E-Bike', 1100],
  ] as const) {
    it(`${model} at ${width}px draws its text in the scale's sizes, two weights and the page's family`, async () => {
      const container = mount(
        html`<div style="width: ${width}px">
          <product-configurator
            api-url=${serviceUrl}
            lang="en"
            .fetchToken=${demoToken}
          ></product-configurator>
        </div>`,
      );
      try {
        const el = container.querySelector<ProductConfiguratorElement>('product-configurator')!;
        const ready = nextEvent(el, 'configurator-ready');
        el.model = model;
        await ready;
        await el.updateComplete;
        // The extras (the language choice) and the summary column are part of the screen too.
        await until(el, () => !!el.shadowRoot!.querySelector('.language-select'), 'the extras');
        const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize);
        const fonts = fontsOf(el.shadowRoot!, rootSize);
        const sizes = [...fonts.keys()].map((key) => parseFloat(key));
        const seen = JSON.stringify(Object.fromEntries(fonts));
        expect(
          sizes.filter((size) => !scale.includes(size)),
          seen,
        ).to.deep.equal([]);
        expect(fonts.size, seen).to.be.at.most(9);
      } finally {
        container.remove();
      }
    });
  }
});
