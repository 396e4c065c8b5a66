import {ConfiguratorError} from './errors.js';
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
 * queued in `pending` with where it sits (`parent`, `field`), so the walk below needs no
 * recursion.
 */
type Check = (value: unknown, pending: Pending[], parent: Pending, field: string) => boolean;
/** What one object must hold, by field; the key names the field in the error message. */
type Shape = Record<string, Check>;
/**
 * An object still to check: its value, its shape and where it sits (the object holding it, the
 * field and, in a list, the index). Its path is made from these only for an error message, so an
 * answer that passes builds no strings.
 */
type Pending = [value: unknown, shape: Shape, parent?: Pending, field?: string, index?: number];

const string: Check = (v) => typeof v === 'string';
// Each takes the value alone: a finite number, a list.
const number: Check = Number.isFinite;
const array: Check = Array.isArray;
const optional =
  (check: Check): Check =>
  (v, pending, parent, field) =>
    v === undefined || v === null || check(v, pending, parent, field);
const optionalText = optional(string);
const optionalNumber = optional(number);
/** An object of `fields` (queued: `push` answers the new length, never 0, so the field passes). */
const object =
  (fields: Shape): Check =>
  (v, pending, parent, field) =>
    pending.push([v, fields, parent, field]) > 0;
/** A list whose every item is an object of `fields`. */
const list =
  (fields: Shape): Check =>
  (v, pending, parent, field) =>
    Array.isArray(v) && v.every((item, i) => pending.push([item, fields, parent, field, i]));

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
export function badResponse(what: string, status?: number | null, cause?: unknown) {
  return new ConfiguratorError('bad_response', `The service's answer is unusable: ${what}`, {
    status,
    retryable: true,
    cause,
  });
}

/**
 * The path from the answer to the object `at`, or to its `field`:
 * `featureModel.steps[0].features[2].price`. Made only for an error message, and walked without
 * recursion, as the answer was.
 */
function pathOf(at: Pending, ...path: string[]): string {
  // Collected from the bottom up and turned round once: linear in the depth.
  for (let p = at; p[2]; p = p[2]) path.push(p[3] + (p[4] === undefined ? '' : `[${p[4]}]`));
  return path.reverse().join('.') || 'the answer';
}

/**
 * Reads the answer of start, open, update, text and change language: a configuration whose
 * every field the views read has its type. The tree is walked without recursion, so a hostile
 * depth cannot overflow the stack, and each object is visited once. `status`, the answer's,
 * goes into the error.
 */
export function readConfiguration(body: unknown, status?: number | null): Configuration {
  const pending: Pending[] = [[body, configurationShape]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const value = next[0] as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw badResponse(`${pathOf(next)} is not an object`, status);
    // `for...in` walks V8's cached list of the shape's keys: nothing is allocated per object.
    for (const field in next[1])
      if (!next[1][field]!(value[field], pending, next, field))
        throw badResponse(`${pathOf(next, field)} is missing or wrong`, status);
  }
  return body as Configuration;
}
