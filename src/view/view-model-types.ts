// The view model's shape: what the render functions of src/view/ take. Built by
// ./view-model.ts, which re-exports these types.
import type {Configuration} from '../wire/index.js';

/** An input the shopper made that the service has not confirmed yet. */
export interface PendingInput {
  value?: number;
  on?: boolean;
  text?: string;
}

/** The totals the service says a choice would give (the effects question's answer). */
export interface TotalsAfter {
  exclVat: number;
  inclVat: number;
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
  /**
   * The totals the service says choosing each option (by id) would give; options without one
   * get an effect worked out from the answer's prices.
   */
  totalsAfter?: ReadonlyMap<string, TotalsAfter | null> | null;
  /**
   * Whether an option without the service's figure shows one worked out from the answer's
   * prices (the service cannot answer, or failed to), or none while the exact one is on its way
   * (docs/decisions/0098). Default: estimates.
   */
  effectEstimates?: boolean;
}

/**
 * Where an option's effect comes from: the service's answer, an estimate from the answer's
 * prices (shown as such), or nowhere yet (none shown until the service answers).
 */
export type EffectSource = 'service' | 'estimate' | 'pending';

export interface OptionView {
  id: string;
  name: string;
  descriptionHtml: string | null;
  /** Longer texts (extended description, more info) shown on demand. */
  moreInfoHtml: string | null;
  imageUrl: string | null;
  /** Formatted surcharge, or '' when the option costs nothing. */
  priceLabel: string;
  /**
   * What choosing it (or, for a ticked checkbox, unticking it) does to the total on screen:
   * "+ €120.00", "− €35.00", '' when nothing.
   */
  effectLabel: string;
  /**
   * Whether the effect is the service's answer, an estimate, or not known yet (its label then
   * only keeps the figure's place, unseen).
   */
  effectSource: EffectSource;
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
  /** Its price per unit, signed, in the VAT mode on screen ("+ €1.82"); '' when free. */
  unitEffectLabel: string;
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
