import {Errors, ServiceError, badRequest} from '../errors.js';
import type {Store} from '../store/index.js';
import type {Entity, EntityModel} from './entity-model.js';
import {OnDelete} from './field-type.js';

/**
 * Refuses a write whose foreign keys name no stored entity, naming the first such field. A key
 * left unchanged by an update is not checked again: deletes keep it valid (restrict or cascade).
 */
export function checkReferences(
  store: Store,
  model: EntityModel,
  before: Entity | undefined,
  after: Entity,
  path: string,
): void {
  for (const [name, field] of Object.entries(model.fields)) {
    const reference = field.references;
    const value = after[name];
    if (!reference || typeof value !== 'string') continue;
    if (before && before[name] === value) continue;
    if (!store.collection<Entity>(reference.collection).get(value)) {
      throw badRequest(
        Errors.invalidReference,
        `${path}.${name} names no ${reference.collection} entity with id ${value}`,
        {field: `${path}.${name}`, id: value},
      );
    }
  }
}

/**
 * Deletes an entity and applies every foreign key naming it: entities of a `cascade` key go
 * with it (and theirs, in turn), a `restrict` key still naming it refuses the delete with 409
 * `conflict`. Call inside the delete's transaction, so a refusal undoes the cascade too.
 */
export function deleteWithDependents(
  store: Store,
  models: readonly EntityModel[],
  model: EntityModel,
  entity: Entity,
): void {
  for (const dependent of models) {
    if (dependent.source) continue;
    for (const [name, field] of Object.entries(dependent.fields)) {
      if (field.references?.collection !== model.collection) continue;
      const naming = store
        .collection<Entity>(dependent.collection)
        .find({where: {[name]: entity.id}});
      if (naming.length === 0) continue;
      if (field.references.onDelete === OnDelete.restrict) {
        throw new ServiceError(
          Errors.conflict,
          `${model.name} ${entity.id} is named by ${naming.length} ${dependent.name} (${name}); change or delete those first`,
          {id: entity.id, model: dependent.name, field: name, ids: naming.map((item) => item.id)},
        );
      }
      for (const item of naming) {
        store.collection<Entity>(dependent.collection).delete(item.id);
        deleteWithDependents(store, models, dependent, item);
      }
    }
  }
}
