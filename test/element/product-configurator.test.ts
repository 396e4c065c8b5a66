import {expect, fixture, html} from '@open-wc/testing';
import '../../src/product-configurator.js';

describe('product-configurator', () => {
  it('registers the tag once', async () => {
    const el = await fixture(
      html`<product-configurator model="Office Chair"></product-configurator>`,
    );
    expect(el).to.be.instanceOf(customElements.get('product-configurator')!);
  });
});
