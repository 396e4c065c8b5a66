import {
  DisplayType,
  FeatureType,
  NodeType,
  type Currency,
  type FeatureNode,
  type Step,
} from '../../src/wire/index.js';
import {guidFor} from './guid.js';
import type {
  LeaseTerm,
  LocalText,
  ModelDefinition,
  NodeDefinition,
  PictureView,
} from './model-definition.js';

/** A `requires` edge; `atLeast` is set when the target is numeric and must reach a minimum. */
export interface RequiresEdge {
  readonly node: number;
  readonly atLeast: number | null;
}

/** A node with its relations resolved to indexes, so rules run without searching. */
export interface CompiledNode {
  readonly index: number;
  readonly id: string;
  readonly featureId: string;
  readonly key: string;
  /** -1 for the root. */
  readonly parent: number;
  readonly children: readonly number[];
  readonly depth: number;
  readonly type: NodeType;
  readonly featureType: FeatureType;
  readonly displayType: DisplayType;
  readonly numeric: boolean;
  readonly isText: boolean;
  readonly min: number | null;
  readonly max: number | null;
  readonly step: number | null;
  /** The value the node takes when it comes on: 1, or a numeric input's starting value. */
  readonly defaultValue: number;
  readonly selected: boolean;
  readonly price: number;
  readonly isMandatory: boolean;
  readonly hideInQuotation: boolean;
  readonly articleCode: string | null;
  readonly imageUrl: string | null;
  readonly name: LocalText;
  readonly description: LocalText | null;
  readonly extendedDescription: LocalText | null;
  readonly moreInfo: LocalText | null;
  readonly unitOfMeasurement: LocalText | null;
  readonly requires: readonly RequiresEdge[];
  /** Nodes whose `requires` point here (edge `node` is the source). */
  readonly requiredBy: readonly RequiresEdge[];
  /** Both directions of every `excludes` rule touching this node. */
  readonly excludes: readonly number[];
  /** Alternative siblings (same parent, type alternative), this node excluded. */
  readonly alternativeSiblings: readonly number[];
  /** Or siblings (same parent, type or), this node excluded. */
  readonly orSiblings: readonly number[];
}

export interface CompiledStep {
  readonly id: string;
  readonly key: string;
  readonly title: LocalText;
  readonly iconUrl: string | null;
  readonly features: readonly number[];
}

/** Per-language pieces of the rendered model that never change within a session. */
export interface LocalisedSkeleton {
  readonly nodes: readonly FeatureNode[];
  readonly steps: readonly Step[];
}

/** A model ready for sessions: indexes for fast updates and caches for fast rendering. */
export interface CompiledModel {
  /** The model GUID (`featureModelId`). */
  readonly id: string;
  /**
   * The root feature's English name: the stable identifier `new/{IDENTIFIER}` accepts (the
   * rendered `featureModel.name` is localised; its other languages are accepted too).
   */
  readonly name: string;
  readonly key: string;
  /** Languages with texts; others fall back to English. */
  readonly languages: readonly string[];
  /** Node ids in tree order (the root first). */
  readonly nodeIds: readonly string[];
  readonly nodes: readonly CompiledNode[];
  readonly indexById: ReadonlyMap<string, number>;
  readonly indexByKey: ReadonlyMap<string, number>;
  readonly steps: readonly CompiledStep[];
  readonly currency: Currency;
  readonly vatRate: number;
  readonly countryIso: string;
  readonly lease: readonly LeaseTerm[] | null;
  readonly picture: ((view: PictureView) => string) | null;
  /** Indexes of nodes with a price, of nodes in an `excludes` rule, of mandatory items. */
  readonly pricedNodes: readonly number[];
  readonly excludingNodes: readonly number[];
  readonly mandatoryNodes: readonly number[];
  /** Filled lazily by the renderer, one entry per language. */
  readonly skeletons: Map<string, LocalisedSkeleton>;
}

const currencies: Record<string, Currency> = {
  eur: {
    iso: 'eur',
    name: 'Euro',
    symbol: '€',
    decimalDigits: 2,
    rounding: 0.01,
    namePlural: 'Euros',
    isDefault: true,
  },
};

const imageUrl = (image: string | undefined) =>
  image === undefined
    ? null
    : /^(https?:)?\/|^data:/.test(image)
      ? image
      : `/images/${encodeURIComponent(image)}.svg`;

/**
 * Checks a model definition and turns it into a compiled model: GUIDs derived from keys,
 * relations resolved to indexes, both directions of every rule indexed. Throws a plain
 * `Error` naming the node for an authoring mistake (duplicate key, unknown rule target,
 * numeric node without a range).
 */
export function compileModel(def: ModelDefinition): CompiledModel {
  const flat: {def: NodeDefinition; parent: number; depth: number}[] = [];
  const walk = (node: NodeDefinition, parent: number, depth: number) => {
    const index = flat.length;
    flat.push({def: node, parent, depth});
    for (const child of node.children ?? []) walk(child, index, depth + 1);
  };
  walk(def.root, -1, 0);

  const indexByKey = new Map<string, number>();
  flat.forEach(({def: node}, index) => {
    if (indexByKey.has(node.key)) throw new Error(`Duplicate node key "${node.key}"`);
    indexByKey.set(node.key, index);
  });
  const lookup = (from: string, key: string) => {
    const index = indexByKey.get(key);
    if (index === undefined) throw new Error(`Node "${from}" refers to unknown node "${key}"`);
    return index;
  };

  const children: number[][] = flat.map(() => []);
  flat.forEach(({parent}, index) => {
    if (parent >= 0) children[parent]!.push(index);
  });
  const requires: RequiresEdge[][] = flat.map(() => []);
  const requiredBy: RequiresEdge[][] = flat.map(() => []);
  const excludes: Set<number>[] = flat.map(() => new Set());
  flat.forEach(({def: node}, index) => {
    for (const target of node.requires ?? []) {
      const key = typeof target === 'string' ? target : target.key;
      const atLeast = typeof target === 'string' ? null : target.atLeast;
      const other = lookup(node.key, key);
      requires[index]!.push({node: other, atLeast});
      requiredBy[other]!.push({node: index, atLeast});
    }
    for (const key of node.excludes ?? []) {
      const other = lookup(node.key, key);
      if (other === index) throw new Error(`Node "${node.key}" excludes itself`);
      excludes[index]!.add(other);
      excludes[other]!.add(index);
    }
  });

  const typeOf = (index: number): NodeType =>
    index === 0 ? NodeType.mandatory : (flat[index]!.def.type ?? NodeType.optional);
  const nodes: CompiledNode[] = flat.map(({def: node, parent, depth}, index) => {
    const displayType = node.displayType ?? DisplayType.standard;
    const featureType = node.featureType ?? FeatureType.feature;
    const numeric = displayType === DisplayType.input || displayType === DisplayType.slider;
    if (numeric && (node.min === undefined || node.max === undefined || node.min > node.max)) {
      throw new Error(`Numeric node "${node.key}" needs min <= max`);
    }
    if (numeric && (node.step ?? 1) <= 0)
      throw new Error(`Numeric node "${node.key}" needs step > 0`);
    if (numeric && node.value !== undefined && (node.value < node.min! || node.value > node.max!)) {
      throw new Error(`Numeric node "${node.key}" starts outside its range`);
    }
    const type = typeOf(index);
    const siblings = parent >= 0 ? children[parent]! : [];
    const id = guidFor(`${def.key}/node/${node.key}`);
    const step = numeric ? (node.step ?? 1) : null;
    const min = numeric ? node.min! : null;
    return {
      index,
      id,
      featureId: guidFor(`${def.key}/feature/${node.key}`),
      key: node.key,
      parent,
      children: children[index]!,
      depth,
      type,
      featureType,
      displayType,
      numeric,
      isText: featureType === FeatureType.text,
      min,
      max: numeric ? node.max! : null,
      step,
      defaultValue: numeric ? (node.value ?? min!) : 1,
      selected: node.selected ?? false,
      price: node.price ?? 0,
      isMandatory: node.mandatory ?? false,
      hideInQuotation: node.hideInQuotation ?? false,
      articleCode: node.articleCode ?? null,
      imageUrl: imageUrl(node.image),
      name: node.name,
      description: node.description ?? null,
      extendedDescription: node.extendedDescription ?? null,
      moreInfo: node.moreInfo ?? null,
      unitOfMeasurement: node.unitOfMeasurement ?? null,
      requires: requires[index]!,
      requiredBy: requiredBy[index]!,
      excludes: [...excludes[index]!],
      alternativeSiblings:
        type === NodeType.alternative
          ? siblings.filter((s) => s !== index && typeOf(s) === NodeType.alternative)
          : [],
      orSiblings:
        type === NodeType.or
          ? siblings.filter((s) => s !== index && typeOf(s) === NodeType.or)
          : [],
    };
  });

  const stepDefs = def.steps ?? [
    {key: 'all', title: def.root.name, features: nodes[0]!.children.map((c) => nodes[c]!.key)},
  ];
  const steps: CompiledStep[] = stepDefs.map((step) => ({
    id: guidFor(`${def.key}/step/${step.key}`),
    key: step.key,
    title: step.title,
    iconUrl: imageUrl(step.icon),
    features: step.features.map((key) => {
      const index = lookup(`step ${step.key}`, key);
      if (nodes[index]!.parent !== 0) throw new Error(`Step feature "${key}" is not top-level`);
      return index;
    }),
  }));

  const currencyIso = def.currencyIso ?? 'eur';
  const currency = currencies[currencyIso];
  if (!currency) throw new Error(`Unknown currency "${currencyIso}"`);
  const languages = ['en', 'nl', 'de', ...(def.root.name.fr ? ['fr'] : [])];

  return {
    id: guidFor(`${def.key}/model`),
    name: def.root.name.en,
    key: def.key,
    languages,
    nodeIds: nodes.map((n) => n.id),
    nodes,
    indexById: new Map(nodes.map((n) => [n.id, n.index])),
    indexByKey,
    steps,
    currency,
    vatRate: def.vatRate,
    countryIso: def.countryIso,
    lease: def.lease && def.lease.length > 0 ? def.lease : null,
    picture: def.picture ?? null,
    pricedNodes: nodes.filter((n) => n.index > 0 && n.price !== 0).map((n) => n.index),
    excludingNodes: nodes.filter((n) => n.excludes.length > 0).map((n) => n.index),
    mandatoryNodes: nodes.filter((n) => n.isMandatory).map((n) => n.index),
    skeletons: new Map(),
  };
}

/** The node id of a stable key, e.g. `nodeIdByKey(chair, 'armrests')`; throws if unknown. */
export function nodeIdByKey(model: CompiledModel, key: string): string {
  const index = model.indexByKey.get(key);
  if (index === undefined) throw new Error(`Model "${model.name}" has no node "${key}"`);
  return model.nodes[index]!.id;
}

/** The stable key of a node id, or undefined. */
export function nodeKeyById(model: CompiledModel, id: string): string | undefined {
  const index = model.indexById.get(id);
  return index === undefined ? undefined : model.nodes[index]!.key;
}

/**
 * `derive(model)` made on first use and kept as long as the model lives: what the engine
 * precomputes per model (arrays by node position, hashes, prices).
 */
export function perModel<T>(derive: (model: CompiledModel) => T): (model: CompiledModel) => T {
  const known = new WeakMap<CompiledModel, T>();
  return (model) => {
    if (known.has(model)) return known.get(model)!;
    const value = derive(model);
    known.set(model, value);
    return value;
  };
}
