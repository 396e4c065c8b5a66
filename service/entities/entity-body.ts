import {Errors, ServiceError, badRequest} from '../errors.js';
import {Fields, bounded} from '../http/index.js';
import {checkValue, type CheckFailure} from './field-type.js';
import type {Entity, EntityModel} from './entity-model.js';

/** A property name to its canonical spelling, in any letter case. */
export function fieldName(model: EntityModel, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(model.fields).find((candidate) => candidate.toLowerCase() === lower);
}

/** Most entities one POST or PUT may carry: the largest page a list GET answers with. */
export const maxBulkItems = 1000;

/**
 * A body is one entity or an array of at most `maxBulkItems` (413 `too_many_items` beyond);
 * bulk handling follows from which.
 */
export function entityList(body: unknown): {items: unknown[]; bulk: boolean} {
  return Array.isArray(body)
    ? {items: bounded(body, 'body', maxBulkItems), bulk: true}
    : {items: [body], bulk: false};
}

/**
 * Turns one body item into the entity to store. On create (`existing` undefined) left-out
 * properties take their defaults and required ones must be there; on update the stored values
 * stay for left-out properties (PUT merges). Property names match in any letter case; relation
 * properties (`lines`, `debtor`, ...) are ignored, other unknown names are refused, naming them.
 * A read-only property may only repeat the stored value; numbers must lie in their field's
 * range (400 `out_of_range`).
 */
export function readEntity(
  model: EntityModel,
  raw: unknown,
  path: string,
  existing: Entity | undefined,
  now: string,
): Entity {
  const fields = Fields.of(raw, path);
  const relations = new Set(model.relations.map((r) => r.property.toLowerCase()));
  const unknown = fields
    .names()
    .filter((name) => !fieldName(model, name) && !relations.has(name.toLowerCase()));
  if (unknown.length > 0) {
    // Named up to a point: an object of a million unknown keys must not echo them all back.
    const named = unknown.slice(0, 20);
    const more = unknown.length > named.length ? ` and ${unknown.length - named.length} more` : '';
    throw badRequest(
      Errors.invalidBody,
      `${path} has properties ${model.name} does not know: ${named.join(', ')}${more}`,
      {fields: named.map((name) => `${path}.${name}`)},
    );
  }
  const entity: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    const given = fields.get(name);
    if (field.managed) continue;
    if (field.readOnly) {
      const stored = existing?.[name] ?? null;
      if (given !== undefined && given !== null && given !== stored) {
        throw badRequest(
          Errors.readOnlyField,
          `${path}.${name} is set by the service; leave it out or send the stored value`,
          {field: `${path}.${name}`},
        );
      }
      if (existing) entity[name] = stored;
      continue;
    }
    if (given === undefined) {
      if (existing) entity[name] = existing[name] ?? field.default?.() ?? null;
      else if (field.default) entity[name] = field.default();
      else throw invalid(`${path}.${name}`, 'is required');
      continue;
    }
    const checked = checkValue(field, given);
    if ('expected' in checked) throw refusal(`${path}.${name}`, checked);
    entity[name] = checked.value;
  }
  entity.createdAt = existing?.createdAt ?? now;
  entity.updatedAt = now;
  return entity as Entity;
}

/**
 * The optimistic concurrency check of PUT: a body that carries `updatedAt` must carry the
 * stored one, or someone else changed the entity since the client read it.
 */
export function checkUnchanged(raw: unknown, path: string, existing: Entity): void {
  const fields = Fields.of(raw, path);
  const seen = fields.get('updatedAt');
  if (seen === undefined || seen === null) return;
  const checked = checkValue({type: 'date-time', nullable: false}, seen);
  if ('expected' in checked) throw invalid(`${path}.updatedAt`, `must be ${checked.expected}`);
  if (existing.updatedAt !== undefined && checked.value !== existing.updatedAt) {
    throw new ServiceError(
      Errors.conflict,
      `${path}: the entity ${existing.id} changed since ${String(seen)} (now ${String(existing.updatedAt)})`,
      {id: existing.id, updatedAt: existing.updatedAt},
    );
  }
}

/** The id a PUT body names, as a lowercased GUID. */
export function bodyId(model: EntityModel, raw: unknown, path: string): string {
  const fields = Fields.of(raw, path);
  const id = fields.get('id');
  const checked = checkValue(model.fields.id!, id === undefined ? null : id);
  if ('expected' in checked)
    throw invalid(`${path}.id`, 'must be the GUID of the entity to update');
  return checked.value as string;
}

/** What the API answers for an entity: every property (absent ones null) and included relations. */
export function present(
  model: EntityModel,
  entity: Entity,
  included: Record<string, unknown> = {},
) {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(model.fields)) out[name] = entity[name] ?? null;
  return Object.assign(out, included);
}

function refusal(path: string, failure: CheckFailure): ServiceError {
  if (!failure.range) return invalid(path, `must be ${failure.expected}`);
  return badRequest(Errors.outOfRange, `${path} must be ${failure.expected}`, {
    field: path,
    ...failure.range,
  });
}

function invalid(path: string, expectation: string): ServiceError {
  return badRequest(Errors.invalidBody, `${path} ${expectation}`, {field: path});
}
