// WCAG 2.2 AA in every state the shopper can meet, on a desktop and on a 390 px phone: axe
// (the pinned axe-core) with 0 violations, and every control's target at least 24 by 24 CSS px
// measured from the layout. The states come from the real service through a real session.
import {expect, fixture, html} from '@open-wc/testing';
import {setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {axeViolations, measuredTargets, smallTargets} from '../helpers/browser/accessibility.js';
import {injectFaults, request, type FaultProxy} from '../helpers/browser/faults.js';
import {
  $,
  $$,
  demoToken,
  fillQuoteForm,
  mount,
  nextEvent,
  nodeByName,
  optionInput,
  readyConfigurator,
  serviceUrl,
  settled,
  until,
} from '../helpers/browser/service.js';

const viewports = [
  {name: 'desktop', width: 1280, height: 900},
  {name: 'phone', width: 390, height: 844},
] as const;

/** axe finds nothing and no target is too small; answers how many targets were measured. */
async function accessibleState(el: ProductConfiguratorElement, state: string): Promise<number> {
  await el.updateComplete;
  expect(await axeViolations(el), `axe, ${state}`).to.deep.equal([]);
  expect(smallTargets(el.shadowRoot!), `targets under 24 px, ${state}`).to.deep.equal([]);
  return measuredTargets(el.shadowRoot!);
}

/** What kinds of input a step shows: 'radio', 'range', 'select', 'cards list'... */
function inputKinds(el: ProductConfiguratorElement): string[] {
  const root = el.shadowRoot!;
  const kinds = $$<HTMLInputElement>(el, '[part~="panel"] input').map((i) => i.type);
  if (root.querySelector('[part~="panel"] select')) kinds.push('select');
  for (const control of ['radio', 'cards', 'chips', 'dropdown', 'checkbox']) {
    if (root.querySelector(`[part~="panel"] .choice.${control}`)) kinds.push(`${control} list`);
  }
  return kinds;
}

const start = request('GET', '/api/3/configurator/new/');
const update = request('PUT', /\/api\/3\/configurator\/[^/]+\?/);

for (const viewport of viewports) {
  describe(`WCAG 2.2 AA on a ${viewport.name} (${viewport.width} px)`, () => {
    let faults: FaultProxy;
    beforeEach(async () => {
      await setViewport({width: viewport.width, height: viewport.height});
      faults = injectFaults();
    });
    afterEach(async () => {
      faults.restore();
      await setViewport({width: 800, height: 600});
    });

    it('the lazy placeholder', async () => {
      const page = mount(
        html`<div style="height: 4000px"></div>
          <product-configurator
            api-url=${serviceUrl}
            loading="lazy"
            model="Office Chair"
            .fetchToken=${demoToken}
          ></product-configurator>`,
      );
      try {
        const el = page.querySelector<ProductConfiguratorElement>('product-configurator')!;
        await el.updateComplete;
        expect(el.session, 'a lazy element far below waits').to.equal(null);
        expect($(el, '.skeleton').getAttribute('role')).to.equal('status');
        await accessibleState(el, 'lazy placeholder');
      } finally {
        page.remove();
      }
    });

    it('every step of every demo model, with every input kind', async function () {
      this.timeout(180_000);
      const kinds = new Set<string>();
      let targets = 0;
      for (const model of ['Office Chair', 'E-Bike', 'Standing Desk']) {
        const el = await readyConfigurator(model);
        for (const tab of $$(el, '[role="tab"]')) {
          tab.click();
          await settled(el);
          // What a model hides behind 'More information' is part of the step too.
          for (const details of $$<HTMLDetailsElement>(el, '[part~="panel"] details')) {
            details.open = true;
          }
          inputKinds(el).forEach((k) => kinds.add(k));
          targets += await accessibleState(el, `${model}, ${tab.textContent!.trim()}`);
        }
        el.remove();
      }
      expect([...kinds].sort()).to.include.members([
        'cards list',
        'checkbox',
        'checkbox list',
        'chips list',
        'dropdown list',
        'number',
        'radio list',
        'radio',
        'range',
        'select',
        'text',
      ]);
      expect(targets, 'controls measured').to.be.above(100);
    });

    it('the conflict dialog', async () => {
      const el = await readyConfigurator();
      const id = (name: string) => nodeByName(el.value!, name).id;
      await el.select(id('High back'), true);
      await el.select(id('Standard back'), true);
      $(el, '[role="tab"]:nth-child(3)').click();
      await el.updateComplete;
      const conflict = nextEvent(el, 'configurator-conflict');
      optionInput(el, 'Headrest').click();
      await conflict;
      await el.updateComplete;
      expect($<HTMLDialogElement>(el, 'dialog').open).to.equal(true);
      await accessibleState(el, 'conflict dialog');
    });

    it('the review, the quote form blocked and with errors, and the thank-you', async function () {
      this.timeout(60_000);
      const el = await readyConfigurator();
      $(el, '[part~="summary"] [data-action="quote"]').click();
      await until(el, () => !!el.shadowRoot!.querySelector('.review'), 'the review');
      await accessibleState(el, 'review');
      $(el, '[data-action="continue"]').click();
      await until(el, () => !!el.shadowRoot!.querySelector('form[part~="form"]'), 'the form');
      expect(el.shadowRoot!.querySelector('[data-action="go-to-missing"]')).not.to.equal(null);
      await accessibleState(el, 'quote form blocked by a missing answer');

      // Answer what is missing, then send the form empty: every required field says why.
      await el.select(nodeByName(el.value!, '5 years').id, true);
      await settled(el);
      await until(el, () => !el.shadowRoot!.querySelector('[data-action="go-to-missing"]'), 'open');
      $(el, '[data-action="submit"]').click();
      await until(
        el,
        () => el.shadowRoot!.querySelectorAll('[aria-invalid="true"]').length > 0,
        'the field errors',
      );
      await accessibleState(el, 'quote form with errors');

      fillQuoteForm(el);
      const requested = nextEvent(el, 'configurator-quote-requested');
      $(el, '[data-action="submit"]').click();
      await requested;
      await until(el, () => !!el.shadowRoot!.querySelector('.quotation-number'), 'thank-you');
      await accessibleState(el, 'thank-you');
    });

    it('a failed start, and a banner while offline', async () => {
      faults.on(start, {status: 500, body: {error: 'boom'}});
      const el = await fixture<ProductConfiguratorElement>(
        html`<product-configurator
          api-url=${serviceUrl}
          lang="en"
          .fetchToken=${demoToken}
        ></product-configurator>`,
      );
      const failed = nextEvent(el, 'configurator-error');
      el.model = 'Office Chair';
      await failed;
      await until(el, () => !!el.shadowRoot!.querySelector('[part~="error"]'), 'the error');
      await accessibleState(el, 'failed start');

      faults.heal();
      const ready = nextEvent(el, 'configurator-ready');
      $(el, '[data-action="retry"]').click();
      await ready;
      faults.on(update, 'offline');
      const offline = nextEvent(el, 'configurator-error');
      optionInput(el, 'Graphite').click();
      expect((await offline).code).to.equal('network');
      await until(el, () => !!el.shadowRoot!.querySelector('.banner'), 'the offline banner');
      await accessibleState(el, 'offline banner');
    });
  });
}
