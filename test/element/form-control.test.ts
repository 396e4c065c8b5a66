// The element as a form control in Chromium, against the reference service: its entries in the
// form data (id, code, and the signed statement once complete and saved), its validity and
// message in the shopper's language, reportValidity bringing the shopper to the first missing
// answer, disabled, the form attribute, reset and state restore; and its own forms (quote,
// resume) working in a frame sandboxed without allow-forms.
import {expect, fixture, html} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import type {Configuration} from '../../src/wire/index.js';
import {
  $,
  allNodes,
  demoToken,
  fillQuoteForm,
  nextEvent,
  nodeByName,
  recordRequests,
  serviceUrl,
  until,
} from '../helpers/browser/service.js';

const claimsOf = (jws: string) =>
  JSON.parse(atob(jws.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    sub: string;
    code: string;
    totalInclVat: number;
    lang: string;
  };

const nameOf = (configuration: Configuration, id: string) =>
  allNodes(configuration).find((node) => node.id === id)!.name;

async function inForm(lang = 'en', attributes = 'name="configuration" required') {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  // Attributes as a page writes them, so the element is upgraded with them in place.
  wrapper.innerHTML = `<form action="about:blank"><product-configurator ${attributes}
    lang="${lang}" api-url="${serviceUrl}"></product-configurator><button>Add to cart</button></form>`;
  const form = wrapper.querySelector('form')!;
  const el = wrapper.querySelector<ProductConfiguratorElement>('product-configurator')!;
  el.fetchToken = demoToken;
  const ready = nextEvent(el, 'configurator-ready');
  el.model = 'Office Chair';
  await ready;
  await el.updateComplete;
  return {form, el};
}

/** Resolves once the element is valid (the statement has come). */
const valid = (el: ProductConfiguratorElement) =>
  until(el, () => el.checkValidity(), 'a valid control');

describe('the element as a form control', () => {
  it('is invalid until complete, says why in its language, then posts id, code and statement', async () => {
    const {form, el} = await inForm('de');
    const first = el.value!.unansweredMandatories[0]!;
    expect(el.form).to.equal(form);
    expect(el.willValidate).to.equal(true);
    expect(el.checkValidity()).to.equal(false);
    expect(el.validity.customError).to.equal(true);
    expect(el.validationMessage).to.equal(
      `Bitte beantworten Sie zuerst „${nameOf(el.value!, first)}“.`,
    );
    let data = new FormData(form);
    expect(data.get('configuration')).to.equal(el.value!.id);
    expect(data.get('configuration-code')).to.equal(el.value!.code);
    expect(data.has('configuration-signed')).to.equal(false);

    // Asking moves nothing; a submit is held back and brings the shopper to the first missing
    // answer, on a step not shown so far.
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(null);
    expect(el.shadowRoot!.querySelector(`[data-node="${CSS.escape(first)}"]`)).to.equal(null);
    let submitted = 0;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted++;
    });
    const invalid = nextEvent(el, 'invalid' as keyof HTMLElementEventMap);
    form.requestSubmit();
    await invalid;
    expect(submitted).to.equal(0);
    await until(
      el,
      () => !!el.shadowRoot!.activeElement?.closest(`[data-node="${CSS.escape(first)}"]`),
      'focus on the first missing answer',
    );

    await el.select(nodeByName(el.value!, '5 Jahre').id, true);
    await valid(el);
    data = new FormData(form);
    const jws = String(data.get('configuration-signed'));
    const claims = claimsOf(jws);
    expect(claims.sub).to.equal(el.value!.id);
    expect(claims.code).to.equal(data.get('configuration-code'));
    expect(claims.totalInclVat).to.equal(el.value!.totalPriceIncVAT);
    expect(claims.lang).to.equal('de');
    expect(el.validationMessage).to.equal('');
    form.requestSubmit();
    expect(submitted).to.equal(1);

    // A change on its way: invalid at once, and no stale statement in the data.
    const total = el.value!.totalPriceIncVAT;
    const change = el.select(nodeByName(el.value!, 'Kopfstütze').id, true);
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(false);
    expect(el.validationMessage).to.contain('gespeichert');
    expect(new FormData(form).has('configuration-signed')).to.equal(false);
    await change;
    await valid(el);
    const renewed = claimsOf(String(new FormData(form).get('configuration-signed')));
    expect(renewed.totalInclVat).to.equal(el.value!.totalPriceIncVAT);
    expect(renewed.totalInclVat).not.to.equal(total);
    // The method gives a statement of the same configuration.
    const method = await el.getSignedConfiguration();
    expect(claimsOf(method.jws).totalInclVat).to.equal(el.value!.totalPriceIncVAT);
    expect(Date.parse(method.expiresAt)).to.be.greaterThan(Date.now());
  });

  it('a statement that cannot be fetched keeps it invalid, says why, and is fetched again', async () => {
    const requests = recordRequests();
    try {
      const {form, el} = await inForm();
      requests.fail((url) => url.includes('/signed'));
      await el.select(nodeByName(el.value!, '5 years').id, true);
      await until(
        el,
        () => el.validationMessage === 'There is no connection to the service.',
        'the reason in the message',
      );
      expect(el.checkValidity()).to.equal(false);
      expect(new FormData(form).has('configuration-signed')).to.equal(false);
      requests.heal();
      await valid(el);
      const claims = claimsOf(String(new FormData(form).get('configuration-signed')));
      expect(claims.sub).to.equal(el.value!.id);
    } finally {
      requests.restore();
    }
  });

  it('required without a configuration is valueMissing; without a name it posts nothing', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    wrapper.innerHTML = `<form><product-configurator required name="c"></product-configurator>
      <product-configurator></product-configurator></form>`;
    const [required, plain] =
      wrapper.querySelectorAll<ProductConfiguratorElement>('product-configurator');
    await required!.updateComplete;
    expect(required!.validity.valueMissing).to.equal(true);
    expect(required!.validationMessage).not.to.equal('');
    expect(plain!.checkValidity()).to.equal(true);
    expect([...new FormData(wrapper.querySelector('form')!).keys()]).to.deep.equal([]);
  });

  it('disabled, by itself or by its fieldset: out of the data and the validation, and inert', async () => {
    const {form, el} = await inForm();
    el.disabled = true;
    await el.updateComplete;
    expect(el.willValidate).to.equal(false);
    expect(form.checkValidity()).to.equal(true);
    expect(new FormData(form).has('configuration')).to.equal(false);
    expect($(el, '[part="base"]').inert).to.equal(true);
    el.disabled = false;
    const fieldset = document.createElement('fieldset');
    form.prepend(fieldset);
    fieldset.append(el);
    await el.updateComplete;
    expect(new FormData(form).get('configuration')).to.equal(el.value!.id);
    fieldset.disabled = true;
    await el.updateComplete;
    expect(new FormData(form).has('configuration')).to.equal(false);
    expect($(el, '[part="base"]').inert).to.equal(true);
  });

  it('belongs to the form its form attribute names', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    wrapper.innerHTML = `<form id="cart-form"></form><product-configurator form="cart-form"
      name="chair" api-url="${serviceUrl}" lang="en"></product-configurator>`;
    const el = wrapper.querySelector<ProductConfiguratorElement>('product-configurator')!;
    el.fetchToken = demoToken;
    const ready = nextEvent(el, 'configurator-ready');
    el.model = 'Office Chair';
    await ready;
    await el.updateComplete;
    expect(el.form).to.equal(wrapper.querySelector('#cart-form'));
    expect(new FormData(el.form!).get('chair')).to.equal(el.value!.id);
  });

  it('form.reset() starts the model anew; a restored state reopens its configuration', async () => {
    const {form, el} = await inForm();
    const before = el.value!;
    const ready = nextEvent(el, 'configurator-ready');
    form.reset();
    await ready;
    expect(el.value!.id).not.to.equal(before.id);
    expect(new FormData(form).get('configuration')).to.equal(el.value!.id);

    // What the browser does when the page comes back from history with the form's state.
    const reopened = nextEvent(el, 'configurator-ready');
    el.formStateRestoreCallback(before.id, 'restore');
    await reopened;
    expect(el.value!.id).to.equal(before.id);
    el.formStateRestoreCallback('nonsense', 'autocomplete');
    await el.updateComplete;
    expect(el.value!.id).to.equal(before.id);
  });
});

describe('in a frame sandboxed without allow-forms', () => {
  async function sandboxed(): Promise<ProductConfiguratorElement> {
    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe
        sandbox="allow-scripts allow-same-origin"
        style="width: 1000px; height: 900px"
      ></iframe>`,
    );
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, {once: true}));
    frame.srcdoc = `<!doctype html><html lang="en"><body>
      <product-configurator model="Office Chair" api-url="${serviceUrl}"
        token-endpoint="${serviceUrl}/api/configurator-token"></product-configurator>
      <script type="module" src="${location.origin}/src/product-configurator.ts"></script>
      </body></html>`;
    await loaded;
    const win = frame.contentWindow!;
    await win.customElements.whenDefined('product-configurator');
    const el =
      frame.contentDocument!.querySelector<ProductConfiguratorElement>('product-configurator')!;
    if (!el.value) await nextEvent(el, 'configurator-ready');
    await el.updateComplete;
    return el;
  }

  it('the resume form answers a click and Enter', async () => {
    const el = await sandboxed();
    const input = $<HTMLInputElement>(el, '#resume-code');
    input.value = 'abc';
    $(el, '[data-action="resume"]').click();
    await el.updateComplete;
    expect($(el, '#resume-error').textContent!.trim()).to.equal('A code has 8 letters.');

    const original = el.value!;
    input.value = original.code;
    input.focus();
    const ready = nextEvent(el, 'configurator-ready');
    await sendKeys({press: 'Enter'});
    const resumed = (await ready).detail.configuration;
    expect(resumed.id).not.to.equal(original.id);
    expect(el.shadowRoot!.querySelector('#resume-error')).to.equal(null);
  });

  it('the quote form answers a click and Enter, with the signed statement in the event', async () => {
    const el = await sandboxed();
    await el.select(nodeByName(el.value!, '5 years').id, true);
    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    $(el, '[data-action="continue"]').click();
    await el.updateComplete;
    const form = fillQuoteForm(el, {city: 'London'});
    // The host takes over: nothing is sent, so the same form can be submitted again.
    el.addEventListener('configurator-quote-submit', (e) => e.preventDefault());
    let submit = nextEvent(el, 'configurator-quote-submit');
    $(el, '[data-action="submit"]').click();
    const clicked = await submit;
    expect(clicked.detail.customer.email).to.equal('ada@example.com');
    expect(claimsOf(clicked.detail.signed!.jws).sub).to.equal(el.value!.id);

    submit = nextEvent(el, 'configurator-quote-submit');
    (form.elements.namedItem('city') as HTMLInputElement).focus();
    await sendKeys({press: 'Enter'});
    expect((await submit).detail.customer.city).to.equal('London');
  });
});
