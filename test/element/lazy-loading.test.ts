import {expect} from '@open-wc/testing';
import {html} from 'lit';
import {richText} from '../../src/view/sanitize.js';
import {
  $,
  mount,
  nextTask,
  openStep,
  readyConfigurator,
  settled,
  until,
} from '../helpers/browser/service.js';

// The page of this file loads modules only as the element asks for them, so the resource
// timeline shows when each part arrived. (The built script-tag file is checked the same way in
// test/bundle/entry-imports.test.ts.)
performance.setResourceTimingBufferSize(100_000);

const loaded = (part: RegExp) =>
  performance.getEntriesByType('resource').some((e) => part.test(new URL(e.name).pathname));

describe('parts loaded on demand', () => {
  it('loads a dictionary when the language switches to it, not before', async () => {
    const el = await readyConfigurator('Office Chair', {lang: 'en'});
    expect(loaded(/\/src\/i18n\/fr\./)).to.equal(false);
    el.lang = 'fr';
    await until(el, () => $(el, '[data-action="next"]').textContent!.includes('Suivant'), 'French');
    expect(loaded(/\/src\/i18n\/fr\./)).to.equal(true);
    expect(loaded(/\/src\/i18n\/de\./)).to.equal(false);
  });

  it('loads the quote form when the shopper opens it, not before', async () => {
    const el = await readyConfigurator();
    await openStep(el, 'Seat & back');
    await settled(el);
    expect(loaded(/\/src\/view\/render-quote-form\./)).to.equal(false);
    expect(loaded(/\/src\/view\/render-conflict-dialog\./)).to.equal(false);
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    // The review comes first, from the same chunk as the form; its button leads on to the form.
    expect(el.shadowRoot!.querySelector('.review')).not.to.equal(null);
    expect(loaded(/\/src\/view\/render-review\./)).to.equal(true);
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('form:not(.resume)')).not.to.equal(null);
    expect(loaded(/\/src\/view\/render-quote-form\./)).to.equal(true);
    // Its styles came with it.
    expect(getComputedStyle($(el, 'fieldset')).borderTopWidth).to.equal('0px');
  });

  it('loads DOMPurify only where the platform cannot sanitise, and only for markup', async () => {
    expect(loaded(/dompurify/)).to.equal(false);
    // The platform (Element.prototype.setHTML) handles markup here without DOMPurify.
    const platform = mount(
      html`<div>${richText('<b>bold</b><img src=x onerror="alert(1)">')}</div>`,
    );
    expect(platform.querySelector('b')!.textContent).to.equal('bold');
    expect(platform.querySelector('img')).to.equal(null);
    expect(loaded(/dompurify/)).to.equal(false);

    const proto = Element.prototype as unknown as Record<string, unknown>;
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'setHTML')!;
    delete proto.setHTML;
    try {
      // Plain text needs no sanitiser at all.
      const plain = mount(html`<div>${richText('Plain words, no markup')}</div>`);
      expect(plain.textContent).to.contain('Plain words');
      expect(loaded(/dompurify/)).to.equal(false);
      // Markup: shown as text at once, sanitised by DOMPurify once it has loaded.
      const marked = mount(html`<div>${richText('<em>soft</em><script>alert(1)</script>')}</div>`);
      expect(marked.textContent).to.contain('soft');
      await waitFor(() => marked.querySelector('em') !== null, 'DOMPurify');
      expect(marked.querySelector('script')).to.equal(null);
      expect(loaded(/dompurify/)).to.equal(true);
    } finally {
      Object.defineProperty(proto, 'setHTML', descriptor);
      document.querySelectorAll('body > div').forEach((d) => d.remove());
    }
  });
});

/** Resolves once `predicate` holds, checked after each task (the chunk arrives in one). */
async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000) {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await nextTask();
  }
}
