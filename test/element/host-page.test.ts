// The element as one part of a host's page: beside another configurator, the page's landmarks
// stay the page's.
import {expect, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {demoToken, mount, nextEvent, serviceUrl, until} from '../helpers/browser/service.js';
import '../../src/product-configurator.js';

interface AxeResults {
  violations: {id: string; nodes: {html: string}[]}[];
}

/** axe's default rules over `context`: the rule and the markup of every violation. */
async function violations(context: Node): Promise<string[]> {
  const axe = (window as unknown as {axe: {run: (...a: unknown[]) => Promise<AxeResults>}}).axe;
  const results = await axe.run(context, {resultTypes: ['violations']});
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const configurator = (model: string) =>
  html`<product-configurator
    model=${model}
    api-url=${serviceUrl}
    lang="en"
    .fetchToken=${demoToken}
  ></product-configurator>`;

/** Mounts a page holding two configurators and waits until both show their product. */
async function twoOnAPage(template: (a: unknown, b: unknown) => unknown) {
  const page = mount(template(configurator('Office Chair'), configurator('E-Bike')));
  const both = Array.from(
    page.querySelectorAll<ProductConfiguratorElement>('product-configurator'),
  );
  await Promise.all(both.map((el) => (el.value ? null : nextEvent(el, 'configurator-ready'))));
  for (const el of both) {
    await until(el, () => !!el.shadowRoot!.querySelector('[part~="product-name"]'), 'a product');
  }
  return {page, both};
}

describe('two configurators on one page', () => {
  let page: HTMLDivElement | undefined;
  const title = document.title;
  afterEach(() => {
    page?.remove();
    document.title = title;
  });

  it('side by side in a plain block: axe finds nothing over both', async () => {
    const mounted = await twoOnAPage((a, b) => html`<div class="products">${a} ${b}</div>`);
    page = mounted.page;
    // The chai plugin loads axe on first use.
    await expect(mounted.both[0]).to.be.accessible();
    expect(await violations(page)).to.deep.equal([]);
    // Page-level landmarks belong to the page: the widget claims none of them.
    for (const el of mounted.both) {
      const claimed = el.shadowRoot!.querySelectorAll(
        'header, footer, nav, aside, main, [role="banner"], [role="contentinfo"], [role="navigation"], [role="complementary"], [role="main"]',
      );
      expect(Array.from(claimed, (n) => n.outerHTML.slice(0, 80))).to.deep.equal([]);
    }
  });

  it("inside a shop's own page: the whole page as a site audit sees it has no violation", async () => {
    document.title = 'Build your own';
    const mounted = await twoOnAPage(
      (a, b) =>
        html`<header><p>A shop</p></header>
          <main>
            <h1>Build your own</h1>
            ${a} ${b}
          </main>
          <footer><p>Opening hours</p></footer>`,
    );
    page = mounted.page;
    await expect(mounted.both[1]).to.be.accessible();
    expect(await violations(document)).to.deep.equal([]);
  });
});
