// In a file of its own: the page starts with no token cached for the endpoint.
import {expect, html} from '@open-wc/testing';
import {$, mount, nextEvent, recordRequests, serviceUrl} from '../helpers/browser/service.js';

describe('a token endpoint shared by several elements', () => {
  it('costs one token request for two elements, and the token stays out of storage', async () => {
    const endpoint = `${serviceUrl}/api/configurator-token`;
    const recorder = recordRequests();
    const page = mount(
      html`<div style="font-family: Georgia, serif">
        <product-configurator
          model="Office Chair"
          api-url=${serviceUrl}
          token-endpoint=${endpoint}
        ></product-configurator>
        <product-configurator
          model="Office Chair"
          api-url=${serviceUrl}
          token-endpoint=${endpoint}
        ></product-configurator>
      </div>`,
    );
    try {
      const [a, b] = Array.from(page.querySelectorAll('product-configurator'));
      await Promise.all([nextEvent(a!, 'configurator-ready'), nextEvent(b!, 'configurator-ready')]);
      const tokenRequests = recorder.requests.filter((r) => r.url === endpoint);
      expect(tokenRequests.map((r) => r.method)).to.deep.equal(['POST']);
      expect(a!.value!.id).not.to.equal(b!.value!.id);
      // Tokens live in memory only.
      expect(localStorage.length).to.equal(0);
      expect(sessionStorage.length).to.equal(0);
      expect(document.cookie).to.equal('');
      // The font is the page's.
      await a!.updateComplete;
      expect(getComputedStyle($(a!, '[part~="product-name"]')).fontFamily).to.contain('Georgia');
    } finally {
      recorder.restore();
      page.remove();
    }
  });
});
