import {expect, fixture, html} from '@open-wc/testing';
import {unsafeCSS} from 'lit';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {extras} from '../../src/element/later-views.js';
import {lazyView} from '../../src/element/lazy-view.js';
import {EventName} from '../../src/events/event-names.js';
import {$$, demoToken, nextEvent, serviceUrl, until} from '../helpers/browser/service.js';

// This file's page has loaded none of the element's chunks yet: the first element here is the
// first to ask for the configure view and, after its first screen, the extras (the configured
// picture, focus kept clear of the total bar, the language choice, the price effects). Nothing
// else may run before this test.

/** An element in English with the service and the demo token, no model yet. */
const englishConfigurator = () =>
  fixture<ProductConfiguratorElement>(
    html`<product-configurator
      api-url=${serviceUrl}
      lang="en"
      .fetchToken=${demoToken}
    ></product-configurator>`,
  );

describe('start-up', () => {
  it('asks for the extras only after the first screen, and is ready without them', async () => {
    // The extras' chunk is stalled: asked for, but not here until the test lets it come.
    const load = extras.load.bind(extras);
    let askedForExtras!: () => void;
    const asked = new Promise<void>((resolve) => (askedForExtras = resolve));
    let timesAsked = 0;
    let letExtrasCome!: () => void;
    const stalled = new Promise<void>((resolve) => (letExtrasCome = resolve));
    extras.load = () => {
      timesAsked++;
      askedForExtras();
      return stalled.then(load);
    };
    try {
      const el = await englishConfigurator();
      const ready = nextEvent(el, EventName.ready);
      el.model = 'Office Chair';
      await ready;
      // Ready before the extras were even asked for: the first step is there to act on.
      expect(timesAsked).to.equal(0);
      expect(extras.module).to.equal(null);
      const tabs = $$(el, '[role="tab"]');
      expect(tabs.length).to.be.greaterThan(1);
      const inputs = $$<HTMLInputElement>(el, '[role="tabpanel"] input');
      expect(inputs.length).to.be.greaterThan(0);
      expect(inputs.some((input) => !input.disabled)).to.equal(true);
      expect(el.shadowRoot!.querySelector('.language-select')).to.equal(null);

      // Asked for once the page is idle after the first screen, once.
      await asked;
      expect(timesAsked).to.equal(1);
      // They arrive and render without another event.
      letExtrasCome();
      await until(el, () => !!el.shadowRoot!.querySelector('.language-select'), 'the extras');
      expect(extras.module).not.to.equal(null);
      expect(timesAsked).to.equal(1);
    } finally {
      extras.load = load;
      letExtrasCome();
    }
  });

  it("parses a loaded view's style sheet when the page is idle, not in its first render", async () => {
    // Styles of this test's own, not a sheet Lit made already.
    const styles = unsafeCSS(`.start-up-${Math.random().toString(36).slice(2)} { color: red; }`);
    const replaceSync = CSSStyleSheet.prototype.replaceSync;
    const parsed: string[] = [];
    CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string) {
      parsed.push(text);
      return replaceSync.call(this, text);
    };
    try {
      const view = lazyView(() => Promise.resolve({styles}));
      await view.load();
      // Nothing has rendered the view or asked for its sheet.
      await new Promise((resolve) => requestIdleCallback(resolve));
      expect(parsed.filter((text) => text === styles.cssText).length).to.equal(1);
    } finally {
      CSSStyleSheet.prototype.replaceSync = replaceSync;
    }
  });

  it('asks for the token when it connects, before its own connecting and first render', async () => {
    // At the token request: whether Lit had made the shadow root (with its styles) or rendered.
    let seen: {root: boolean; updated: boolean} | null = null;
    const el = document.createElement('product-configurator') as ProductConfiguratorElement;
    el.apiUrl = serviceUrl;
    el.lang = 'en';
    el.model = 'Office Chair';
    el.fetchToken = () => {
      seen ??= {root: el.shadowRoot !== null, updated: el.hasUpdated};
      return demoToken();
    };
    const ready = nextEvent(el, EventName.ready);
    document.body.append(el);
    try {
      // Asked for within `connectedCallback`, not after a task or an update.
      expect(seen).to.deep.equal({root: false, updated: false});
      await ready;
    } finally {
      el.remove();
    }
  });

  it('is ready once the step begins on screen; its rest, then the summary column, come a frame apart', async () => {
    const el = await englishConfigurator();
    // Frames since the first render that had a configuration to show.
    let frames = 0;
    const countFrames = () => {
      frames++;
      requestAnimationFrame(countFrames);
    };
    // Renders that had a configuration to show, and the frames counted when each began.
    const framesAtRender: number[] = [];
    const render = el.render.bind(el);
    el.render = () => {
      if (el.session?.snapshot.configuration) {
        if (framesAtRender.length === 0) requestAnimationFrame(countFrames);
        framesAtRender.push(frames);
      }
      return render();
    };
    // The step's nodes drawn: the panel's children but its header.
    const nodes = () => el.shadowRoot!.querySelector('.panel')!.children.length - 1;
    const drawn = () => ({
      renders: framesAtRender.length,
      nodes: nodes(),
      inputs: $$(el, '[role="tabpanel"] input').length,
      buttons: $$(el, '.step-nav').length,
      bar: $$(el, '.total-bar').length,
      summary: $$(el, '.summary').length,
    });
    const atReady = new Promise<ReturnType<typeof drawn>>((resolve) =>
      el.addEventListener(EventName.ready, () => resolve(drawn()), {once: true}),
    );
    el.model = 'Office Chair';
    // Ready after the render that put the step's first nodes on screen (inputs to act on), with
    // nothing below them yet: no buttons, no total bar, no summary.
    const first = await atReady;
    expect(first).to.deep.include({renders: 1, buttons: 0, bar: 0, summary: 0});
    expect(first.inputs).to.be.greaterThan(0);
    expect(first.nodes).to.be.greaterThan(0);
    // The rest of the step, its buttons and the total bar; then the summary column: each pass
    // in its own task, after the one before had a frame of its own.
    await el.updateComplete;
    const whole = drawn();
    expect(whole).to.deep.include({buttons: 1, bar: 1, summary: 1});
    expect(whole.nodes).to.be.greaterThan(first.nodes);
    expect(framesAtRender.length).to.be.at.least(3);
    expect(framesAtRender[1]).to.be.greaterThan(0);
    expect(framesAtRender[2]).to.be.greaterThan(framesAtRender[1]!);
  });

  it('draws a large step a few nodes a pass, a frame apart, and nothing drawn moves', async function () {
    this.timeout(120_000);
    const el = await englishConfigurator();
    let shift = 0;
    const shifts = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {value: number})[]) {
        shift += entry.value;
      }
    });
    shifts.observe({type: 'layout-shift'});
    // The step's nodes drawn at each render that had a configuration to show.
    const drawn: number[] = [];
    const render = el.render.bind(el);
    el.render = () => {
      const result = render();
      if (el.session?.snapshot.configuration) {
        queueMicrotask(() => {
          const panel = el.shadowRoot!.querySelector('.panel');
          if (panel) drawn.push(panel.children.length - 1);
        });
      }
      return result;
    };
    const ready = nextEvent(el, EventName.ready);
    el.model = 'Large Model 2000';
    await ready;
    const atReady = el.shadowRoot!.querySelector('.panel')!.children.length - 1;
    await el.updateComplete;
    shifts.disconnect();
    const step = el.value!.featureModel.steps[0]!;
    const all = el.shadowRoot!.querySelector('.panel')!.children.length - 1;
    // The first step's groups: some at ready, all in the end, more with each pass.
    expect(all).to.equal(step.features.length);
    expect(atReady).to.be.greaterThan(0);
    expect(atReady).to.be.lessThan(all);
    const passes = drawn.filter((n, i) => i === 0 || n > drawn[i - 1]!);
    expect(passes.length, `nodes drawn by the passes: ${drawn.join(', ')}`).to.be.at.least(3);
    expect(passes.at(-1)).to.equal(all);
    expect(shift).to.equal(0);
  });
});
