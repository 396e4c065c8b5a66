import type {DisplayType, FeatureType, NodeType} from '../../src/wire/index.js';

/** A text in every language a model speaks; French is optional and falls back to English. */
export interface LocalText {
  en: string;
  nl: string;
  de: string;
  fr?: string;
}

/** A cross-tree rule target: a node key, or a numeric node that must reach a minimum. */
export type RuleTarget = string | {key: string; atLeast: number};

/** One node of a model as authors write it. Keys are unique within the model. */
export interface NodeDefinition {
  /** Stable, unique within the model; the node's GUID is derived from it. */
  key: string;
  name: LocalText;
  /** May contain a little HTML. */
  description?: LocalText;
  extendedDescription?: LocalText;
  moreInfo?: LocalText;
  unitOfMeasurement?: LocalText;
  /** An image under the service's `/images/` route (`"frame-black"`) or an absolute URL. */
  image?: string;
  articleCode?: string;
  /** Relationship to the parent; children default to optional. Ignored on the root. */
  type?: NodeType;
  featureType?: FeatureType;
  displayType?: DisplayType;
  /** Numeric input (displayType input or slider): range, step and starting value. */
  min?: number;
  max?: number;
  step?: number;
  value?: number;
  /**
   * On when its parent comes on: the default option of an alternative group, an or-option
   * or a checkbox that starts ticked. Mandatory children are always on.
   */
  selected?: boolean;
  /** Unit price excl. VAT; per unit for numeric inputs. On the root: the base price. */
  price?: number;
  /** Must be answered before a quote (text filled in, or an option picked by the shopper). */
  mandatory?: boolean;
  hideInQuotation?: boolean;
  /** When this node is on, these are on too (numeric targets at least `atLeast`). */
  requires?: RuleTarget[];
  /** When this node is on, these are off, and the other way round. */
  excludes?: string[];
  children?: NodeDefinition[];
}

export interface StepDefinition {
  key: string;
  title: LocalText;
  icon?: string;
  /** Keys of the root's children shown on this step, in order. */
  features: string[];
}

/** One lease term: the monthly price is the total times `rate`. */
export interface LeaseTerm {
  months: number;
  rate: number;
}

/** What the picture of a configured product can ask about the configuration. */
export interface PictureView {
  isOn(key: string): boolean;
  value(key: string): number;
  /** The key of the first child of `key` that is on, if any. */
  choice(key: string): string | undefined;
  text(key: string): string;
  /** The step the picture is for, if one was asked for. */
  stepKey: string | undefined;
}

/** A configuration model as authors write it: compiled once by `compileModel`. */
export interface ModelDefinition {
  /** Stable seed of every GUID in the model. */
  key: string;
  /** The product itself; its English name is the model's identifier. */
  root: NodeDefinition;
  /** Pages of the UI; without steps every top-level group goes on one page. */
  steps?: StepDefinition[];
  /** Lowercase ISO code; `eur` by default. */
  currencyIso?: string;
  /** VAT as a fraction: 0.21 for 21 %. */
  vatRate: number;
  countryIso: string;
  lease?: LeaseTerm[];
  /** Draws the configured product into a 400 x 400 SVG viewBox (the step image). */
  picture?: (view: PictureView) => string;
}
