import {expect, fixture, html} from '@open-wc/testing';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {EventName} from '../../src/events/event-names.js';
import {
  $,
  $$,
  demoToken,
  nextEvent,
  openStep,
  optionInput,
  readyConfigurator,
  recordRequests,
  serviceUrl,
  settled,
  until,
} from '../helpers/browser/service.js';

const models = ['Office Chair', 'Standing Desk', 'E-Bike'];

/** A signed label in English euros, written by the test from a difference the service made. */
const euro = new Intl.NumberFormat('en', {style: 'currency', currency: 'EUR'});
const signed = (amount: number) =>
  amount === 0 ? '' : `${amount > 0 ? '+' : '−'} ${euro.format(Math.abs(amount))}`;

const total = (el: ProductConfiguratorElement, inclVat: boolean) =>
  inclVat ? el.value!.totalPriceIncVAT : el.value!.totalPriceExVAT;

/** Runs a shopper's action; a conflict is cancelled. Answers whether it changed the session. */
async function act(el: ProductConfiguratorElement, action: () => void): Promise<boolean> {
  const changed = nextEvent(el, EventName.change).then(() => true);
  const conflict = nextEvent(el, EventName.conflict).then(() => false);
  action();
  const applied = await Promise.race([changed, conflict]);
  if (!applied) {
    await el.updateComplete;
    $(el, '[data-action="cancel"]').click();
  }
  await settled(el);
  return applied;
}

/** Waits until every option on screen shows the service's effect (none pending or estimated). */
const exact = (el: ProductConfiguratorElement) =>
  until(
    el,
    () => $$(el, '[data-effect-source]:not([data-effect-source="service"])').length === 0,
    'the service effects',
  );

/** The kind of input a field or a set of options is: its control, or number/slider. */
function kindOf(field: HTMLElement): string {
  if (field.matches('.field.number')) {
    return field.querySelector('input[type="range"]') ? 'slider' : 'number';
  }
  return ['radio', 'cards', 'chips', 'dropdown', 'checkbox'].find((k) =>
    field.classList.contains(k),
  )!;
}

/** What the page shows beside an option (or in a dropdown's option text) as its effect. */
function shownEffect(kind: string, option: HTMLElement): string {
  if (kind === 'dropdown') return /\(([+−] [^)]*)\)/.exec(option.textContent ?? '')?.[1] ?? '';
  return option.querySelector('[data-effect]')?.textContent?.trim() ?? '';
}

/** The options one could choose now, with the action that chooses each. */
function candidates(kind: string, field: HTMLElement) {
  if (kind === 'dropdown') {
    const select = field.querySelector('select')!;
    return Array.from(select.options)
      .filter((o) => o.value && !o.selected && !o.disabled)
      .map((o) => ({
        element: o as HTMLElement,
        choose: () => {
          select.value = o.value;
          select.dispatchEvent(new Event('change', {bubbles: true}));
        },
      }));
  }
  return Array.from(field.querySelectorAll<HTMLElement>(':scope > .options > [part~="option"]'))
    .filter((o) => !o.classList.contains('disabled'))
    .filter((o) => kind === 'checkbox' || !o.classList.contains('selected'))
    .map((o) => ({element: o, choose: () => o.querySelector('input')!.click()}));
}

/**
 * Every kind of input on every step of the model: each option's shown effect is what choosing
 * it did to the service's total; a number's per-unit price is what one step more added per unit.
 */
async function checkEveryKind(el: ProductConfiguratorElement, inclVat: boolean) {
  const checked = new Set<string>();
  const present = new Set<string>();
  const tabs = () => $$(el, '[role="tab"]');
  for (let t = 0; t < tabs().length; t++) {
    tabs()[t]!.click();
    await el.updateComplete;
    // Queried again after every change: a choice can show or hide fields below it.
    const fields = () => $$(el, '.choice, .field.number');
    for (let f = 0; f < fields().length; f++) {
      const field = fields()[f]!;
      let kind = kindOf(field);
      if (kind === 'number' || kind === 'slider') {
        // A free number (the samples' sliders) is a kind of its own: it shows no price.
        const free = await checkNumber(el, field, inclVat, checked.has(kind));
        if (free) kind += ' (free)';
        present.add(kind);
        if (free !== null) checked.add(kind);
        continue;
      }
      present.add(kind);
      if (checked.has(kind)) continue;
      for (const {element, choose} of candidates(kind, field)) {
        await exact(el);
        const shown = shownEffect(kind, element);
        const before = total(el, inclVat);
        if (!(await act(el, choose))) continue;
        expect(shown, `${kind} option ${element.textContent?.trim()}`).to.equal(
          signed(Math.round((total(el, inclVat) - before) * 100) / 100),
        );
        checked.add(kind);
        break;
      }
    }
  }
  // A kind with no choice that could be made without a conflict would be missing here.
  expect([...checked].sort()).to.deep.equal([...present].sort());
  return checked;
}

/** Checks a number's label; answers whether it was free, or null when it could not be checked. */
async function checkNumber(
  el: ProductConfiguratorElement,
  field: HTMLElement,
  inclVat: boolean,
  done: boolean,
): Promise<boolean | null> {
  const input = field.querySelector<HTMLInputElement>('input[type="number"]')!;
  const id = field.dataset.node!;
  const node = el
    .value!.featureModel.steps.flatMap((s) => s.features)
    .flatMap(function all(n): (typeof n)[] {
      return [n, ...n.features.flatMap(all)];
    })
    .find((n) => n.id === id)!;
  const shown = field.querySelector('[data-effect]')?.textContent?.trim() ?? '';
  if (node.price === 0) {
    expect(shown, `free number ${node.name}`).to.equal('');
    return true;
  }
  if (done) return false;
  const step = node.stepValue ?? 1;
  const value = Number(input.value);
  const next = value + step <= (node.maxValue ?? Infinity) ? value + step : value - step;
  const before = total(el, inclVat);
  const applied = await act(el, () => {
    input.value = String(next);
    input.dispatchEvent(new Event('change', {bubbles: true}));
    input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
  });
  if (!applied) return null;
  const perUnit = (total(el, inclVat) - before) / (next - value);
  const unit = node.unitOfMeasurement;
  // The label is the unit price in the mode on screen (rounded to cents), named per unit.
  expect(shown).to.equal(`${signed(Math.round(perUnit * 100) / 100)} per ${unit || 'unit'}`);
  return false;
}

describe('the effect of every choice on the total', () => {
  for (const model of models) {
    it(`${model}: every input kind shows what it does to the total incl. VAT`, async function () {
      this.timeout(90_000);
      const el = await readyConfigurator(model);
      const kinds = await checkEveryKind(el, true);
      expect(kinds.size, [...kinds].join()).to.be.greaterThan(1);
      el.remove();
    });
  }

  it('the effects follow the VAT switch (excl. VAT)', async function () {
    this.timeout(90_000);
    const el = await readyConfigurator('Standing Desk');
    $<HTMLInputElement>(el, '[role="switch"]').click();
    await el.updateComplete;
    const kinds = await checkEveryKind(el, false);
    expect(kinds).to.include('number');
    el.remove();
  });

  it('a cheaper alternative shows a minus, the chosen one nothing', async () => {
    const el = await readyConfigurator('Standing Desk');
    const chosen = $$(el, '[part~="option"].selected');
    expect(chosen.length).to.be.greaterThan(0);
    for (const option of chosen) {
      if (option.querySelector('input[type="radio"]')) {
        expect(option.querySelector('[data-effect]')).to.equal(null);
      }
    }
    el.remove();
  });
});

describe('a figure that is not the service’s', () => {
  it('shows none while the exact one is on its way (the start), then the exact one', async function () {
    this.timeout(60_000);
    // At `configurator-ready` the start's question has not been asked yet (it waits until the
    // shopper can act): no figure at all, so a shopper never reads a wrong one.
    const el = await fixture<ProductConfiguratorElement>(
      html`<product-configurator
        api-url=${serviceUrl}
        .fetchToken=${demoToken}
      ></product-configurator>`,
    );
    const seen = new Promise<{pending: number; estimates: number; figures: number; seen: number}>(
      (resolve) =>
        el.addEventListener(
          EventName.ready,
          () =>
            resolve({
              pending: $$(el, '[data-effect-source="pending"]').length,
              estimates: $$(el, '[data-effect-source="estimate"]').length,
              figures: $$(el, '[data-effect-source="pending"] [data-effect]').length,
              // What keeps a figure's place is not seen (nor read).
              seen: $$(el, '[data-effect-source="pending"] .price').filter(
                (p) => getComputedStyle(p).visibility !== 'hidden',
              ).length,
            }),
          {once: true},
        ),
    );
    el.model = 'E-Bike';
    const atReady = await seen;
    expect(atReady.pending).to.be.greaterThan(0);
    expect(atReady.estimates).to.equal(0);
    expect(atReady.figures).to.equal(0);
    expect(atReady.seen).to.equal(0);
    await openStep(el, 'Drive');
    await exact(el);
    // The second battery brings the mid motor along: the exact figure, not its own price.
    const battery = optionInput(el, 'Second battery').closest<HTMLElement>('[part~="option"]')!;
    expect(battery.querySelector('[data-effect]')!.textContent!.trim()).to.match(/^\+ €/);
    el.remove();
  });

  for (const [lang, word] of [
    ['en', 'about'],
    ['nl', 'ongeveer'],
    ['de', 'etwa'],
    ['fr', 'environ'],
  ] as const) {
    it(`says an estimate is one (${lang}: “${word}”) when the service cannot answer`, async function () {
      this.timeout(60_000);
      const requests = recordRequests();
      requests.fail((url) => url.endsWith('/effects'));
      try {
        // A model with texts in all four languages.
        const el = await readyConfigurator('Office Chair', {lang});
        await until(
          el,
          () => $$(el, '[data-effect-source="estimate"]').length > 0,
          'the estimates after the question failed',
        );
        const figures = $$(el, '[data-effect-source="estimate"] [data-effect]').map((e) =>
          e.textContent!.trim(),
        );
        expect(figures.length).to.be.greaterThan(0);
        for (const figure of figures) expect(figure.startsWith(`${word} `), figure).to.equal(true);
        expect($$(el, '[data-effect-source="pending"]')).to.have.length(0);
        // The next answer asks again, and its exact figures say nothing more.
        requests.heal();
        const other = $$(el, '[part~="option"]:not(.selected):not(.disabled)').find((o) =>
          o.querySelector('input[type="radio"]'),
        )!;
        await el.select(other.dataset.node!, true);
        await settled(el);
        await exact(el);
        expect($$(el, '[data-effect]').length).to.be.greaterThan(0);
        for (const e of $$(el, '[data-effect]')) {
          expect(e.textContent!.trim().startsWith(word)).to.equal(false);
        }
        el.remove();
      } finally {
        requests.restore();
      }
    });
  }
});
