import type {ErrorCode} from '../session/errors.js';

/**
 * The element's own texts (model texts come from the service, already in the session's
 * language). Functions take already formatted values.
 */
export interface Strings {
  /** BCP 47 locale for numbers and lists. */
  locale: string;
  loading: string;
  busy: string;
  stepsLabel: string;
  stepOf: (step: number, total: number) => string;
  stepIncomplete: string;
  previous: string;
  /** The button to the next step, with its title: French puts a space before the colon. */
  nextStep: (title: string) => string;
  review: string;
  required: string;
  missingAnswer: string;
  choose: string;
  unavailable: string;
  moreInfo: string;
  perUnit: (unit: string) => string;
  minMax: (min: string, max: string) => string;
  /** A typed number outside the allowed range, shown beside the field before `minMax`. */
  outOfRange: string;
  /** The label of the language choice. */
  language: string;
  summaryTitle: string;
  basePrice: string;
  optionsPrice: string;
  total: string;
  inclVat: string;
  exclVat: string;
  pricesInclVat: string;
  totalAnnouncement: (label: string) => string;
  leaseFrom: (label: string, months: number) => string;
  codeTitle: string;
  codeHint: string;
  copy: string;
  copyFailed: string;
  share: string;
  requestQuote: string;
  conflictTitle: string;
  conflictIntro: (name: string) => string;
  /** The dialog's first line for a number the shopper set, and for an option switched off. */
  conflictIntroValue: (name: string, value: string) => string;
  conflictIntroRemove: (name: string) => string;
  conflictAdd: (path: string) => string;
  conflictRemove: (path: string) => string;
  conflictSwitch: (path: string, to: string) => string;
  conflictValue: (path: string, from: string, to: string) => string;
  accept: string;
  cancel: string;
  reviewTitle: string;
  toDetails: string;
  backToReview: string;
  quantity: string;
  lineTotal: (quantity: number) => string;
  undo: string;
  startOver: string;
  startOverConfirm: string;
  haveCode: string;
  open: string;
  codeInvalid: string;
  linkCopied: string;
  quoteTitle: string;
  quoteIntro: string;
  back: string;
  yourDetails: string;
  address: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  remarks: string;
  optional: string;
  shipToDifferent: string;
  shipToTitle: string;
  valueMissing: string;
  emailInvalid: string;
  formatInvalid: string;
  formInvalid: string;
  blockedTitle: string;
  blockedIntro: string;
  /** The element as a form control: why it is invalid (its `validationMessage`). */
  formUnanswered: (name: string) => string;
  formConflict: string;
  formSaving: string;
  /** `required` and no configuration yet. */
  formNotConfigured: string;
  submit: string;
  sending: string;
  thanksTitle: string;
  thanksBody: string;
  reference: string;
  newConfiguration: string;
  errorTitle: string;
  errorLoad: string;
  /** A change the shopper's inputs are kept for (it is sent again on recovery). */
  errorApply: string;
  /** A change the service refused: it was dropped, so the banner must not say it is kept. */
  errorRefused: string;
  /** A configuration to resume (`configuration`) that the service does not know. */
  errorSavedNotFound: string;
  /** Said instead when the element has no `model` to start anew with. */
  errorSavedNotFoundNoModel: string;
  errorQuote: string;
  retry: string;
  /** Closes a message that offers nothing to try again. */
  dismiss: string;
  /** Said while the widget will try again by itself. */
  retrying: string;
  /**
   * What the shopper is told went wrong, one text per widget error code (docs/widget-errors.md).
   * A `Record` over the whole union: a code added without a text in every language fails the
   * type check. Codes that only reject the call that caused them still get a text, so nothing
   * ever falls back to an English or empty reason.
   */
  errors: Record<ErrorCode, string>;
  // The printed sheet
  /** The review's action that prints the configuration's sheet (or saves it as PDF). */
  printSheet: string;
  /** Under the sheet's QR code. */
  sheetScan: string;
  /** The heading of the sheet's list of choices. */
  sheetChoices: string;
  // Price effects, the conflict dialog's prices, the bill and rounded numbers.
  /** A number's price per unit when the model names no unit. */
  perEachUnit: string;
  /** One change in the conflict dialog: what it does to the total ("+ €120.00"). */
  conflictEffect: (effect: string) => string;
  /** The total the shopper will see after accepting the dialog's changes. */
  totalAfterAccepting: (total: string) => string;
  /** The review's line of a mandatory choice not answered yet. */
  notAnswered: string;
  /** A typed number the service rounded to its step, and one it clamped to the range. */
  roundedTo: (value: string, step: string) => string;
  maximumIs: (max: string) => string;
  minimumIs: (min: string) => string;
  // Price effects: an estimate said as such.
  /** An option's effect worked out from the answer's prices, not the service's: "about + €5.00". */
  effectEstimate: (effect: string) => string;
}

/**
 * The texts the script-tag entry reads before the configure view (and the rest of the English
 * texts with it) has loaded: the skeleton, the error notices and the total's announcement.
 */
export type FirstStrings = Pick<
  Strings,
  | 'loading'
  | 'totalAnnouncement'
  | 'newConfiguration'
  | 'errorTitle'
  | 'errorLoad'
  | 'errorApply'
  | 'errorRefused'
  | 'errorSavedNotFound'
  | 'errorSavedNotFoundNoModel'
  | 'retry'
  | 'dismiss'
  | 'retrying'
  | 'errors'
>;

/** The texts of what comes after the first screen (English keeps them in a chunk of their own). */
export type LaterKey =
  | 'language'
  | 'conflictTitle'
  | 'conflictIntro'
  | 'conflictIntroValue'
  | 'conflictIntroRemove'
  | 'conflictAdd'
  | 'conflictRemove'
  | 'conflictSwitch'
  | 'conflictValue'
  | 'accept'
  | 'reviewTitle'
  | 'toDetails'
  | 'backToReview'
  | 'lineTotal'
  | 'codeInvalid'
  | 'quoteTitle'
  | 'quoteIntro'
  | 'back'
  | 'yourDetails'
  | 'address'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'company'
  | 'street'
  | 'houseNumber'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'remarks'
  | 'shipToDifferent'
  | 'shipToTitle'
  | 'valueMissing'
  | 'emailInvalid'
  | 'formatInvalid'
  | 'formInvalid'
  | 'blockedTitle'
  | 'blockedIntro'
  | 'sending'
  | 'thanksTitle'
  | 'thanksBody'
  | 'reference'
  | 'errorQuote'
  | 'printSheet'
  | 'sheetScan'
  | 'sheetChoices'
  | 'conflictEffect'
  | 'totalAfterAccepting'
  | 'notAnswered';

/** The texts of the first screen. */
export type ScreenStrings = Omit<Strings, LaterKey>;

/** The texts of what comes after the first screen. */
export type LaterStrings = Pick<Strings, LaterKey>;
