import {
  DisplayType,
  FeatureType,
  NodeType,
  type Configuration,
  type FeatureNode,
} from '../wire/index.js';

/** An input the shopper made that the service has not confirmed yet. */
export interface PendingInput {
  value?: number;
  on?: boolean;
  text?: string;
}

/** What the view model is computed from: the session's state plus the element's choices. */
export interface ViewModelInput {
  configuration: Configuration;
  /** Confirmed node values; 0 is off. */
  values: ReadonlyMap<string, number>;
  texts: ReadonlyMap<string, string>;
  pending: ReadonlyMap<string, PendingInput>;
  /** Base URL that relative image URLs are resolved against. */
  apiUrl: string;
  inclVat: boolean;
  /**
   * Build the nodes of this step only; every other step gets an empty `nodes` (its title,
   * missing count and names are still there). An element shows one step at a time, and on a
   * large model the others' nodes are most of the work. Default: every step.
   */
  onlyStep?: string;
}

export interface OptionView {
  id: string;
  name: string;
  descriptionHtml: string | null;
  /** Longer texts (extended description, more info) shown on demand. */
  moreInfoHtml: string | null;
  imageUrl: string | null;
  /** Formatted surcharge, or '' when the option costs nothing. */
  priceLabel: string;
  selected: boolean;
  disabled: boolean;
  disabledReason: string | null;
  /** Shown beneath the option while it is selected. */
  children: NodeView[];
}

export type ChoiceControl = 'radio' | 'cards' | 'chips' | 'dropdown' | 'checkbox';

/** A set of sibling options: alternatives (one of) or optional/or nodes (any of). */
export interface ChoiceView {
  kind: 'choice';
  /** A stable id for the set (the parent's id plus the control). */
  id: string;
  control: ChoiceControl;
  /** The parent's name, used as the set's accessible name. */
  label: string;
  /** The id of the heading that names the set, when the parent renders one. */
  labelledBy: string | null;
  missing: boolean;
  /** For "or" sets: at least one must stay on. */
  atLeastOne: boolean;
  options: OptionView[];
}

export interface GroupView {
  kind: 'group';
  id: string;
  name: string;
  descriptionHtml: string | null;
  moreInfoHtml: string | null;
  imageUrl: string | null;
  /** A mandatory answer inside this group is missing. */
  missing: boolean;
  children: NodeView[];
}

export interface NumberView {
  kind: 'number';
  id: string;
  name: string;
  descriptionHtml: string | null;
  value: number;
  min: number | null;
  max: number | null;
  step: number | null;
  unit: string | null;
  slider: boolean;
  priceLabel: string;
  disabled: boolean;
  disabledReason: string | null;
  missing: boolean;
}

export interface TextView {
  kind: 'text';
  id: string;
  name: string;
  descriptionHtml: string | null;
  value: string;
  disabled: boolean;
  disabledReason: string | null;
  missing: boolean;
}

export interface ImageView {
  kind: 'image';
  id: string;
  name: string;
  imageUrl: string;
}

export type NodeView = GroupView | ChoiceView | NumberView | TextView | ImageView;

export interface StepView {
  id: string;
  title: string;
  iconUrl: string | null;
  /** How many unanswered mandatory features this step holds. */
  missing: number;
  nodes: NodeView[];
}

export interface UnansweredView {
  id: string;
  name: string;
  stepId: string | null;
}

export interface SummaryView {
  base: string;
  options: string;
  total: string;
  inclVat: boolean;
  lease: {label: string; months: number}[];
}

export interface ConfigurationView {
  id: string;
  code: string;
  product: {name: string; descriptionHtml: string | null; imageUrl: string | null};
  steps: StepView[];
  summary: SummaryView;
  unanswered: UnansweredView[];
  /** Display name of every node by id (for conflict texts and links). */
  names: ReadonlyMap<string, string>;
}

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

/** Turns a configuration and the shopper's pending inputs into what the views render. */
export function buildViewModel(input: ViewModelInput): ConfigurationView {
  const {configuration, values, texts, pending, apiUrl, inclVat, onlyStep} = input;
  const model = configuration.featureModel;
  const unansweredIds = new Set(configuration.unansweredMandatories ?? []);
  const names = new Map<string, string>();
  const stepOf = new Map<string, string>();

  const valueOf = (id: string): number => {
    const p = pending.get(id);
    if (p?.value !== undefined) return p.value;
    if (p?.on !== undefined) return p.on ? Math.max(values.get(id) ?? 0, 1) : 0;
    return values.get(id) ?? 0;
  };
  const priceOf = (node: FeatureNode) =>
    node.price > 0 ? (inclVat ? node.priceIncVATLabel : node.priceLabel) : '';
  const image = (url: string | null) => resolveImageUrl(url, apiUrl);
  // Every node with an unanswered mandatory node at or below it (filled once the tree is walked).
  const missingBelow = new Set<string>();
  const parentOf = new Map<string, string>();
  const hasMissing = (node: FeatureNode): boolean => missingBelow.has(node.id);

  const option = (node: FeatureNode, selected: boolean): OptionView => ({
    id: node.id,
    name: node.name,
    descriptionHtml: node.description,
    moreInfoHtml: moreInfo(node),
    imageUrl: image(node.imageUrl),
    priceLabel: priceOf(node),
    selected,
    disabled: node.isDisabled,
    disabledReason: node.disabledReason,
    children: selected ? children(node, node.id) : [],
  });

  const alternatives = (
    parent: {id: string; name: string; displayType: number},
    nodes: FeatureNode[],
    labelledBy: string | null,
  ): ChoiceView => {
    // An optimistic pick wins over the confirmed one, so a radio never shows two choices.
    const picked = nodes.find((n) => pending.get(n.id)?.on === true)?.id;
    const control: ChoiceControl =
      parent.displayType === DisplayType.dropdown ||
      nodes.every((n) => n.displayType === DisplayType.dropdown)
        ? 'dropdown'
        : parent.displayType === DisplayType.card ||
            nodes.every((n) => n.displayType === DisplayType.card)
          ? 'cards'
          : parent.displayType === DisplayType.chips ||
              nodes.every((n) => n.displayType === DisplayType.chips)
            ? 'chips'
            : 'radio';
    return {
      kind: 'choice',
      id: `${parent.id}-alternatives`,
      control,
      label: parent.name,
      labelledBy,
      missing: unansweredIds.has(parent.id),
      atLeastOne: true,
      options: nodes.map((n) => option(n, picked ? n.id === picked : valueOf(n.id) !== 0)),
    };
  };

  const checkboxes = (
    parent: {id: string; name: string},
    nodes: FeatureNode[],
    labelledBy: string | null,
  ): ChoiceView => ({
    kind: 'choice',
    id: `${parent.id}-options`,
    control: 'checkbox',
    label: parent.name,
    labelledBy,
    missing: unansweredIds.has(parent.id),
    atLeastOne: nodes.some((n) => n.type === NodeType.or),
    options: nodes.map((n) => option(n, valueOf(n.id) !== 0)),
  });

  function single(node: FeatureNode): NodeView {
    const missing = unansweredIds.has(node.id);
    if (node.featureType === FeatureType.text) {
      return {
        kind: 'text',
        id: node.id,
        name: node.name,
        descriptionHtml: node.description,
        value: pending.get(node.id)?.text ?? texts.get(node.id) ?? '',
        disabled: node.isDisabled,
        disabledReason: node.disabledReason,
        missing,
      };
    }
    if (node.featureType === FeatureType.image) {
      const url = image(node.imageUrl);
      if (url) return {kind: 'image', id: node.id, name: node.name, imageUrl: url};
    }
    if (isNumeric(node)) {
      return {
        kind: 'number',
        id: node.id,
        name: node.name,
        descriptionHtml: node.description,
        value: valueOf(node.id),
        min: node.minValue,
        max: node.maxValue,
        step: node.stepValue,
        unit: node.unitOfMeasurement,
        slider: node.displayType === DisplayType.slider,
        priceLabel: priceOf(node),
        disabled: node.isDisabled,
        disabledReason: node.disabledReason,
        missing,
      };
    }
    return {
      kind: 'group',
      id: node.id,
      name: node.name,
      descriptionHtml: node.description,
      moreInfoHtml: moreInfo(node),
      imageUrl: image(node.imageUrl),
      missing: hasMissing(node),
      children: children(node, `${node.id}-heading`),
    };
  }

  /** Children in model order; sibling alternatives form one set, optional/or nodes another. */
  function children(
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
      names.set(node.id, node.name);
      if (inAlts.has(node)) {
        if (node === alts[0]) out.push(alternatives(parent, alts, labelledBy));
      } else if (inOpts.has(node)) {
        if (node === opts[0]) out.push(checkboxes(parent, opts, labelledBy));
      } else {
        out.push(single(node));
      }
    }
    return out;
  }

  const collectSteps = (node: FeatureNode, stepId: string, parent: string | null) => {
    stepOf.set(node.id, stepId);
    names.set(node.id, node.name);
    if (parent !== null) parentOf.set(node.id, parent);
    for (const child of node.features) collectSteps(child, stepId, node.id);
  };
  for (const step of model.steps) {
    for (const node of step.features) collectSteps(node, step.id, null);
  }
  const missingPerStep = new Map<string, number>();
  for (const id of unansweredIds) {
    const stepId = stepOf.get(id);
    if (stepId !== undefined) missingPerStep.set(stepId, (missingPerStep.get(stepId) ?? 0) + 1);
    for (let at: string | undefined = id; at !== undefined && !missingBelow.has(at);) {
      missingBelow.add(at);
      at = parentOf.get(at);
    }
  }

  const steps: StepView[] = model.steps.map((step) => {
    const stepNode = {id: step.id, name: step.title, displayType: 0, features: step.features};
    const built = onlyStep === undefined || onlyStep === step.id;
    return {
      id: step.id,
      title: step.title,
      iconUrl: image(step.iconUrl),
      missing: missingPerStep.get(step.id) ?? 0,
      nodes: built ? children(stepNode, `${step.id}-title`) : [],
    };
  });

  const c = configuration;
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
      imageUrl: image(model.imageUrl),
    },
    steps,
    summary: {
      base: inclVat ? c.basePriceIncVATLabel : c.basePriceExVATLabel,
      options: inclVat ? c.additionalPriceIncVATLabel : c.additionalPriceExVATLabel,
      total: inclVat ? c.totalPriceIncVATLabel : c.totalPriceExVATLabel,
      inclVat,
      lease,
    },
    unanswered: [...unansweredIds].map((id) => ({
      id,
      name: names.get(id) ?? id,
      stepId: stepOf.get(id) ?? null,
    })),
    names,
  };
}

/** Text and numeric nodes are inputs even when their parent relationship is optional. */
function isInput(node: FeatureNode): boolean {
  return node.featureType === FeatureType.text || isNumeric(node);
}

/**
 * Answers `next` with every part that equals the same part of `previous` replaced by that
 * previous object, so unchanged nodes keep their identity from one update to the next and
 * their rendering can be skipped. Arrays are matched by position (a model's structure does
 * not move between answers), objects by key, maps (of plain values) by entry.
 */
export function reuseUnchanged<T>(previous: T | null, next: T): T {
  if (previous === next || typeof next !== 'object' || next === null) return next;
  if (typeof previous !== 'object' || previous === null) return next;
  if (next instanceof Map) {
    if (!(previous instanceof Map) || previous.size !== next.size) return next;
    for (const [key, value] of next) if (previous.get(key) !== value) return next;
    return previous;
  }
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    let same = previous.length === next.length;
    const out = next.map((item: unknown, i) => {
      const kept = i < previous.length ? reuseUnchanged(previous[i] as unknown, item) : item;
      if (kept !== previous[i]) same = false;
      return kept;
    });
    return (same ? previous : out) as T;
  }
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    out[key] = reuseUnchanged(before[key], after[key]);
    if (out[key] !== before[key]) same = false;
  }
  return (same ? previous : out) as T;
}
