import {type CompiledModel} from '../engine/index.js';
import {findModel} from '../models/index.js';
import {isGuid} from '../http/index.js';

/** The configuration models the service offers, found by GUID or root feature name. */
export class ModelCatalog {
  readonly #models: CompiledModel[];
  readonly #byId = new Map<string, CompiledModel>();

  constructor(models: readonly CompiledModel[]) {
    this.#models = [...models];
    for (const model of models) this.#byId.set(model.id.toLowerCase(), model);
  }

  all(): readonly CompiledModel[] {
    return this.#models;
  }

  byId(id: string): CompiledModel | undefined {
    return this.#byId.get(id.toLowerCase());
  }

  /**
   * By model GUID, or by root feature name in any of the model's languages and any letter
   * case, with runs of spaces counted as one.
   */
  find(identifier: string): CompiledModel | undefined {
    if (isGuid(identifier)) return this.byId(identifier);
    return findModel(identifier.trim().replace(/\s+/g, ' '), this.#models);
  }
}
