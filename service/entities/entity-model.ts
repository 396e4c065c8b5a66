import {randomUUID} from 'node:crypto';
import type {Store} from '../store/index.js';
import {FieldType, type Field} from './field-type.js';

/** A stored entity: a JSON document with a GUID `id`. */
export type Entity = {id: string} & Record<string, unknown>;

/** A relation the list and single GET return only when named in `include`. */
export interface Relation {
  /** The CamelCase name clients pass to `include` (matched in any letter case). */
  name: string;
  /** The property it appears under in the response. */
  property: string;
  /** Resolves the related entity (or list) of one entity. */
  resolve(store: Store, entity: Entity): unknown;
  /**
   * Resolves it for a whole page in one pass over the related entities; answers the
   * resolver of each entity of the page. Optional: `resolve` per entity otherwise.
   */
  resolveAll?(store: Store, page: readonly Entity[]): (entity: Entity) => unknown;
}

/**
 * Where a read-only model's entities come from instead of the store; `lang` is the list
 * query's `lang` parameter (feature models are localised).
 */
export type EntitySource = (lang: string | undefined) => readonly Entity[];

/** One model of the generic entity API. */
export interface EntityModel {
  /** The model's name in the seed's table (`Quotation`, `VAT`). */
  name: string;
  /** The last path segment of its URI under `/api/2/`, as the seed spells it. */
  path: string;
  /** The store collection holding its entities. */
  collection: string;
  /** Every property, `id` included, by its canonical name. */
  fields: Record<string, Field>;
  relations: readonly Relation[];
  /** Set for models served from elsewhere (feature models come from the rule engine). */
  source?: EntitySource;
}

/** Field builders; `nullable` fields default to null, others are required unless given a default. */
export const field = {
  string: (defaultValue?: string): Field => required(FieldType.string, defaultValue),
  number: (defaultValue = 0): Field => required(FieldType.number, defaultValue),
  integer: (defaultValue = 0): Field => required(FieldType.integer, defaultValue),
  boolean: (defaultValue = false): Field => required(FieldType.boolean, defaultValue),
  guid: (): Field => ({type: FieldType.guid, nullable: false}),
  nullable: (type: FieldType): Field => ({type, nullable: true, default: () => null}),
  /** A number or integer field limited to `min..max` (400 `out_of_range` outside). */
  range: (base: Field, min: number, max: number): Field => ({...base, min, max}),
  /** A value only the service sets: see `Field.readOnly`. */
  readOnly: (base: Field): Field => ({...base, readOnly: true}),
  /** The entity's GUID: generated on create when the body has none. */
  id: (): Field => ({type: FieldType.guid, nullable: false, default: () => randomUUID()}),
  /** A moment the service sets: creation (kept) or last change (moved on every write). */
  stamp: (): Field => ({type: FieldType.dateTime, nullable: false, managed: true}),
  /** A date-time the body may give; now when left out. */
  moment: (): Field => ({
    type: FieldType.dateTime,
    nullable: false,
    default: () => new Date().toISOString(),
  }),
};

function required(type: FieldType, defaultValue: unknown): Field {
  return defaultValue === undefined
    ? {type, nullable: false}
    : {type, nullable: false, default: () => defaultValue};
}
