import type {MiddlewareHandler} from 'hono';
import {Errors, ServiceError, badRequest} from '../errors.js';

/**
 * The bounds that keep every request's work linear in its size and the size itself small. Each
 * is documented with its code in docs/errors.md and, per operation, in docs/entities.md.
 */
export const Limits = {
  /** Deepest nesting of arrays and objects in a JSON body. */
  bodyDepth: 32,
  /** Longest request target (path and query string), in characters. */
  urlLength: 8192,
  /** Most query parameters in one request. */
  queryParameters: 64,
} as const;

/** The 413 of an array longer than `limit`, naming where it sits in the body. */
export function tooManyItems(path: string, count: number, limit: number): ServiceError {
  return new ServiceError(
    Errors.tooManyItems,
    `${path} has ${count} items; this operation takes at most ${limit}`,
    {field: path, count, limit},
  );
}

/** `items` when it has at most `limit` entries, else the 413 `too_many_items`. */
export function bounded<T>(items: T[], path: string, limit: number): T[] {
  if (items.length > limit) throw tooManyItems(path, items.length, limit);
  return items;
}

/**
 * Refuses JSON text nesting deeper than `limit` before it is parsed, in one pass: code that
 * walks a parsed body recursively would otherwise meet the stack's end on `[[[[...]]]]`.
 */
export function checkJsonDepth(text: string, limit: number = Limits.bodyDepth): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) {
        throw badRequest(
          Errors.bodyTooDeep,
          `The body nests arrays and objects deeper than ${limit} levels`,
          {limit},
        );
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

/**
 * Bounds the request target before any route reads it: every lookup of a query parameter
 * walks the whole query string, so its length and parameter count bound that work.
 */
export function requestTargetLimits(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const target = start < 0 ? '' : url.slice(start);
    if (target.length > Limits.urlLength) {
      throw new ServiceError(
        Errors.uriTooLong,
        `The request path and query are longer than ${Limits.urlLength} characters`,
        {limit: Limits.urlLength},
      );
    }
    const query = target.indexOf('?');
    if (query >= 0) {
      let count = 0;
      for (const part of target.slice(query + 1).split('&')) if (part !== '') count++;
      if (count > Limits.queryParameters) {
        throw badRequest(
          Errors.tooManyParameters,
          `The query has ${count} parameters; at most ${Limits.queryParameters} are taken`,
          {count, limit: Limits.queryParameters},
        );
      }
    }
    await next();
  };
}
