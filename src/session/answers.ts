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

/**
 * A field's check: true when `value` is right. A nested object or list is not checked here but
 * queued in `pending` with its path (`at`), so the walk below needs no recursion.
 */
type Check = (value: unknown, at: string, pending: Pending[]) => boolean;
/** What one object must hold, by field; the key names the field in the error message. */
type Shape = Record<string, Check>;
/** An object still to check: its value, its shape and its path from the answer. */
type Pending = [value: unknown, shape: Shape, path: string];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const string: Check = (v) => typeof v === 'string';
const number: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const array: Check = (v) => Array.isArray(v);
const optional =
  (check: Check): Check =>
  (v, at, pending) =>
    v === undefined || v === null || check(v, at, pending);
const optionalText = optional(string);
const optionalNumber = optional(number);
/** An object of `shape` (queued: `push` answers the new length, never 0, so the field passes). */
const object =
  (shape: Shape): Check =>
  (v, at, pending) =>
    pending.push([v, shape, at]) > 0;
/** A list whose every item is an object of `shape`. */
const list =
  (shape: Shape): Check =>
  (v, at, pending) =>
    Array.isArray(v) && v.every((item, i) => pending.push([item, shape, `${at}[${i}]`]));

const named: Shape = {id: string, name: string};

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
};
nodeShape.features = list(nodeShape);

const configurationShape: Shape = {
  id: (v) => typeof v === 'string' && v !== '',
  languageIso: string,
  unansweredMandatories: optional(array),
  basePriceIncVATLabel: string,
  basePriceExVATLabel: string,
  additionalPriceIncVATLabel: string,
  additionalPriceExVATLabel: string,
  totalPriceIncVATLabel: string,
  totalPriceExVATLabel: string,
  featureModel: object({
    name: string,
    description: optionalText,
    imageUrl: optionalText,
    steps: list({id: string, title: string, iconUrl: optionalText, features: list(nodeShape)}),
  }),
  conflicts: optional(
    list({
      featurePath: optional(array),
      feature: object(named),
      alternativeOptions: optional(list(named)),
      type: number,
      requestedValue: number,
      actualValue: number,
    }),
  ),
  leasePricesLabels: optional(
    list({months: number, monthlyPriceExVATLabel: string, monthlyPriceIncVATLabel: string}),
  ),
};

/** A `bad_response` naming the first thing that is wrong, for the host developer. */
export function badResponse(what: string, status: number | null = null, cause?: unknown) {
  return new ConfiguratorError(ErrorCode.badResponse, `The service's answer is unusable: ${what}`, {
    status,
    retryable: true,
    cause,
  });
}

/**
 * Reads the answer of start, open, update, text and change language: a configuration whose
 * every field the views read has its type. The tree is walked without recursion, so a hostile
 * depth cannot overflow the stack, and each object is visited once.
 */
export function readConfiguration(body: unknown): Configuration {
  const pending: Pending[] = [[body, configurationShape, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, shape, path] = next;
    if (!isObject(value)) throw badResponse(`${path || 'the answer'} is not an object`);
    for (const [field, check] of Object.entries(shape)) {
      const at = path ? `${path}.${field}` : field;
      if (!check(value[field], at, pending)) throw badResponse(`${at} is missing or wrong`);
    }
  }
  return body as Configuration;
}
