import {expect} from '@open-wc/testing';
import {html, render} from 'lit';
import {en} from '../../../src/i18n/en.js';
import {fr} from '../../../src/i18n/fr.js';
import {nl} from '../../../src/i18n/nl.js';
import {describeConflict, renderConflictDialog} from '../../../src/view/render-conflict-dialog.js';
import {renderQuoteForm, type QuoteFormState} from '../../../src/view/render-quote-form.js';
import {firstPart, renderSteps} from '../../../src/view/render-steps.js';
import {renderSummary} from '../../../src/view/render-summary.js';
import {sanitizeHtml} from '../../../src/view/sanitize.js';
import {buildViewModel, type NodeView} from '../../../src/view/view-model.js';
import {customerFromForm, validateQuoteForm} from '../../../src/view/quote-form-data.js';
import {configurationFixture, viewInput} from '../../helpers/browser/configuration-fixture.js';

function mount(template: unknown): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  render(template, host);
  return host;
}

const noop = () => {};
const handlers = () => {
  const calls: unknown[][] = [];
  return {
    calls,
    select: (...a: unknown[]) => calls.push(['select', ...a]),
    setValue: (...a: unknown[]) => calls.push(['setValue', ...a]),
    setText: (...a: unknown[]) => calls.push(['setText', ...a]),
    goToStep: (...a: unknown[]) => calls.push(['goToStep', ...a]),
    review: () => calls.push(['review']),
  };
};

describe('view functions', () => {
  afterEach(() => document.querySelectorAll('body > div').forEach((d) => d.remove()));

  it('renders steps as tabs with one selected tab and arrow-key navigation', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const on = handlers();
    const host = mount(renderSteps(view.steps, 'step-frame', en, on as never));
    const tabs = host.querySelectorAll('[role="tab"]');
    expect(tabs).to.have.length(2);
    expect(tabs[0]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs[1]!.getAttribute('tabindex')).to.equal('-1');
    host
      .querySelector('[role="tablist"]')!
      .dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    expect(on.calls).to.deep.equal([['goToStep', 'step-options', 'tab']]);
    expect(host.querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal(
      'tab-step-frame',
    );
  });

  it("draws a step's first nodes alone, without the buttons below them, for the first pass", () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const step = view.steps.find((st) => st.nodes.length > 1)!;
    const weights = step.nodes.map(weight);
    // At least one node, however many options it holds; then nodes while fewer are held.
    expect(firstPart(step.nodes, 0)).to.equal(1);
    expect(firstPart(step.nodes, weights[0]!)).to.equal(1);
    expect(firstPart(step.nodes, weights[0]! + 1)).to.equal(2);
    expect(firstPart(step.nodes, Infinity)).to.equal(step.nodes.length);
    expect(firstPart([], 4)).to.equal(0);
    const panelNodes = (part?: number) => {
      const host = mount(renderSteps(view.steps, step.id, en, handlers() as never, part));
      return {
        nodes: host.querySelector('.panel')!.children.length - 1,
        buttons: host.querySelectorAll('.step-nav').length,
      };
    };
    expect(panelNodes(1)).to.deep.equal({nodes: 1, buttons: 0});
    expect(panelNodes()).to.deep.equal({nodes: step.nodes.length, buttons: 1});
  });

  it('names the next step as each language punctuates it', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const next = (strings: typeof en) =>
      mount(renderSteps(view.steps, 'step-frame', strings, handlers() as never))
        .querySelector('[data-action="next"]')!
        .textContent!.replace(/\s+/g, ' ')
        .trim();
    const title = view.steps[1]!.title;
    expect(next(en)).to.equal(`Next: ${title} →`);
    expect(next(fr)).to.equal(`Suivant : ${title} →`);
  });

  it('renders cards as radios and calls select on change', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const on = handlers();
    const host = mount(renderSteps(view.steps, 'step-frame', en, on as never));
    const radios = host.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    expect(radios).to.have.length(3);
    expect(radios[0]!.checked).to.equal(true);
    radios[1]!.click();
    expect(on.calls).to.deep.include(['select', 'red', true]);
    // A javascript: image URL never reaches the page.
    expect(host.innerHTML).not.to.contain('javascript:');
    expect(host.querySelector('img[src="https://api.example/images/black.png"]')).not.to.equal(
      null,
    );
  });

  it('renders a slider with range, unit and live value', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const on = handlers();
    const host = mount(renderSteps(view.steps, 'step-frame', en, on as never));
    const slider = host.querySelector<HTMLInputElement>('input[type="range"]')!;
    expect([slider.min, slider.max, slider.step, slider.value]).to.deep.equal([
      '110',
      '210',
      '10',
      '150',
    ]);
    // Beside it, a number field for the same value (no dragging needed), with the unit.
    const field = host.querySelector<HTMLInputElement>('.slider-field input')!;
    expect([field.value, field.min, field.max, field.getAttribute('aria-label')]).to.deep.equal([
      '150',
      '110',
      '210',
      'Width (cm)',
    ]);
    expect(host.querySelector('.slider-field')!.textContent).to.contain('cm');
    slider.value = '170';
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    expect(on.calls).to.deep.include(['setValue', 'width', 170]);
    field.value = '190';
    field.dispatchEvent(new Event('change', {bubbles: true}));
    expect(on.calls).to.deep.include(['setValue', 'width', 190]);
  });

  it('renders checkboxes, a disabled option with its reason, a dropdown and a text input', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const on = handlers();
    const host = mount(renderSteps(view.steps, 'step-options', en, on as never));
    const headrest = host.querySelector<HTMLInputElement>('input[value="headrest"]')!;
    expect(headrest.type).to.equal('checkbox');
    // Incompatible, yet operable: choosing it lets the service say what would have to change.
    expect(headrest.disabled).to.equal(false);
    expect(headrest.getAttribute('aria-disabled')).to.equal('true');
    expect(headrest.getAttribute('aria-describedby')).to.contain('headrest-reason');
    expect(host.textContent).to.contain('Not with a low back');
    const select = host.querySelector('select')!;
    expect(select.options[0]!.textContent!.trim()).to.equal('Choose…');
    select.value = 'alu';
    select.dispatchEvent(new Event('change'));
    expect(on.calls).to.deep.include(['select', 'alu', true]);
    const text = host.querySelector<HTMLInputElement>('input[type="text"]')!;
    expect(text.value).to.equal('Hi');
    text.value = 'Hello';
    text.dispatchEvent(new Event('change'));
    expect(on.calls).to.deep.include(['setText', 'engraving', 'Hello']);
    expect(host.querySelector('.badge.required')).not.to.equal(null);
  });

  it('shows the confirmed choice in a dropdown after the shopper picked another (a cancelled conflict)', () => {
    const base = configurationFixture();
    const withBase = (choice: 'nylon' | 'alu') =>
      configurationFixture({
        values: {...base.values, nylon: choice === 'nylon' ? 1 : 0, alu: choice === 'alu' ? 1 : 0},
        unansweredMandatories: [],
      });
    const on = handlers();
    const draw = (choice: 'nylon' | 'alu') =>
      renderSteps(
        buildViewModel(viewInput(withBase(choice))).steps,
        'step-options',
        en,
        on as never,
      );
    const host = mount(draw('nylon'));
    const select = host.querySelector('select')!;
    expect(select.value).to.equal('nylon');
    // The shopper picks aluminium; it is shown while the service is asked...
    select.value = 'alu';
    select.dispatchEvent(new Event('change'));
    render(draw('alu'), host);
    expect(select.value).to.equal('alu');
    // ...and the shopper cancels the conflict: nylon it stays.
    render(draw('nylon'), host);
    expect(select.value).to.equal('nylon');
    // Without an optimistic step in between, too.
    select.value = 'alu';
    select.dispatchEvent(new Event('change'));
    render(draw('nylon'), host);
    expect(select.value).to.equal('nylon');
  });

  it('sanitizes model HTML: no handlers, no javascript: links, formatting kept', async () => {
    const clean = await sanitizeHtml(
      '<b>bold</b><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">x</a><script>window.__xss=1</script><a href="https://example.com">ok</a>',
    );
    expect(clean).to.contain('<b>bold</b>');
    expect(clean).not.to.match(/onerror|javascript:|<script/i);
    expect(clean).to.contain('rel="noopener noreferrer"');
    // Relative images would load from the page's origin: dropped; absolute web images stay.
    expect(clean).not.to.contain('<img');
    expect(await sanitizeHtml('<img src="https://cdn.example/a.png" alt="a">')).to.contain('<img');
    const view = buildViewModel(viewInput(configurationFixture()));
    const host = mount(renderSteps(view.steps, 'step-options', en, handlers() as never));
    expect(host.innerHTML).not.to.match(/onerror|javascript:/i);
    expect((window as {__xss?: unknown}).__xss).to.equal(undefined);
  });

  // Where the platform has no sanitiser (Element.prototype.setHTML), DOMPurify is loaded and
  // must hold the same line.
  for (const sanitiser of ['the platform', 'DOMPurify'] as const) {
    it(`sanitizes a battery of hostile model HTML (${sanitiser})`, async () => {
      const restore = sanitiser === 'DOMPurify' ? withoutPlatformSanitizer() : () => {};
      const payloads = [
        // Chromium 156 crashed the tab on these with a sanitiser remove-list.
        '<p onstart="x" onfinish="x" onvisibilitychange="x" onfullscreenchange="x">n</p><marquee onstart="x">o</marquee>',
        '<svg onload="window.__xss=1"><circle r="1"></circle></svg>',
        '<a href="JaVaScRiPt:window.__xss=1">a</a>',
        '<a href="&#106;avascript:window.__xss=1">b</a>',
        '<a href=" javascript:window.__xss=1">c</a>',
        '<a href="data:text/html,<script>window.__xss=1</script>">d</a>',
        '<style>*{display:none}</style><p style="position:fixed">e</p>',
        '<form action="https://evil.example"><input name="q" autofocus onfocus="window.__xss=1"><button formaction="javascript:window.__xss=1">f</button></form>',
        '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
        '<details open ontoggle="window.__xss=1"><summary>g</summary></details>',
        '<img src="http://127.0.0.1:9/a.png" srcset="/relative.png 1x" onerror="window.__xss=1">',
        '<video src="/v.mp4" onerror="window.__xss=1"></video><audio src="x"></audio>',
        '<map name="m"><area href="javascript:window.__xss=1"></map>',
        '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>',
        '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css">',
        '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
        '<p id="quote-title" slot="header" part="summary" tabindex="0">h</p>',
        // Browsers drop tabs and line breaks inside a URL: these are file:, ms-msdt: and data:.
        '<a href="fi&#9;le:///etc/passwd">i</a><a href="ms-ms&#9;dt:-id PCWDiagnostic">j</a>',
        '<a href="da&#10;ta:text/html,x">k</a><a href="search-ms&#13;:query=x">l</a>',
        // The widget's own classes, pings, popovers and ARIA are not the model's to use.
        '<p class="button primary" popover aria-hidden="true"><a href="https://x.example/" ping="https://p.example/" referrerpolicy="unsafe-url">m</a></p>',
      ];
      // Detached: a surviving <base> or <meta> could not disturb the page, yet images still load
      // and a surviving handler would still run.
      const host = document.createElement('div');
      try {
        for (const payload of payloads) {
          const clean = await sanitizeHtml(payload);
          host.innerHTML = clean;
          const elements = Array.from(host.querySelectorAll('*'));
          for (const node of elements) {
            const tag = node.tagName.toLowerCase();
            expect(
              ['script', 'style', 'form', 'input', 'button', 'iframe', 'svg', 'math', 'video'],
              payload,
            ).not.to.include(tag);
            expect(['audio', 'area', 'object', 'embed', 'base', 'meta', 'link']).not.to.include(
              tag,
            );
            for (const attr of Array.from(node.attributes)) {
              expect(attr.name, payload).not.to.match(
                /^on|^style$|^id$|^slot$|^part$|^tabindex$|^srcset$|^formaction$|^class$|^ping$|^referrerpolicy$|^popover$|^aria-/,
              );
            }
            const url = node.getAttribute('href') ?? node.getAttribute('src');
            if (url !== null) expect(url.trim(), payload).to.match(/^(https?:|mailto:|tel:|#|\/)/i);
          }
        }
        // Any image that survived gets the chance to fire a handler before we look.
        await Promise.all(
          Array.from(host.querySelectorAll('img')).map((img) =>
            img.complete
              ? null
              : new Promise((resolve) => {
                  img.addEventListener('load', resolve, {once: true});
                  img.addEventListener('error', resolve, {once: true});
                }),
          ),
        );
        expect((window as {__xss?: unknown}).__xss).to.equal(undefined);
        // Formatting survives.
        expect(
          await sanitizeHtml('<p><strong>a</strong> <em>b</em></p><ul><li>c</li></ul>'),
        ).to.equal('<p><strong>a</strong> <em>b</em></p><ul><li>c</li></ul>');
      } finally {
        host.remove();
        restore();
      }
    });
  }

  it('renders the summary with the service labels and toggles VAT', () => {
    const view = buildViewModel(viewInput(configurationFixture(), false));
    const calls: unknown[] = [];
    const host = mount(
      renderSummary(view, {busy: false, copyStatus: '', showQuoteButton: true}, en, {
        toggleVat: (v) => calls.push(v),
        copyCode: noop,
        shareCode: noop,
        requestQuote: noop,
      }),
    );
    expect(host.querySelector('[data-price="total"]')!.textContent).to.equal('€ 300,00');
    expect(host.textContent).to.contain('excl. VAT');
    expect(host.querySelector('code')!.textContent).to.equal('ABCDEFGH');
    host.querySelector<HTMLInputElement>('[role="switch"]')!.click();
    expect(calls).to.deep.equal([true]);
  });

  it('describes conflicts in the shopper language', () => {
    const base = {
      feature: {id: 'x', name: 'X'},
      alternativeOptions: [],
      requestedValue: 1,
      actualValue: 0,
    };
    expect(
      describeConflict({...base, type: 0, featurePath: ['Extras', 'Headrest']}, en, 'en'),
    ).to.equal('Add Extras › Headrest');
    expect(describeConflict({...base, type: 1, featurePath: ['Armrests']}, nl, 'nl')).to.equal(
      'Armrests verwijderen',
    );
    expect(
      describeConflict(
        {
          ...base,
          type: 2,
          featurePath: ['Base'],
          alternativeOptions: [{id: 'a', name: 'Aluminium'}],
        },
        en,
        'en',
      ),
    ).to.equal('Switch Base to Aluminium');
    expect(
      describeConflict(
        {...base, type: 3, featurePath: ['Width'], requestedValue: 1500.5, actualValue: 1200},
        nl,
        'nl',
      ),
    ).to.equal('Width wijzigen van 1.200 naar 1.500,5');
    const host = mount(
      renderConflictDialog(
        {
          requirement: {featureModelNodeId: 'red', value: 1, isSelection: true},
          conflicts: [{...base, type: 0, featurePath: ['Headrest']}],
        },
        new Map([['red', 'Red']]),
        'en',
        en,
        {resolveConflict: noop},
      ),
    );
    expect(host.querySelector('dialog')!.textContent).to.contain('To choose “Red”');
    // A number the shopper set, and an option switched off, are said as such.
    const intro = (
      requirement: {featureModelNodeId: string; value: number; isSelection: boolean},
      strings: typeof en,
      lang: string,
    ) =>
      mount(
        renderConflictDialog(
          {requirement, conflicts: [{...base, type: 0, featurePath: ['Headrest']}]},
          new Map([['width', 'Width']]),
          lang,
          strings,
          {resolveConflict: noop},
        ),
      ).querySelector('#conflict-intro')!.textContent;
    expect(
      intro({featureModelNodeId: 'width', value: 1500.5, isSelection: false}, en, 'en'),
    ).to.equal('To set “Width” to 1,500.5, the configuration needs these changes:');
    expect(
      intro({featureModelNodeId: 'width', value: 1500.5, isSelection: false}, fr, 'fr'),
    ).to.contain('Pour régler « Width » sur 1');
    expect(intro({featureModelNodeId: 'width', value: 0, isSelection: true}, nl, 'nl')).to.equal(
      'Om “Width” weg te halen, zijn deze wijzigingen nodig:',
    );
    expect(host.querySelectorAll('li')).to.have.length(1);
  });

  it('blocks the quote form while mandatory answers are missing, linking to their step', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const calls: unknown[][] = [];
    const state: QuoteFormState = {
      lang: 'en',
      draft: {},
      shipTo: false,
      errors: {},
      formError: '',
      submitting: false,
      unanswered: view.unanswered,
      steps: view.steps,
      defaultCountry: 'NL',
      quantity: '1',
      lineTotal: '',
    };
    const host = mount(
      renderQuoteForm(state, en, {
        back: noop,
        submit: noop,
        draftInput: noop,
        toggleShipTo: noop,
        goToNode: (...a) => calls.push(a),
      }),
    );
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(true);
    expect(host.textContent).to.contain('A few choices are still missing');
    host.querySelector<HTMLButtonElement>('[data-action="go-to-missing"]')!.click();
    expect(calls).to.deep.equal([['base', 'step-options']]);
  });

  it('validates the quote form natively and builds the customer', () => {
    const state: QuoteFormState = {
      lang: 'nl',
      draft: {},
      shipTo: true,
      errors: {},
      formError: '',
      submitting: false,
      unanswered: [],
      steps: [],
      defaultCountry: 'NL',
      quantity: '1',
      lineTotal: '',
    };
    const host = mount(
      renderQuoteForm(state, nl, {
        back: noop,
        submit: noop,
        draftInput: noop,
        toggleShipTo: noop,
        goToNode: noop,
      }),
    );
    const form = host.querySelector('form')!;
    const errors = validateQuoteForm(form, nl);
    expect(errors['firstName']).to.equal('Vul dit veld in.');
    expect(errors['shipto_City']).to.equal('Vul dit veld in.');
    const set = (name: string, value: string) =>
      ((form.elements.namedItem(name) as HTMLInputElement).value = value);
    set('email', 'not-an-email');
    expect(validateQuoteForm(form, nl)['email']).to.contain('geldig e-mailadres');
    // The country list is localised.
    expect(
      host.querySelector('select[name="countryIso"] option[value="DE"]')!.textContent,
    ).to.equal('Duitsland');
    set('firstName', ' Ada ');
    const customer = customerFromForm(form, {languageIso: 'nl'});
    expect(customer).to.include({firstName: 'Ada', languageIso: 'nl', countryIso: 'NL'});
    expect(customer).not.to.have.property('lastName');
  });

  it('keeps the quote-footer slot in the form actions', () => {
    const host = mount(
      html`${renderQuoteForm(
        {
          lang: 'en',
          draft: {},
          shipTo: false,
          errors: {},
          formError: '',
          submitting: false,
          unanswered: [],
          steps: [],
          defaultCountry: 'NL',
          quantity: '1',
          lineTotal: '',
        },
        en,
        {back: noop, submit: noop, draftInput: noop, toggleShipTo: noop, goToNode: noop},
      )}`,
    );
    expect(host.querySelector('.form-actions slot[name="quote-footer"]')).not.to.equal(null);
  });
});

/** Hides `Element.prototype.setHTML` as a browser without the Sanitizer API would; returns the undo. */
function withoutPlatformSanitizer(): () => void {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'setHTML');
  if (!descriptor) return () => {};
  delete proto.setHTML;
  return () => Object.defineProperty(proto, 'setHTML', descriptor);
}

/** The options and fields a node holds, itself included, as the first pass counts them. */
function weight(node: NodeView): number {
  let held = 1;
  if (node.kind === 'group') for (const child of node.children) held += weight(child);
  if (node.kind === 'choice') held += node.options.length;
  return held;
}
