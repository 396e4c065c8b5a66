/** The feature model: the tree of steps, features and options a configuration renders. */

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
