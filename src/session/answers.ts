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
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || v === null || check(v);
const optionalText = optional(string);
const optionalNumber = optional(number);

/**
 * What one object must hold: a field's check, the shape of an object in it, or a list of such
 * objects (`[shape]`, or `[shape, true]` when the list may be missing or null). The key names
 * the field in the error message.
 */
interface Shape {
  [field: string]: Check | Shape | ListOf;
}
type ListOf = [shape: Shape, optional?: boolean];

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
nodeShape.features = [nodeShape];

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
  featureModel: {
    name: string,
    description: optionalText,
    imageUrl: optionalText,
    steps: [{id: string, title: string, iconUrl: optionalText, features: [nodeShape]}],
  },
  conflicts: [
    {
      featurePath: optional(array),
      feature: named,
      alternativeOptions: [named, true],
      type: number,
      requestedValue: number,
      actualValue: number,
    },
    true,
  ],
  leasePricesLabels: [
    {months: number, monthlyPriceExVATLabel: string, monthlyPriceIncVATLabel: string},
    true,
  ],
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
  const pending: {value: unknown; shape: Shape; path: string}[] = [
    {value: body, shape: configurationShape, path: ''},
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const {value, shape, path} = next;
    if (!isObject(value)) throw badResponse(`${path || 'the answer'} is not an object`);
    for (const [field, rule] of Object.entries(shape)) {
      const child = value[field];
      const at = path ? `${path}.${field}` : field;
      if (Array.isArray(rule)) {
        const [shape, optional] = rule;
        if (optional && child == null) continue;
        if (!Array.isArray(child)) throw badResponse(`${at} is missing or wrong`);
        child.forEach((item, i) => pending.push({value: item, shape, path: `${at}[${i}]`}));
      } else if (typeof rule === 'object') {
        pending.push({value: child, shape: rule, path: at});
      } else if (!rule(child)) {
        throw badResponse(`${at} is missing or wrong`);
      }
    }
  }
  return body as Configuration;
}
