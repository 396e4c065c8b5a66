import {DisplayType, FeatureType, NodeType, type FeatureNode} from '../wire/index.js';
import {
  effectLabel,
  effectOnTotal,
  nodeAmount,
  priceBasis,
  roundMoney,
  unitEffectLabel,
  type PriceBasis,
} from './price-effects.js';

import {structureOf, type ModelStructure} from './model-structure.js';
import type {
  ChoiceControl,
  ChoiceView,
  ConfigurationView,
  EffectSource,
  NodeView,
  OptionView,
  StepView,
  ViewModelInput,
} from './view-model-types.js';

export type {
  PendingInput,
  ViewModelInput,
  OptionView,
  ChoiceControl,
  ChoiceView,
  GroupView,
  NumberView,
  TextView,
  ImageView,
  NodeView,
  StepView,
  UnansweredView,
  SummaryView,
  ConfigurationView,
  EffectSource,
} from './view-model-types.js';

const moreInfo = (node: FeatureNode): string | null =>
  [node.extendedDescription, node.moreInfo].filter((t) => t && t.trim()).join('') || null;

const isNumeric = (node: FeatureNode) =>
  node.displayType === DisplayType.slider ||
  node.displayType === DisplayType.input ||
  (node.featureType === FeatureType.feature && node.minValue !== null && node.maxValue !== null);

/** Resolves a model image URL against the service's base URL; null for anything not http(s). */
export function resolveImageUrl(url: string | null, apiUrl: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
    // Model data decides image URLs; only web images may reach an <img src>.
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * What every step of building the view model reads: the input, the model's structure (names,
 * steps, parents: kept between answers, `structureOf`) and where answers are missing.
 */
interface ViewContext extends ViewModelInput {
  unansweredIds: ReadonlySet<string>;
  structure: ModelStructure;
  /** Every node with an unanswered mandatory node at or below it. */
  missingBelow: Set<string>;
  prices: PriceBasis;
  /** What a node and its switched-on descendants add now, for the nodes asked about so far. */
  amounts: Map<FeatureNode, number>;
}

/** Turns a configuration and the shopper's pending inputs into what the views render. */
export function buildViewModel(input: ViewModelInput): ConfigurationView {
  const {configuration: c, inclVat, onlyStep} = input;
  const model = c.featureModel;
  const ctx: ViewContext = {
    ...input,
    unansweredIds: new Set(c.unansweredMandatories ?? []),
    structure: structureOf(model),
    missingBelow: new Set(),
    prices: priceBasis(c, inclVat),
    amounts: new Map(),
  };
  const {names, stepOf} = ctx.structure;
  const missingPerStep = markMissing(ctx);

  const steps: StepView[] = model.steps.map((step) => {
    const stepNode = {id: step.id, name: step.title, displayType: 0, features: step.features};
    const built = onlyStep === undefined || onlyStep === step.id;
    return {
      id: step.id,
      title: step.title,
      iconUrl: image(ctx, step.iconUrl),
      missing: missingPerStep.get(step.id) ?? 0,
      nodes: built ? children(ctx, stepNode, `${step.id}-title`) : [],
    };
  });

  const lease = (c.leasePricesLabels ?? []).map((l) => ({
    months: l.months,
    label: inclVat ? l.monthlyPriceIncVATLabel : l.monthlyPriceExVATLabel,
  }));

  return {
    id: c.id,
    code: c.code,
    product: {
      name: model.name,
      descriptionHtml: model.description,
      imageUrl: image(ctx, model.imageUrl),
    },
    steps,
    summary: {
      base: inclVat ? c.basePriceIncVATLabel : c.basePriceExVATLabel,
      options: inclVat ? c.additionalPriceIncVATLabel : c.additionalPriceExVATLabel,
      total: inclVat ? c.totalPriceIncVATLabel : c.totalPriceExVATLabel,
      inclVat,
      lease,
    },
    unanswered: [...ctx.unansweredIds].map((id) => ({
      id,
      name: names.get(id) ?? id,
      stepId: stepOf.get(id) ?? null,
    })),
    names,
  };
}

/**
 * What a node and its switched-on descendants add to the options' sum now (excl. VAT): asked
 * only of the options on screen, so an update does not walk the whole model for it.
 */
function amountOn(ctx: ViewContext, node: FeatureNode): number {
  const value = ctx.values.get(node.id) ?? 0;
  // An option switched off takes nothing below it along.
  if (value === 0) return 0;
  let amount = ctx.amounts.get(node);
  if (amount === undefined) {
    amount = nodeAmount(node, value, isNumeric(node));
    for (const child of node.features) amount += amountOn(ctx, child);
    ctx.amounts.set(node, amount);
  }
  return amount;
}

/**
 * What choosing option `id` does to the total on screen: the service's answer when there is
 * one, else worked out from a change of the options' sum by `delta` (excl. VAT).
 */
function effect(ctx: ViewContext, id: string, delta: number): [label: string, EffectSource] {
  const after = ctx.totalsAfter?.get(id);
  // The service refuses this choice (the last option of an "or" group): nothing to show.
  if (after === null) return ['', 'service'];
  if (after) {
    const shown = ctx.inclVat ? after.inclVat : after.exclVat;
    const change = roundMoney(shown - ctx.prices.totalShown, ctx.prices.digits);
    return [effectLabel(ctx.prices, change), 'service'];
  }
  const estimate = effectLabel(ctx.prices, effectOnTotal(ctx.prices, delta));
  // While the exact figure is on its way the estimate only keeps its place (never shown), so
  // the option does not move when the figure arrives.
  return [estimate, ctx.effectEstimates === false ? 'pending' : 'estimate'];
}

/** Marks every node above an unanswered one; answers how many are unanswered per step. */
function markMissing(ctx: ViewContext): Map<string, number> {
  const missingPerStep = new Map<string, number>();
  const {stepOf, parentOf} = ctx.structure;
  for (const id of ctx.unansweredIds) {
    const stepId = stepOf.get(id);
    if (stepId !== undefined) missingPerStep.set(stepId, (missingPerStep.get(stepId) ?? 0) + 1);
    for (let at: string | undefined = id; at !== undefined && !ctx.missingBelow.has(at);) {
      ctx.missingBelow.add(at);
      at = parentOf.get(at);
    }
  }
  return missingPerStep;
}

/** The value shown: an optimistic input wins over the confirmed value. */
function valueOf({pending, values}: ViewContext, id: string): number {
  const p = pending.get(id);
  if (p?.value !== undefined) return p.value;
  if (p?.on !== undefined) return p.on ? Math.max(values.get(id) ?? 0, 1) : 0;
  return values.get(id) ?? 0;
}

const priceOf = ({inclVat}: ViewContext, node: FeatureNode) =>
  node.price > 0 ? (inclVat ? node.priceIncVATLabel : node.priceLabel) : '';

const image = (ctx: ViewContext, url: string | null) => resolveImageUrl(url, ctx.apiUrl);

function option(
  ctx: ViewContext,
  node: FeatureNode,
  selected: boolean,
  [effectLabel, effectSource]: [string, EffectSource],
): OptionView {
  return {
    id: node.id,
    name: node.name,
    descriptionHtml: node.description,
    moreInfoHtml: moreInfo(node),
    imageUrl: image(ctx, node.imageUrl),
    priceLabel: priceOf(ctx, node),
    effectLabel,
    effectSource,
    selected,
    disabled: node.isDisabled,
    disabledReason: node.disabledReason,
    children: selected ? children(ctx, node, node.id) : [],
  };
}

/**
 * The control for a set of alternatives, by display type, first match wins: the parent asks
 * for it, or every alternative does. Radios otherwise.
 */
const alternativeControls: ReadonlyArray<[displayType: number, control: ChoiceControl]> = [
  [DisplayType.dropdown, 'dropdown'],
  [DisplayType.card, 'cards'],
  [DisplayType.chips, 'chips'],
];

function alternatives(
  ctx: ViewContext,
  parent: {id: string; name: string; displayType: number},
  nodes: FeatureNode[],
  labelledBy: string | null,
): ChoiceView {
  // An optimistic pick wins over the confirmed one, so a radio never shows two choices.
  const picked = nodes.find((n) => ctx.pending.get(n.id)?.on === true)?.id;
  // Effects are of the configuration the service answered with, not of a pick on its way.
  const current = nodes.find((n) => (ctx.values.get(n.id) ?? 0) !== 0);
  const currentAmount = current ? amountOn(ctx, current) : 0;
  const control =
    alternativeControls.find(
      ([type]) => parent.displayType === type || nodes.every((n) => n.displayType === type),
    )?.[1] ?? 'radio';
  return {
    kind: 'choice',
    id: `${parent.id}-alternatives`,
    control,
    label: parent.name,
    labelledBy,
    missing: ctx.unansweredIds.has(parent.id),
    atLeastOne: true,
    options: nodes.map((n) => {
      // Choosing another alternative drops the one chosen now with what is chosen below it.
      const delta = nodeAmount(n, 1, false) - currentAmount;
      return option(
        ctx,
        n,
        picked ? n.id === picked : valueOf(ctx, n.id) !== 0,
        // The chosen one changes nothing: no question to ask.
        n === current ? ['', 'service'] : effect(ctx, n.id, delta),
      );
    }),
  };
}

function checkboxes(
  ctx: ViewContext,
  parent: {id: string; name: string},
  nodes: FeatureNode[],
  labelledBy: string | null,
): ChoiceView {
  return {
    kind: 'choice',
    id: `${parent.id}-options`,
    control: 'checkbox',
    label: parent.name,
    labelledBy,
    missing: ctx.unansweredIds.has(parent.id),
    atLeastOne: nodes.some((n) => n.type === NodeType.or),
    options: nodes.map((n) => {
      const on = (ctx.values.get(n.id) ?? 0) !== 0;
      const delta = on ? -amountOn(ctx, n) : nodeAmount(n, 1, false);
      return option(ctx, n, valueOf(ctx, n.id) !== 0, effect(ctx, n.id, delta));
    }),
  };
}

/** The view a node of a feature type becomes on its own; others are numbers or groups. */
const kindByFeatureType: Partial<Record<number, 'text' | 'image'>> = {
  [FeatureType.text]: 'text',
  [FeatureType.image]: 'image',
};

/** What a node that is not in a set of choices is shown as. */
function kindOf(ctx: ViewContext, node: FeatureNode): NodeView['kind'] {
  const kind = kindByFeatureType[node.featureType];
  // A picture without a usable URL is shown as what it otherwise is.
  if (kind === 'text' || (kind === 'image' && image(ctx, node.imageUrl))) return kind;
  return isNumeric(node) ? 'number' : 'group';
}

function single(ctx: ViewContext, node: FeatureNode): NodeView {
  const missing = ctx.unansweredIds.has(node.id);
  const kind = kindOf(ctx, node);
  switch (kind) {
    case 'text':
      return {
        kind,
        id: node.id,
        name: node.name,
        descriptionHtml: node.description,
        value: ctx.pending.get(node.id)?.text ?? ctx.texts.get(node.id) ?? '',
        disabled: node.isDisabled,
        disabledReason: node.disabledReason,
        missing,
      };
    case 'image':
      return {kind, id: node.id, name: node.name, imageUrl: image(ctx, node.imageUrl)!};
    case 'number':
      return {
        kind,
        id: node.id,
        name: node.name,
        descriptionHtml: node.description,
        value: valueOf(ctx, node.id),
        min: node.minValue,
        max: node.maxValue,
        step: node.stepValue,
        unit: node.unitOfMeasurement,
        slider: node.displayType === DisplayType.slider,
        priceLabel: priceOf(ctx, node),
        unitEffectLabel: unitEffectLabel(ctx.prices, node),
        disabled: node.isDisabled,
        disabledReason: node.disabledReason,
        missing,
      };
    default:
      return {
        kind: 'group',
        id: node.id,
        name: node.name,
        descriptionHtml: node.description,
        moreInfoHtml: moreInfo(node),
        imageUrl: image(ctx, node.imageUrl),
        missing: ctx.missingBelow.has(node.id),
        children: children(ctx, node, `${node.id}-heading`),
      };
  }
}

/** Children in model order; sibling alternatives form one set, optional/or nodes another. */
function children(
  ctx: ViewContext,
  parent: {id: string; name: string; displayType: number; features: FeatureNode[]},
  labelledBy: string | null,
): NodeView[] {
  const out: NodeView[] = [];
  const alts = parent.features.filter((n) => n.type === NodeType.alternative && !isInput(n));
  const opts = parent.features.filter(
    (n) => (n.type === NodeType.optional || n.type === NodeType.or) && !isInput(n),
  );
  const inAlts = new Set(alts);
  const inOpts = new Set(opts);
  for (const node of parent.features) {
    if (inAlts.has(node)) {
      if (node === alts[0]) out.push(alternatives(ctx, parent, alts, labelledBy));
    } else if (inOpts.has(node)) {
      if (node === opts[0]) out.push(checkboxes(ctx, parent, opts, labelledBy));
    } else {
      out.push(single(ctx, node));
    }
  }
  return out;
}

/** Text and numeric nodes are inputs even when their parent relationship is optional. */
function isInput(node: FeatureNode): boolean {
  return node.featureType === FeatureType.text || isNumeric(node);
}
