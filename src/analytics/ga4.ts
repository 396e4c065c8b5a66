// The configurator's journey as Google Analytics 4 recommended events, built from what the
// element knows: the model, its steps and prices. Nothing the shopper typed or could be known
// by goes in (docs/analytics.md, "What is never pushed").
import type {Conflict, Configuration, FeatureNode, Requirement} from '../wire/index.js';
import type {ConfiguratorStepDetail} from '../events/configurator-step-event.js';

/** The events pushed, by the step of the journey they report. A name never changes. */
export const Ga4Event = {
  /** The configuration is ready (`configurator-ready`): GA4's recommended event. */
  viewItem: 'view_item',
  /** One of the model's steps is shown (`configurator-step`). */
  step: 'configurator_step',
  /** The review is shown (`configurator-step` with `review`). */
  review: 'configurator_review',
  /** The quote form is shown (`configurator-step`, screen `quote`). */
  quoteForm: 'configurator_quote_form',
  /** A choice met a conflict (`configurator-conflict`). */
  conflict: 'configurator_conflict',
  /** The service accepted a quote request (`configurator-quote-requested`): GA4's recommended event. */
  lead: 'generate_lead',
} as const;
export type Ga4Event = (typeof Ga4Event)[keyof typeof Ga4Event];

/**
 * Every name a push holds besides `event` and `ecommerce`'s own (`currency`, `value`, `items`,
 * `price`, `quantity`): what a tag manager's variables read. docs/analytics.md names them.
 */
export const Ga4Param = {
  itemId: 'item_id',
  itemName: 'item_name',
  stepIndex: 'step_index',
  stepId: 'step_id',
  stepName: 'step_name',
  stepCount: 'step_count',
  featureId: 'feature_id',
  featureName: 'feature_name',
  conflictCount: 'conflict_count',
} as const;

export interface Ga4Item {
  /** The model's id (`featureModelId`): the same in every language. */
  item_id: string;
  /** The model's name. */
  item_name: string;
  /** The configured price excl. VAT. */
  price: number;
  quantity: number;
}

export interface Ga4Ecommerce {
  /** ISO 4217, upper case as GA4 expects it. */
  currency: string;
  /** `price` times `quantity`, excl. VAT, as GA4 wants `value` (tax apart). */
  value: number;
  items: [Ga4Item];
}

/** One object for `dataLayer.push`. */
export type DataLayerPush = Record<string, unknown>;

/** What the configuration is worth: its total excl. VAT, `quantity` times. */
export function ecommerceOf(configuration: Configuration, quantity = 1): Ga4Ecommerce {
  const price = configuration.totalPriceExVAT;
  // 3 × 0.1 is 0.30000000000000004 in floating point; GA4 shows what it gets.
  const digits = configuration.currency?.decimalDigits ?? 2;
  const unit = 10 ** digits;
  return {
    currency: configuration.currencyIso.toUpperCase(),
    value: Math.round(price * quantity * unit) / unit,
    items: [
      {
        [Ga4Param.itemId]: configuration.featureModelId,
        [Ga4Param.itemName]: configuration.featureModel.name,
        price,
        quantity,
      },
    ],
  };
}

/**
 * The pushes of one event: Google's advice for the data layer is to clear the previous
 * `ecommerce` object first, since Tag Manager merges each push into what it holds.
 */
function event(
  name: Ga4Event,
  configuration: Configuration,
  params: DataLayerPush = {},
  quantity = 1,
): DataLayerPush[] {
  return [
    {ecommerce: null},
    {event: name, ...params, ecommerce: ecommerceOf(configuration, quantity)},
  ];
}

export function viewItem(configuration: Configuration): DataLayerPush[] {
  return event(Ga4Event.viewItem, configuration);
}

/** A model step, the review or the quote form; the parameters say which. */
export function stepReached(
  step: ConfiguratorStepDetail,
  configuration: Configuration,
): DataLayerPush[] {
  const name =
    step.screen === 'review'
      ? Ga4Event.review
      : step.screen === 'quote'
        ? Ga4Event.quoteForm
        : Ga4Event.step;
  return event(name, configuration, {
    [Ga4Param.stepIndex]: step.index,
    [Ga4Param.stepId]: step.stepId ?? step.screen,
    [Ga4Param.stepName]: step.name,
    [Ga4Param.stepCount]: step.stepCount,
  });
}

/** The feature whose choice met the conflict, and how many changes accepting would make. */
export function conflictMet(
  requirement: Requirement,
  conflicts: readonly Conflict[],
  configuration: Configuration,
): DataLayerPush[] {
  const feature = findNode(configuration, requirement.featureModelNodeId);
  return event(Ga4Event.conflict, configuration, {
    [Ga4Param.featureId]: requirement.featureModelNodeId,
    [Ga4Param.featureName]: feature?.name ?? '',
    [Ga4Param.conflictCount]: conflicts.length,
  });
}

/** The quote request: the configuration `quantity` times. */
export function leadGenerated(configuration: Configuration, quantity: number): DataLayerPush[] {
  return event(Ga4Event.lead, configuration, {}, quantity);
}

function findNode(configuration: Configuration, id: string): FeatureNode | undefined {
  const stack = configuration.featureModel.steps.flatMap((s) => s.features);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id === id) return node;
    stack.push(...node.features);
  }
  return undefined;
}
