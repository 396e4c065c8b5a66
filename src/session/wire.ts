/**
 * The JSON shapes exchanged with the Configurator and Quotation Service, as the reference
 * service sends them and as the headless session reads them. Readers must ignore fields they
 * do not know and accept both value shapes (see {@link ConfigurationValues}).
 *
 * Numeric codes follow the real service. Each `as const` object is the one place a code is
 * named; the union types are derived from it.
 */

/** A feature node's relationship to its parent. */
export const NodeType = {
  /** Checkbox: may be on or off. */
  optional: 0,
  /** Always on when the parent is on; shown as a group header. */
  mandatory: 1,
  /** Exactly one of the alternative siblings is on (radio). */
  alternative: 2,
  /** At least one of the "or" siblings is on (checkboxes with a minimum of one). */
  or: 3,
  required: 4,
  excludes: 5,
  implies: 6,
} as const;
export type NodeType = (typeof NodeType)[keyof typeof NodeType];

/** What kind of value a node holds. */
export const FeatureType = {
  feature: 0,
  colorPicker: 2,
  /** A text input; its value goes through the text operation. */
  text: 3,
  /** A picture only, not a choice. */
  image: 4,
  file: 5,
} as const;
export type FeatureType = (typeof FeatureType)[keyof typeof FeatureType];

/** How the model asks a node (or a node's children) to be shown. */
export const DisplayType = {
  standard: 0,
  card: 1,
  dropdown: 2,
  searchbar: 4,
  table: 5,
  slider: 7,
  input: 8,
  chips: 10,
  tabs: 11,
} as const;
export type DisplayType = (typeof DisplayType)[keyof typeof DisplayType];

/** One node of the feature tree. Texts may contain HTML. */
export interface FeatureNode {
  /** The feature-model node id: the `featureModelNodeId` of requirements. */
  id: string;
  featureId: string;
  parentId: string | null;
  articleCode: string | null;
  name: string;
  description: string | null;
  extendedDescription: string | null;
  moreInfo: string | null;
  unitOfMeasurement: string | null;
  imageUrl: string | null;
  type: NodeType;
  featureType: FeatureType;
  displayType: DisplayType;
  /** For numeric inputs (displayType input or slider); null otherwise. */
  minValue: number | null;
  maxValue: number | null;
  stepValue: number | null;
  /** Must be answered before a quote can be requested. */
  isMandatory: boolean;
  /** The rules currently forbid switching this node on. */
  isDisabled: boolean;
  disabledReason: string | null;
  hideInQuotation: boolean;
  /** Unit price excl. VAT (per unit for numeric inputs); 0 when the node costs nothing. */
  price: number;
  priceIncVAT: number;
  priceLabel: string;
  priceIncVATLabel: string;
  /** Children, in display order. */
  features: FeatureNode[];
}

/** A step of the UI: a page of top-level groups. */
export interface Step {
  id: string;
  title: string;
  iconUrl: string | null;
  /** The top-level nodes (whole subtrees) shown on this step. */
  features: FeatureNode[];
}

/** The configuration model, localised to the session's language. */
export interface FeatureModel {
  /** The model GUID (`featureModelId`). */
  id: string;
  /** The root feature's name (an identifier `new/{IDENTIFIER}` accepts). */
  name: string;
  description: string | null;
  imageUrl: string | null;
  /** The root node's id; the root is always on. */
  rootNodeId: string;
  steps: Step[];
}

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

/** The customer fields of a quote request; all optional on the wire. */
export interface QuoteCustomer {
  firstName?: string;
  lastName?: string;
  lastNamePrefix?: string;
  salutation?: string;
  email?: string;
  city?: string;
  postalCode?: string;
  streetName?: string;
  houseNumber?: string;
  countryIso?: string;
  languageIso?: string;
  phoneNumber?: string;
  phoneNumber2?: string;
  companyName?: string;
  iban?: string;
  cocNumber?: string;
  vatNumber?: string;
  shipto_FirstName?: string;
  shipto_LastName?: string;
  shipto_LastNamePrefix?: string;
  shipto_Salutation?: string;
  shipto_Email?: string;
  shipto_City?: string;
  shipto_PostalCode?: string;
  shipto_StreetName?: string;
  shipto_HouseNumber?: string;
  shipto_CountryIso?: string;
  shipto_LanguageIso?: string;
  shipto_PhoneNumber?: string;
  shipto_PhoneNumber2?: string;
  shipto_CompanyName?: string;
  remarks?: string;
  grecaptcha?: string;
}

export interface QuoteRequest {
  quotationRequest: QuoteCustomer;
  configurationIds: string[] | null;
  quantities: Record<string, number> | null;
}

/** The reference service's answer to a quote request. */
export interface QuoteRequestResult {
  quotationId: string;
  /**
   * The quotation's number for people (`Q-000012`), the reference a shopper quotes. Absent
   * from services that do not send it.
   */
  quotationNumber?: string;
  /** The CRM account created from the customer fields. */
  debtorId: string;
}

/** Every error body: a stable code and a message for people. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * A compressed answer (`compress=true` on an update): what changed since the session's previous
 * answer, plus every top-level field of a full answer. `featureModel` is left out; the nodes
 * whose rendered fields changed come in {@link ConfigurationChanges.nodes}. Merged into the
 * previous full configuration it gives exactly the full answer (`mergeConfiguration`).
 */
export interface CompressedConfiguration extends Omit<
  Configuration,
  'featureModel' | 'values' | 'textValues'
> {
  /** The values that changed; `null` removes a node's value. */
  values: Record<string, ConfigurationValues[string] | null>;
  /** The texts that changed; `null` removes a text (it was cleared). */
  textValues: Record<string, string | null>;
  compressed: ConfigurationChanges;
}

/** What a compressed answer says about its base and the feature tree. */
export interface ConfigurationChanges {
  /**
   * The fingerprint of the configuration the changes apply to (8 hex digits over `values`,
   * `textValues` and `languageIso`); a client whose previous answer has another fingerprint
   * missed an answer and must fetch a full configuration instead.
   */
  since: string;
  /** Changed fields of feature nodes by node id (`isDisabled`, `disabledReason`, ...). */
  nodes: Record<string, Partial<Omit<FeatureNode, 'id' | 'features'>>>;
}
