import {Errors, badRequest} from '../errors.js';
import {isGuid} from './guid.js';
import {bounded} from './limits.js';

const invalid = (path: string, expectation: string) =>
  badRequest(Errors.invalidBody, `${path} ${expectation}`, {field: path});

/**
 * Reads the properties of a JSON object by name in any letter case, as the real service does
 * (`FeatureModelNodeId`, `featureModelNodeId` and `featuremodelnodeid` are one field). Every
 * accessor throws 400 `invalid_body` naming the field when the value has the wrong type.
 */
export class Fields {
  readonly #values = new Map<string, unknown>();
  readonly #names = new Map<string, string>();
  /** Where this object sits in the body, for messages: `body`, `body.quotationRequest`. */
  readonly path: string;

  private constructor(path: string) {
    this.path = path;
  }

  /** Wraps a parsed body; anything but a plain object is an `invalid_body`. */
  static of(value: unknown, path = 'body'): Fields {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw invalid(path, 'must be a JSON object');
    }
    const fields = new Fields(path);
    for (const [name, item] of Object.entries(value)) {
      const key = name.toLowerCase();
      if (fields.#names.has(key)) {
        throw invalid(`${path}.${name}`, `is given twice (as ${fields.#names.get(key)} too)`);
      }
      fields.#names.set(key, name);
      fields.#values.set(key, item);
    }
    return fields;
  }

  /** The raw value, `undefined` when absent. */
  get(name: string): unknown {
    return this.#values.get(name.toLowerCase());
  }

  /** Whether the property is present with a value other than `null`. */
  has(name: string): boolean {
    const value = this.get(name);
    return value !== undefined && value !== null;
  }

  /** The names present, as the client spelled them. */
  names(): string[] {
    return [...this.#names.values()];
  }

  #at(name: string): string {
    return `${this.path}.${name}`;
  }

  string(name: string): string {
    const value = this.get(name);
    if (typeof value !== 'string') throw invalid(this.#at(name), 'must be a string');
    return value;
  }

  /** A string, or `null` when absent or null. */
  nullableString(name: string): string | null {
    return this.has(name) ? this.string(name) : null;
  }

  guid(name: string): string {
    const value = this.string(name);
    if (!isGuid(value)) throw invalid(this.#at(name), 'must be a GUID');
    return value.toLowerCase();
  }

  nullableGuid(name: string): string | null {
    return this.has(name) ? this.guid(name) : null;
  }

  number(name: string): number {
    const value = this.get(name);
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalid(this.#at(name), 'must be a number');
    }
    return value;
  }

  integer(name: string, {min = -(2 ** 31), max = 2 ** 31 - 1} = {}): number {
    const value = this.number(name);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw invalid(this.#at(name), `must be an integer from ${min} to ${max}`);
    }
    return value;
  }

  boolean(name: string, fallback?: boolean): boolean {
    const value = this.get(name);
    if ((value === undefined || value === null) && fallback !== undefined) return fallback;
    if (typeof value !== 'boolean') throw invalid(this.#at(name), 'must be true or false');
    return value;
  }

  /** An array of at most `limit` items (413 `too_many_items` beyond), or `null` when absent or null. */
  nullableArray(name: string, limit: number): unknown[] | null {
    if (!this.has(name)) return null;
    const value = this.get(name);
    if (!Array.isArray(value)) throw invalid(this.#at(name), 'must be an array');
    return bounded(value, this.#at(name), limit);
  }

  /** A nested object as `Fields`, or `null` when absent or null. */
  nullableObject(name: string): Fields | null {
    return this.has(name) ? Fields.of(this.get(name), this.#at(name)) : null;
  }
}

/**
 * Reads a body that must be a JSON array of at most `limit` items (413 `too_many_items`
 * beyond); each item is checked by the caller.
 */
export function arrayBody(value: unknown, limit: number, path = 'body'): unknown[] {
  if (!Array.isArray(value)) throw invalid(path, 'must be a JSON array');
  return bounded(value, path, limit);
}

/** Reads an array of GUIDs (lowercased), naming the first bad item. */
export function guidList(values: unknown[], path: string): string[] {
  return values.map((item, index) => {
    if (typeof item !== 'string' || !isGuid(item))
      throw invalid(`${path}[${index}]`, 'must be a GUID');
    return item.toLowerCase();
  });
}
