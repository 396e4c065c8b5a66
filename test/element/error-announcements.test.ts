// Failures are said politely and once: an error notice is no live region of its own (no
// `role="alert"`), and the element's one polite live region says it when it first shows; a
// render that shows it again (a re-render, the VAT switch, a retry that fails the same way)
// says nothing more.
import {expect, fixture, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {
  $,
  $$,
  nextEvent,
  optionInput,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  until,
} from '../helpers/browser/service.js';

/** Every text the element's live regions took, in order (what a screen reader would read). */
function listen(el: ProductConfiguratorElement) {
  const regions = $$(el, '[aria-live], [role="status"], [role="alert"], [role="log"]');
  const heard: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const region of new Set(
      records.map((r) => regions.find((x) => x.contains(r.target))).filter((r) => !!r),
    )) {
      const text = region.textContent!.replace(/\s+/g, ' ').trim();
      if (text)
        heard.push(`${region.getAttribute('role') ?? region.getAttribute('aria-live')}: ${text}`);
    }
  });
  for (const region of regions) {
    observer.observe(region, {childList: true, subtree: true, characterData: true});
  }
  return {heard, stop: () => observer.disconnect()};
}

/** The notices' own roles: none of them may be a live region. */
function noticeRoles(el: ProductConfiguratorElement): (string | null)[] {
  return $$(el, '[part~="error"]').flatMap((n) => [
    n.getAttribute('role'),
    n.getAttribute('aria-live'),
    n.closest('[aria-live], [role="alert"], [role="status"]')?.tagName ?? null,
  ]);
}

async function renderedAgain(el: ProductConfiguratorElement, times = 3) {
  for (let i = 0; i < times; i++) {
    el.requestUpdate();
    await el.updateComplete;
  }
}

describe('error notices are announced politely, once', () => {
  it('a failed change: the banner is said once, not again on re-renders, the VAT switch or a failed retry', async () => {
    const el = await readyConfigurator();
    const live = listen(el);
    const recorder = recordRequests();
    try {
      recorder.fail((url) => url.startsWith(serviceUrl));
      const error = nextEvent(el, 'configurator-error');
      optionInput(el, 'Graphite').click();
      await error;
      await until(el, () => !!el.shadowRoot!.querySelector('[part~="error"].banner'), 'banner');
      await until(el, () => live.heard.length > 0, 'the announcement');
      const banner = $(el, '[part~="error"].banner');
      expect(noticeRoles(el)).to.deep.equal([null, null, null]);
      const title = banner.querySelector('.notice-title')!.textContent!.trim();
      expect(live.heard).to.have.length(1);
      expect(live.heard[0]).to.match(/^status: /);
      expect(live.heard[0]).to.contain(title);
      expect(live.heard[0]).to.contain('no connection');

      await renderedAgain(el);
      $<HTMLInputElement>(el, '.switch input').click();
      await el.updateComplete;
      $<HTMLInputElement>(el, '.switch input').click();
      await el.updateComplete;
      // Retry fails the same way: the same notice, nothing new to say.
      const again = nextEvent(el, 'configurator-error');
      $(el, '[data-action="retry"]').click();
      await again;
      await renderedAgain(el);
      await new Promise((resolve) => setTimeout(resolve));
      expect(live.heard.filter((t) => t.includes(title))).to.have.length(1);
      expect(live.heard).to.have.length(1);
    } finally {
      recorder.restore();
      live.stop();
    }
  });

  it('a page mistake shown at the start is said once', async () => {
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator api-url=${serviceUrl}></product-configurator>`,
    );
    await el.updateComplete;
    const live = listen(el);
    try {
      const failed = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      expect((await failed).code).to.equal('no_token_source');
      await until(el, () => live.heard.length > 0, 'the announcement');
      await renderedAgain(el);
      await new Promise((resolve) => setTimeout(resolve));
      expect(noticeRoles(el)).to.deep.equal([null, null, null]);
      expect(live.heard).to.have.length(1);
      expect(live.heard[0]).to.contain($(el, '[part~="error"] .notice-title').textContent!.trim());
    } finally {
      live.stop();
    }
  });

  it('a quote that could not be sent is said once, beside the form', async () => {
    const el = await readyConfigurator();
    await el.select(
      optionInput(el, 'Graphite').closest('[data-node]')!.getAttribute('data-node')!,
      true,
    );
    const recorder = recordRequests();
    const live = listen(el);
    try {
      recorder.fail((url) => url.endsWith('/requestquote'));
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
      await el.select(
        el
          .value!.featureModel.steps.flatMap((s) => s.features)
          .flatMap((f) => f.features)
          .find((n) => n.name === '2 years')!.id,
        true,
      );
      await el.updateComplete;
      const form = $<HTMLFormElement>(el, 'form');
      for (const [name, value] of Object.entries({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      })) {
        const input = form.elements.namedItem(name) as HTMLInputElement;
        input.value = value;
        input.dispatchEvent(new Event('input', {bubbles: true}));
      }
      const heardBefore = live.heard.length;
      const error = nextEvent(el, 'configurator-error');
      $(el, '[data-action="submit"]').click();
      await error;
      await until(el, () => !!el.shadowRoot!.querySelector('#quote-form-error'), 'form error');
      await until(el, () => live.heard.length > heardBefore, 'the announcement');
      expect(noticeRoles(el)).to.deep.equal([null, null, null]);
      await renderedAgain(el);
      await new Promise((resolve) => setTimeout(resolve));
      const said = live.heard.slice(heardBefore);
      expect(said).to.have.length(1);
      expect(said[0]).to.contain($(el, '#quote-form-error').textContent!.trim());
    } finally {
      recorder.restore();
      live.stop();
    }
  });

  it('the quote form’s missing answers are said once, with their names, and again on a later visit', async () => {
    const el = await readyConfigurator();
    const live = listen(el);
    const toForm = async () => {
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await el.updateComplete;
      $(el, '[data-action="continue"]').click();
      await el.updateComplete;
    };
    try {
      // Warranty is mandatory and unanswered in a new Office Chair session.
      await toForm();
      const warning = $(el, '.notice.warning');
      expect(warning.matches('[part~="error"]')).to.equal(true);
      expect(noticeRoles(el)).to.deep.equal([null, null, null]);
      await until(el, () => live.heard.length > 0, 'the announcement');
      await renderedAgain(el);
      await new Promise((resolve) => setTimeout(resolve));
      expect(live.heard).to.have.length(1);
      expect(live.heard[0]).to.match(/^status: /);
      expect(live.heard[0]).to.contain(warning.querySelector('.notice-title')!.textContent!.trim());
      expect(live.heard[0]).to.contain('Warranty');

      // Back to the configuration and to the form again: the notice is news again.
      $(el, '[data-action="go-to-missing"]').click();
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.notice.warning')).to.equal(null);
      await toForm();
      await until(el, () => live.heard.length > 1, 'the second announcement');
      expect(live.heard[1]).to.equal(live.heard[0]);
    } finally {
      live.stop();
    }
  });
});
