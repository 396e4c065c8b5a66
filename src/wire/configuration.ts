/**
 * A configuration as the service answers it, and the bodies that change one. Readers must ignore
 * fields they do not know and accept both value shapes (see {@link ConfigurationValues}).
 */

import type {FeatureModel} from './feature-model.js';

/**
 * Node values. The seed's generation (and the reference service) sends `{nodeId: number}`
 * with 0 for a node that is off; the current real service sends `{nodeId: {selected, value}}`.
 */
export type ConfigurationValues = Record<string, number | {selected: boolean; value: number}>;

export const ConflictType = {
  /** Accepting switches this node on. */
  add: 0,
  /** Accepting switches this node off. */
  remove: 1,
  /** Accepting switches this alternative group to another option (`alternativeOptions`). */
  alternative: 2,
  /** Accepting changes this node's number (clamped or recomputed). */
  value: 3,
} as const;
export type ConflictType = (typeof ConflictType)[keyof typeof ConflictType];

/** One consequence of accepting a conflicting requirement. */
export interface Conflict {
  /** Names from the root's child down to the node, in the session's language. */
  featurePath: string[];
  feature: {id: string; name: string};
  /** For `alternative`: the option(s) the group would switch to. */
  alternativeOptions: {id: string; name: string}[];
  type: ConflictType;
  /** The node's value after accepting. */
  requestedValue: number;
  /** The node's value now. */
  actualValue: number;
  /**
   * What this change does to the options' sum, excl. VAT, unrounded: the node and everything
   * below it (and, for `alternative`, the options switched to). An addition of the reference
   * service; a client without it knows the total after accepting from `POST {id}/effects`.
   */
  priceEffectExVAT?: number;
}

export interface Currency {
  iso: string;
  name: string;
  symbol: string;
  decimalDigits: number;
  rounding: number;
  namePlural: string;
  isDefault: boolean;
}

export interface LeasePrice {
  months: number;
  monthlyPriceExVAT: number;
  monthlyPriceIncVAT: number;
}
export interface LeasePriceLabel {
  months: number;
  monthlyPriceExVATLabel: string;
  monthlyPriceIncVATLabel: string;
}

/** The result of starting, opening or updating a session. */
export interface Configuration {
  id: string;
  /** 8 capital letters; starting or opening with it copies this configuration. */
  code: string;
  currencyIso: string;
  currency: Currency;
  languageIso: string;
  countryIso: string;
  featureModelId: string;
  featureModel: FeatureModel;
  values: ConfigurationValues;
  /** Text values by node id. */
  textValues: Record<string, string>;
  /** Null without conflict; otherwise what accepting the requirement would change. */
  conflicts: Conflict[] | null;
  /** Mandatory node ids not answered yet: no quote until this is empty. */
  unansweredMandatories: string[];
  basePrice: number;
  basePriceIncVAT: number;
  basePriceExVAT: number;
  additionalPrice: number;
  additionalPriceIncVAT: number;
  additionalPriceExVAT: number;
  totalPrice: number;
  totalPriceIncVAT: number;
  totalPriceExVAT: number;
  basePriceLabel: string;
  basePriceIncVATLabel: string;
  basePriceExVATLabel: string;
  additionalPriceLabel: string;
  additionalPriceIncVATLabel: string;
  additionalPriceExVATLabel: string;
  totalPriceLabel: string;
  totalPriceIncVATLabel: string;
  totalPriceExVATLabel: string;
  leasePrices: LeasePrice[] | null;
  leasePricesLabels: LeasePriceLabel[] | null;
  /**
   * The two-letter languages the model has texts for (an addition of the reference service; a
   * service without it says nothing about which languages exist). `languageIso` is the one used.
   */
  languages?: string[];
  /**
   * The VAT rate the totals incl. VAT are taken with (0.21), an addition of the reference
   * service so that a client can tell what a choice will do to the total incl. VAT.
   */
  vatRate?: number;
  /**
   * How many changes of its values and texts the session has had, an addition of the reference
   * service: it keeps the states of the last 20, and `POST copy/{code}?revision=N` copies one
   * (undo asks for it only when the shopper undoes). A service without it keeps none.
   */
  revision?: number;
  /**
   * The version of the configured picture (`GET {id}/image` without a step), an addition of
   * the reference service: two answers with the same key draw the same picture, so a client
   * asks for it again only when the key is new (docs/decisions/0112). It is also the image's
   * `ETag`. A service without it says nothing, and the picture is asked for after every change.
   */
  pictureKey?: string;
  /**
   * The price effects of a step's options, in the answer to a change that asked for them with
   * `?effectsOf={stepId}` (an addition of the reference service, docs/decisions/0109): what
   * `POST {id}/effects` would answer for each option the step shows. A service without it,
   * a step of more than 32 options and a conflict's answer carry none.
   */
  stepEffects?: StepEffects;
}

/** `stepEffects` of an answer: the step, and per option its requirement and totals after it. */
export interface StepEffects {
  stepId: string;
  effects: (Requirement & {
    /** Both null where the service refuses the choice (it has no effect to show). */
    totalPriceExVAT: number | null;
    totalPriceIncVAT: number | null;
    conflicts: boolean;
  })[];
}

/** Body of an update. The service accepts these names in any letter case. */
export interface Requirement {
  featureModelNodeId: string;
  value: number;
  isSelection: boolean;
}

export interface TextRequirement {
  featureModelNodeId: string;
  textValue: string | null;
}
