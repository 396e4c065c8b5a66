// While the page waits for its first configuration, the configure view renders once, into an
// element that is never attached, a configuration made up here: Lit parses and keeps the
// templates (kept per template, not per element), and the render code has run, so the render
// that shows the shopper's configuration only fills them in
// (docs/decisions/0072-a-rehearsed-first-render.md).
import {nothing, render} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {
  renderConfiguredLayout,
  renderStepsPanel,
  renderTools,
  type ToolsHandlers,
} from '../view/render-configured.js';
import type {StepHandlers} from '../view/render-steps.js';
import {renderSummary, type SummaryHandlers} from '../view/render-summary.js';
import {renderTotalBar} from '../view/render-total-bar.js';
import {buildViewModel, type ConfigurationView} from '../view/view-model.js';
import {
  DisplayType,
  FeatureType,
  NodeType,
  type Configuration,
  type FeatureNode,
} from '../wire/index.js';
import {whenIdle} from './lazy-view.js';

const noop = () => {};

const label = '-';

function node(id: string, more: Partial<FeatureNode>): FeatureNode {
  return {
    id,
    featureId: id,
    parentId: null,
    articleCode: null,
    name: id,
    // Markup, so the model-text sanitiser runs too.
    description: '<b>-</b>',
    extendedDescription: null,
    moreInfo: null,
    unitOfMeasurement: null,
    imageUrl: null,
    type: NodeType.mandatory,
    featureType: FeatureType.feature,
    displayType: DisplayType.standard,
    minValue: null,
    maxValue: null,
    stepValue: null,
    isMandatory: false,
    isDisabled: false,
    disabledReason: null,
    hideInQuotation: false,
    price: 1,
    priceIncVAT: 1,
    priceLabel: label,
    priceIncVATLabel: label,
    features: [],
    ...more,
  };
}

/**
 * A configuration of two steps. The first has one of each kind of choice: radio buttons, cards
 * and chips (one option picked, one unavailable), a drop-down with none picked yet, check boxes,
 * and a text; the second a slider and a number field. With lease prices, and no pictures (an
 * image element starts loading even when it is never attached).
 */
export function madeUpConfiguration(): Configuration {
  const groups = [
    DisplayType.standard,
    DisplayType.card,
    DisplayType.chips,
    DisplayType.dropdown,
  ].map((displayType) =>
    node(`g${displayType}`, {
      displayType,
      features: [
        node(`a${displayType}`, {type: NodeType.alternative, displayType}),
        node(`b${displayType}`, {type: NodeType.alternative, displayType, isDisabled: true}),
      ],
    }),
  );
  const options = node('o', {
    features: [node('o1', {type: NodeType.optional}), node('o2', {type: NodeType.optional})],
  });
  const text = node('t', {featureType: FeatureType.text});
  const root = node('r', {features: [...groups, options, text]});
  const numbers = node('n', {
    features: [DisplayType.slider, DisplayType.input].map((displayType) =>
      node(`n${displayType}`, {displayType, minValue: 1, maxValue: 2, unitOfMeasurement: label}),
    ),
  });
  // The nine prices and their labels (base, additional and total; as set, incl. and excl. VAT).
  const prices = Object.fromEntries(
    ['base', 'additional', 'total'].flatMap((kind) =>
      ['', 'IncVAT', 'ExVAT'].flatMap((vat) => [
        [`${kind}Price${vat}`, 1],
        [`${kind}Price${vat}Label`, label],
      ]),
    ),
  ) as Pick<Configuration, 'totalPrice' | 'totalPriceLabel'>;
  return {
    ...(prices as Configuration),
    id: 'r',
    code: 'R',
    currencyIso: 'EUR',
    currency: {
      iso: 'EUR',
      name: label,
      symbol: label,
      decimalDigits: 2,
      rounding: 0,
      namePlural: label,
      isDefault: true,
    },
    languageIso: 'en',
    countryIso: 'NL',
    featureModelId: 'r',
    featureModel: {
      id: 'r',
      name: label,
      description: root.description,
      imageUrl: null,
      rootNodeId: 'r',
      steps: [
        {id: 's1', title: label, iconUrl: null, features: [root]},
        {id: 's2', title: label, iconUrl: null, features: [numbers]},
      ],
    },
    values: {a0: 1, a1: 1, a10: 1, o1: 1},
    textValues: {},
    conflicts: null,
    unansweredMandatories: ['t'],
    leasePrices: [{months: 1, monthlyPriceExVAT: 1, monthlyPriceIncVAT: 1}],
    leasePricesLabels: [{months: 1, monthlyPriceExVATLabel: label, monthlyPriceIncVATLabel: label}],
  };
}

/**
 * What the configure view shows of a configuration, part by part, as the element renders it in
 * one: the first step, the layout around it with the total bar, the summary and the shopper's
 * tools, then each further step. Handlers do nothing: a rehearsal is never shown. The last
 * parts matter least (the made-up configuration's numbers are on its second step): a number's
 * first label makes the platform's number formatter, tens of milliseconds of locale data.
 */
export function viewParts(view: ConfigurationView, s: Strings): (() => unknown)[] {
  // Every handler of every part: one that does nothing.
  const on = new Proxy({}, {get: () => noop}) as StepHandlers & SummaryHandlers & ToolsHandlers;
  const [first, ...others] = view.steps.map(
    (step) => () => renderStepsPanel(view.steps, step.id, s, on),
  );
  return [
    ...(first ? [first] : []),
    () =>
      renderConfiguredLayout(view, {
        banner: nothing,
        main: nothing,
        totalBar: renderTotalBar(view, s, noop),
        summary: renderSummary(view, {busy: false, copyStatus: '', showQuoteButton: true}, s, on),
        tools: renderTools({resumeError: '', canUndo: true, confirming: false}, s, on),
        languagePicker: nothing,
      }),
    ...others,
  ];
}

/** Resolves once the main thread is idle. */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * The configure view's parts rendered with the made-up configuration, each in its own idle
 * moment, while `wanted()` holds: once a real configuration has been rendered (which prepares
 * the same templates) or arrives, the rest is skipped rather than put in its way.
 */
export async function rehearse(s: Strings, wanted: () => boolean): Promise<void> {
  const configuration = madeUpConfiguration();
  const view = buildViewModel({
    configuration,
    values: new Map(Object.entries(configuration.values) as [string, number][]),
    texts: new Map(),
    pending: new Map(),
    apiUrl: '',
    inclVat: true,
  });
  for (const part of viewParts(view, s)) {
    await idle();
    if (!wanted()) return;
    render(part(), document.createElement('div'));
  }
}
