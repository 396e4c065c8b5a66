import type {QuoteRequested} from '../events/quote-requested.js';
import {ConfiguratorError, ErrorCode} from './errors.js';
import type {Configuration} from '../wire/index.js';

/**
 * The session's boundary: every service answer passes one of these readers before anything
 * reads it. A reader checks exactly what the session and the element's views read, so an
 * answer of the wrong shape is refused here as `bad_response` rather than failing later as a
 * TypeError in a render. Fields nobody reads are not checked, nor those read leniently
 * already (values and texts go through the normalisers of values.ts, the session code and the
 * country are only displayed or compared, a disabled flag only tested); unknown fields pass.
 */

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const string: Check = (v) => typeof v === 'string';
const number: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const array: Check = (v) => Array.isArray(v);
const object: Check = isObject;
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || v === null || check(v);
const optionalText = optional(string);
const optionalNumber = optional(number);

/** Field checks of one object; the key names the field in the error message. */
type Shape = Record<string, Check>;

const configurationShape: Shape = {
  id: (v) => typeof v === 'string' && v !== '',
  languageIso: string,
  featureModel: object,
  conflicts: optional(array),
  unansweredMandatories: optional(array),
  basePriceIncVATLabel: string,
  basePriceExVATLabel: string,
  additionalPriceIncVATLabel: string,
  additionalPriceExVATLabel: string,
  totalPriceIncVATLabel: string,
  totalPriceExVATLabel: string,
  leasePricesLabels: optional(array),
};

const modelShape: Shape = {
  name: string,
  description: optionalText,
  imageUrl: optionalText,
  steps: array,
};

const stepShape: Shape = {
  id: string,
  title: string,
  iconUrl: optionalText,
  features: array,
};

const nodeShape: Shape = {
  id: string,
  name: string,
  description: optionalText,
  extendedDescription: optionalText,
  moreInfo: optionalText,
  unitOfMeasurement: optionalText,
  imageUrl: optionalText,
  type: number,
  featureType: number,
  displayType: number,
  minValue: optionalNumber,
  maxValue: optionalNumber,
  stepValue: optionalNumber,
  disabledReason: optionalText,
  price: number,
  priceLabel: string,
  priceIncVATLabel: string,
  features: array,
};

const conflictShape: Shape = {
  featurePath: optional(array),
  feature: object,
  alternativeOptions: optional(array),
  type: number,
  requestedValue: number,
  actualValue: number,
};

const leaseLabelShape: Shape = {
  months: number,
  monthlyPriceExVATLabel: string,
  monthlyPriceIncVATLabel: string,
};

/** A `bad_response` naming the first thing that is wrong, for the host developer. */
export function badResponse(what: string, status: number | null = null, cause?: unknown) {
  return new ConfiguratorError(ErrorCode.badResponse, `The service's answer is unusable: ${what}`, {
    status,
    retryable: true,
    cause,
  });
}

function check(value: unknown, shape: Shape, path: string): void {
  if (!isObject(value)) throw badResponse(`${path || 'the answer'} is not an object`);
  for (const [field, ok] of Object.entries(shape)) {
    if (!ok(value[field]))
      throw badResponse(`${path ? `${path}.` : ''}${field} is missing or wrong`);
  }
}

/**
 * Reads the answer of start, open, update, text and change language: a configuration whose
 * every field the views read has its type. The feature tree is walked without recursion, so
 * a hostile depth cannot overflow the stack, and each node is visited once.
 */
export function readConfiguration(body: unknown): Configuration {
  check(body, configurationShape, '');
  const answer = body as Record<string, unknown>;
  check(answer.featureModel, modelShape, 'featureModel');
  const conflicts = (answer.conflicts ?? []) as unknown[];
  conflicts.forEach((conflict, i) => {
    const path = `conflicts[${i}]`;
    check(conflict, conflictShape, path);
    const c = conflict as Record<string, unknown>;
    check(c.feature, {id: string, name: string}, `${path}.feature`);
    ((c.alternativeOptions ?? []) as unknown[]).forEach((option, j) =>
      check(option, {id: string, name: string}, `${path}.alternativeOptions[${j}]`),
    );
  });
  ((answer.leasePricesLabels ?? []) as unknown[]).forEach((label, i) =>
    check(label, leaseLabelShape, `leasePricesLabels[${i}]`),
  );
  const steps = (answer.featureModel as {steps: unknown[]}).steps;
  const pending: {node: unknown; path: string}[] = [];
  steps.forEach((step, i) => {
    const path = `featureModel.steps[${i}]`;
    check(step, stepShape, path);
    (step as {features: unknown[]}).features.forEach((node, j) =>
      pending.push({node, path: `${path}.features[${j}]`}),
    );
  });
  for (let next = pending.pop(); next; next = pending.pop()) {
    const {node, path} = next;
    check(node, nodeShape, path);
    (node as {features: unknown[]}).features.forEach((child, j) =>
      pending.push({node: child, path: `${path}.features[${j}]`}),
    );
  }
  return body as Configuration;
}

/**
 * Reads the answer of a quote request. The seed shows no body for it: any success status means
 * the quote was requested, so an empty or unreadable body is not a failure (sending it again
 * would request a second quotation). Named fields are taken only when they are strings.
 */
export function readQuoteRequested(body: unknown): QuoteRequested {
  const fields = isObject(body) ? body : {};
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    ...fields,
    quotationId: text(fields.quotationId),
    quotationNumber: text(fields.quotationNumber),
    debtorId: text(fields.debtorId),
  };
}
