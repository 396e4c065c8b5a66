import {ErrorCode, ServiceError, badRequest} from '../errors.js';
import {Fields} from '../http/index.js';
import {checkValue} from './field-type.js';
import type {Entity, EntityModel} from './entity-model.js';

/** A property name to its canonical spelling, in any letter case. */
export function fieldName(model: EntityModel, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(model.fields).find((candidate) => candidate.toLowerCase() === lower);
}

/** A body is one entity or an array of them; bulk handling follows from which. */
export function entityList(body: unknown): {items: unknown[]; bulk: boolean} {
  return Array.isArray(body) ? {items: body, bulk: true} : {items: [body], bulk: false};
}

/**
 * Turns one body item into the entity to store. On create (`existing` undefined) left-out
 * properties take their defaults and required ones must be there; on update the stored values
 * stay for left-out properties (PUT merges). Property names match in any letter case; relation
 * properties (`lines`, `debtor`, ...) are ignored, other unknown names are refused, naming them.
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
    throw badRequest(
      ErrorCode.invalidBody,
      `${path} has properties ${model.name} does not know: ${unknown.join(', ')}`,
      {fields: unknown.map((name) => `${path}.${name}`)},
    );
  }
  const entity: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    const given = fields.get(name);
    if (field.managed) continue;
    if (given === undefined) {
      if (existing) entity[name] = existing[name] ?? field.default?.() ?? null;
      else if (field.default) entity[name] = field.default();
      else throw invalid(`${path}.${name}`, 'is required');
      continue;
    }
    const checked = checkValue(field, given);
    if ('expected' in checked) throw invalid(`${path}.${name}`, `must be ${checked.expected}`);
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
      409,
      ErrorCode.conflict,
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

function invalid(path: string, expectation: string): ServiceError {
  return badRequest(ErrorCode.invalidBody, `${path} ${expectation}`, {field: path});
}
