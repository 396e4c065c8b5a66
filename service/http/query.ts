import type {Context} from 'hono';
import {Errors, badRequest} from '../errors.js';
import {isGuid} from './guid.js';

const invalid = (name: string, expectation: string, given: string) =>
  badRequest(Errors.invalidQuery, `Query parameter ${name} ${expectation}, got "${given}"`, {
    parameter: name,
  });

// A route reads several parameters (an update: `ignoreConflicts` and `compress`); the query
// is parsed once per request.
const parsed = new WeakMap<Request, URLSearchParams>();

function searchParams(request: Request): URLSearchParams {
  let params = parsed.get(request);
  if (!params) {
    params = new URL(request.url).searchParams;
    parsed.set(request, params);
  }
  return params;
}

/** Looks a query parameter up by name in any letter case, as the real service does. */
export function queryValue(c: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of searchParams(c.req.raw)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** A boolean query parameter: `true|false|1|0` in any case; absent or empty gives `fallback`. */
export function queryBoolean(c: Context, name: string, fallback: boolean): boolean {
  const value = queryValue(c, name);
  if (value === undefined || value === '') return fallback;
  const flag = booleanValue(value);
  if (flag === null) throw invalid(name, 'must be true or false', value);
  return flag;
}

/** The spellings of a boolean query value, `true|false|1|0` in any case; null for others. */
export function booleanValue(value: string): boolean | null {
  switch (value.toLowerCase()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return null;
  }
}

/** An integer query parameter within bounds; absent or empty gives `undefined`. */
export function queryInteger(
  c: Context,
  name: string,
  {min, max}: {min: number; max: number},
): number | undefined {
  const value = queryValue(c, name);
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || number < min || number > max) {
    throw invalid(name, `must be an integer from ${min} to ${max}`, value);
  }
  return number;
}

/** A text query parameter; absent or empty gives `undefined`. */
export function queryString(c: Context, name: string): string | undefined {
  const value = queryValue(c, name);
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A GUID query parameter (any letter case); absent or empty gives `undefined`, anything else
 * `invalid_query`.
 */
export function queryGuid(c: Context, name: string): string | undefined {
  const value = queryString(c, name);
  if (value !== undefined && !isGuid(value)) throw invalid(name, 'must be a GUID', value);
  return value;
}
