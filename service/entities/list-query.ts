import {Errors, badRequest} from '../errors.js';
import type {PropertyValue, Store} from '../store/index.js';
import {compareValues, parseQueryValue} from './field-type.js';
import {fieldName} from './entity-body.js';
import type {Entity, EntityModel, Relation} from './entity-model.js';

/** Page size when `limit` is left out. */
export const defaultLimit = 100;
/** The largest page `limit` may ask for. */
export const maxLimit = 1000;

/** A parsed list query of the generic entity API. */
export interface ListQuery {
  skip: number;
  limit: number;
  orderBy: string | null;
  descending: boolean;
  include: Relation[];
  filters: Array<[name: string, value: unknown]>;
  /** The language of a localised read-only model (feature models); others refuse `lang`. */
  lang: string | undefined;
}

const reserved = ['skip', 'limit', 'orderby', 'descending', 'include'] as const;

/**
 * Reads `skip`, `limit`, `orderby`, `descending`, repeatable `include` and equality filters
 * on any property (typed by the property) from a query string. Names match in any letter
 * case; anything unknown or of the wrong type is a 400 `invalid_query` naming it.
 */
export function parseListQuery(
  model: EntityModel,
  params: URLSearchParams,
  {single = false} = {},
): ListQuery {
  const query: ListQuery = {
    skip: 0,
    limit: defaultLimit,
    orderBy: null,
    descending: false,
    include: [],
    filters: [],
    lang: undefined,
  };
  for (const [key, value] of params) {
    const lower = key.toLowerCase();
    if (lower === 'include') {
      for (const name of value.split(',').map((part) => part.trim())) {
        if (name === '') continue;
        const relation = model.relations.find((r) => r.name.toLowerCase() === name.toLowerCase());
        if (!relation) {
          const known = model.relations.map((r) => r.name).join(', ') || 'none';
          throw invalid(key, `names no relation of ${model.name} (known: ${known})`, value);
        }
        if (!query.include.includes(relation)) query.include.push(relation);
      }
      continue;
    }
    if (lower === 'lang' && model.source) {
      query.lang = value;
      continue;
    }
    if (single)
      throw invalid(
        key,
        'is not taken by a single-entity GET (only include is, and lang on feature models)',
        value,
      );
    if ((reserved as readonly string[]).includes(lower)) {
      readPaging(query, lower as Exclude<(typeof reserved)[number], 'include'>, key, value, model);
      continue;
    }
    const name = fieldName(model, key);
    if (!name)
      throw invalid(key, `is neither a paging parameter nor a property of ${model.name}`, value);
    const parsed = parseQueryValue(model.fields[name]!, value);
    if ('expected' in parsed) throw invalid(key, `must be ${parsed.expected}`, value);
    query.filters.push([name, parsed.value]);
  }
  return query;
}

function readPaging(
  query: ListQuery,
  name: Exclude<(typeof reserved)[number], 'include'>,
  key: string,
  value: string,
  model: EntityModel,
): void {
  switch (name) {
    case 'skip':
      query.skip = integer(key, value, 0, 2 ** 31 - 1);
      break;
    case 'limit':
      query.limit = integer(key, value, 0, maxLimit);
      break;
    case 'orderby': {
      const field = fieldName(model, value);
      if (!field) throw invalid(key, `must name a property of ${model.name}`, value);
      query.orderBy = field;
      break;
    }
    case 'descending': {
      const lower = value.toLowerCase();
      if (!['true', 'false', '1', '0'].includes(lower))
        throw invalid(key, 'must be true or false', value);
      query.descending = lower === 'true' || lower === '1';
      break;
    }
  }
}

/**
 * The page of entities a query asks for. A stored model's query runs in the database
 * (filters, order and paging in SQL, so a page costs what it holds, not what the collection
 * holds); a model served from elsewhere is queried in memory with the same semantics.
 */
export function runListQuery(store: Store, model: EntityModel, query: ListQuery): Entity[] {
  if (model.source) return applyListQuery(model.source(query.lang), query);
  return store.collection<Entity>(model.collection).find({
    where: Object.fromEntries(query.filters) as Record<string, PropertyValue>,
    orderBy: query.orderBy,
    descending: query.descending,
    skip: query.skip,
    limit: query.limit,
  });
}

/** Filters, orders and pages entities by a query; ordering is stable (ties keep store order). */
export function applyListQuery(entities: readonly Entity[], query: ListQuery): Entity[] {
  let result = entities.filter((entity) =>
    query.filters.every(([name, value]) => (entity[name] ?? null) === value),
  );
  if (query.orderBy) {
    const key = query.orderBy;
    const direction = query.descending ? -1 : 1;
    result = result
      .map((entity, index) => ({entity, index}))
      .sort((a, b) => direction * compareValues(a.entity[key], b.entity[key]) || a.index - b.index)
      .map(({entity}) => entity);
  } else if (query.descending) {
    result.reverse();
  }
  return result.slice(query.skip, query.skip + query.limit);
}

function integer(key: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw invalid(key, `must be an integer from ${min} to ${max}`, value);
  }
  return number;
}

function invalid(name: string, expectation: string, given: string) {
  return badRequest(Errors.invalidQuery, `Query parameter ${name} ${expectation}, got "${given}"`, {
    parameter: name,
  });
}
