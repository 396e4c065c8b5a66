import {expect} from '@open-wc/testing';
import {MOST_ASKED} from '../../src/controllers/price-effects-controller.js';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import type {Requirement} from '../../src/wire/index.js';
import {$$, readyConfigurator, recordRequests, settled, until} from '../helpers/browser/service.js';

/** The options' elements on screen that show an effect (a dropdown's `<option>`s among them). */
const options = (el: ProductConfiguratorElement) => $$(el, '[data-effect-source]');

/** What the page lays out for an option: its box, or a dropdown option's `<select>`. */
const box = (option: HTMLElement) =>
  option instanceof HTMLOptionElement ? option.closest('select')! : option;

/** Whether an option's box meets the viewport grown by `margin` viewports above and below. */
function near(option: HTMLElement, margin: number): boolean {
  const r = box(option).getBoundingClientRect();
  return r.bottom >= -margin * innerHeight - 1 && r.top <= innerHeight * (1 + margin) + 1;
}

const idOf = (option: HTMLElement) =>
  option instanceof HTMLOptionElement ? option.value : option.dataset.node!;

/** The effects questions among the page's requests from `from` on, as their requirement lists. */
function questions(requests: {method: string; url: string; body?: string}[], from = 0) {
  return requests
    .slice(from)
    .filter((r) => r.method === 'POST' && r.url.endsWith('/effects'))
    .map((r) => JSON.parse(r.body!) as Requirement[]);
}

/** Waits until every option in the viewport shows the service's figure. */
const inViewExact = (el: ProductConfiguratorElement) =>
  until(
    el,
    () =>
      options(el)
        .filter((o) => near(o, 0))
        .every((o) => o.dataset.effectSource === 'service'),
    'the service’s figures in view',
    60_000,
  );

/** Chooses an unchosen option in view that changes the configuration without a conflict. */
async function changeInView(el: ProductConfiguratorElement): Promise<void> {
  const candidates = $$(el, '[part~="option"]:not(.selected):not(.disabled)').filter((o) =>
    near(o, 0),
  );
  for (const option of candidates) {
    const before = el.value;
    await el.select(option.dataset.node!, true).catch((e) => console.log('select', String(e)));
    if (el.session?.snapshot.conflict) await el.session.resolveConflict(false);
    await settled(el);
    if (el.value !== before) return;
  }
  throw new Error(
    `no option in view could be chosen without a conflict (${candidates.length} tried)`,
  );
}

describe('the price effects of a step with more options than one question asks about', () => {
  it('gives the options in and near the viewport the service’s figures, in pages of at most 32, a bounded number per change', async function () {
    this.timeout(180_000);
    const requests = recordRequests();
    try {
      const el = await readyConfigurator('Large Model 2000');
      const all = options(el);
      expect(all.length, 'options on the first step').to.be.greaterThan(4 * MOST_ASKED);
      await inViewExact(el);
      // Far below the viewport: not asked about, so no figure (none wrong either).
      const far = options(el).filter((o) => !near(o, 1));
      expect(far.filter((o) => o.dataset.effectSource === 'pending').length).to.be.greaterThan(0);
      for (const o of far) expect(o.dataset.effectSource).to.not.equal('estimate');
      const farIds = new Set(far.map(idOf));
      for (const r of questions(requests.requests).flat()) {
        expect(farIds.has(r.featureModelNodeId), 'asked about an option far from view').to.equal(
          false,
        );
      }

      // One change: the questions it costs, each of at most 32 options near the viewport.
      const nearIds = () =>
        new Set(
          options(el)
            .filter((o) => near(o, 0.5))
            .map(idOf),
        );
      const from = requests.requests.length;
      await changeInView(el);
      await inViewExact(el);
      const asked = questions(requests.requests, from);
      const allowed = nearIds();
      const pages = Math.ceil(allowed.size / MOST_ASKED);
      console.log(
        `effects per change: ${asked.length} questions (${asked.map((q) => q.length).join(', ')} options) for ${allowed.size} options near the viewport of ${options(el).length}; bound ${pages + 1}`,
      );
      expect(asked.length).to.be.at.least(1);
      expect(asked.length).to.be.at.most(pages + 1);
      for (const q of asked) {
        expect(q.length).to.be.at.most(MOST_ASKED);
        for (const r of q)
          expect(allowed.has(r.featureModelNodeId), 'asked near view').to.equal(true);
      }

      // Scrolled to the end: its options are asked about in their turn and get exact figures.
      const last = options(el).at(-1)!;
      const scrolled = requests.requests.length;
      box(last).scrollIntoView({block: 'end'});
      await until(
        el,
        () => options(el).at(-1)!.dataset.effectSource === 'service',
        'the last option’s figure',
        60_000,
      );
      const later = questions(requests.requests, scrolled);
      expect(later.length).to.be.at.least(1);
      for (const q of later) expect(q.length).to.be.at.most(MOST_ASKED);
      expect(later.flat().map((r) => r.featureModelNodeId)).to.include(idOf(last));
      window.scrollTo(0, 0);
      el.remove();
    } finally {
      requests.restore();
    }
  });

  it('cancels the questions of a step the shopper leaves', async function () {
    this.timeout(120_000);
    const requests = recordRequests();
    try {
      const el = await readyConfigurator('Large Model 2000');
      await inViewExact(el);
      const first = new Set(options(el).map(idOf));
      const from = requests.requests.length;
      // The shopper goes to the next step as the change lands, before its question is asked.
      el.addEventListener(EventName.change, () => $$(el, '[role="tab"]')[1]!.click(), {
        once: true,
      });
      await changeInView(el);
      await settled(el);
      await inViewExact(el);
      const asked = questions(requests.requests, from).flat();
      expect(asked.length, 'the next step’s question').to.be.greaterThan(0);
      for (const r of asked) {
        expect(first.has(r.featureModelNodeId), 'an option of the step left').to.equal(false);
      }
      el.remove();
    } finally {
      requests.restore();
    }
  });
});
