import {isGuid} from '../http/index.js';

/** The types an entity property can have. */
export const FieldType = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  guid: 'guid',
  dateTime: 'date-time',
} as const;
export type FieldType = (typeof FieldType)[keyof typeof FieldType];

/** One property of an entity model. */
export interface Field {
  type: FieldType;
  /** `null` is a valid value (and the default when absent on create). */
  nullable: boolean;
  /** The value on create when the body leaves the property out; absent means required. */
  default?: () => unknown;
  /** Set by the service; a value in a body is ignored. */
  managed?: boolean;
  /**
   * Set by the service and never by a client: a body may leave it out, send null or send the
   * stored value back unchanged (a read-modify-write round trip); any other value is 400
   * `read_only_field`.
   */
  readOnly?: boolean;
  /** Smallest value of a number or integer field (inclusive); see `numberRange`. */
  min?: number;
  /** Largest value of a number or integer field (inclusive); see `numberRange`. */
  max?: number;
  /** The only values a string field takes. */
  oneOf?: readonly string[];
  /** Set on a GUID field that names an entity of another model (a foreign key). */
  references?: Reference;
}

/** What happens to an entity naming another when that other one is deleted. */
export const OnDelete = {
  /** The naming entities are deleted with it, in the same transaction. */
  cascade: 'cascade',
  /** The delete is refused (409 `conflict`) while any entity names it. */
  restrict: 'restrict',
} as const;
export type OnDelete = (typeof OnDelete)[keyof typeof OnDelete];

/**
 * A foreign key: writes must name an existing entity of `collection` (400
 * `invalid_reference`), and deleting that entity follows `onDelete`.
 */
export interface Reference {
  collection: string;
  onDelete: OnDelete;
}

/**
 * The range a number or integer field takes when its model names none: an int32 for integers
 * (what the seed's clients store them in), and for numbers the span in which a value still
 * has a cent's precision in a double.
 */
export const numberRange = {
  integer: {min: -(2 ** 31), max: 2 ** 31 - 1},
  number: {min: -1e12, max: 1e12},
} as const;

/** What a body value failed: its type (`invalid_body`) or its field's range (`out_of_range`). */
export type CheckFailure = {expected: string; range?: {min: number; max: number}};

const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether an ISO date-time names a day of the calendar and an hour of that day. `Date` rolls
 * an impossible day over (30 February is 1 March, 24:00 is the next day); a date a client got
 * wrong must be refused, not stored as another one.
 */
function onTheCalendar(match: RegExpExecArray): boolean {
  const [year, month, day, hour] = match.slice(1, 5).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23;
}

/**
 * Checks a body value against a field; returns the value to store (GUIDs lowercased, dates
 * normalised to ISO UTC) or an explanation of what was expected.
 */
export function checkValue(field: Field, value: unknown): {value: unknown} | CheckFailure {
  if (value === null) return field.nullable ? {value} : {expected: `a ${field.type} (not null)`};
  switch (field.type) {
    case FieldType.string:
      if (typeof value !== 'string') return {expected: 'a string'};
      return !field.oneOf || field.oneOf.includes(value)
        ? {value}
        : {expected: `one of ${field.oneOf.join(', ')}`};
    case FieldType.number:
      if (typeof value !== 'number' || !Number.isFinite(value)) return {expected: 'a number'};
      return inRange(field, value, numberRange.number);
    case FieldType.integer:
      if (!Number.isSafeInteger(value)) return {expected: 'an integer'};
      return inRange(field, value as number, numberRange.integer);
    case FieldType.boolean:
      return typeof value === 'boolean' ? {value} : {expected: 'true or false'};
    case FieldType.guid:
      return typeof value === 'string' && isGuid(value)
        ? {value: value.toLowerCase()}
        : {expected: 'a GUID'};
    case FieldType.dateTime: {
      const match = typeof value === 'string' ? isoDateTime.exec(value) : null;
      const date = match && onTheCalendar(match) ? new Date(value as string) : null;
      return date && !Number.isNaN(date.getTime())
        ? {value: date.toISOString()}
        : {expected: 'an ISO 8601 date-time with a time zone'};
    }
  }
}

function inRange(
  field: Field,
  value: number,
  fallback: {min: number; max: number},
): {value: unknown} | CheckFailure {
  const min = field.min ?? fallback.min;
  const max = field.max ?? fallback.max;
  return value >= min && value <= max
    ? {value}
    : {expected: `from ${min} to ${max}`, range: {min, max}};
}

/** Parses a query-string value for an equality filter on a field. */
export function parseQueryValue(field: Field, text: string): {value: unknown} | CheckFailure {
  if (field.nullable && text === 'null') return {value: null};
  switch (field.type) {
    case FieldType.number:
    case FieldType.integer: {
      const number = text.trim() === '' ? Number.NaN : Number(text);
      return checkValue(field, number);
    }
    case FieldType.boolean: {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === '1') return {value: true};
      if (lower === 'false' || lower === '0') return {value: false};
      return {expected: 'true or false'};
    }
    default:
      return checkValue(field, text);
  }
}

/** Orders two stored values of one field: nulls first, then by value. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return Number(a) - Number(b);
}
