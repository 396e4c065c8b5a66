import {compileModel, type CompiledModel} from '../engine/compiled-model.js';
import type {ModelDefinition} from '../engine/model-definition.js';
import {eBike} from './e-bike.js';
import {officeChair} from './office-chair.js';
import {standingDesk} from './standing-desk.js';

/** The sample products the reference service offers, in catalogue order. */
export const sampleDefinitions: readonly ModelDefinition[] = [officeChair, standingDesk, eBike];

let compiled: CompiledModel[] | undefined;

/** The sample models, compiled once per process. */
export function sampleModels(): CompiledModel[] {
  compiled ??= sampleDefinitions.map(compileModel);
  return compiled;
}

/**
 * A model by identifier: the root feature's name in any of its languages (case-insensitive)
 * or the model GUID. Searches `models` when given, the samples otherwise.
 */
export function findModel(
  identifier: string,
  models: readonly CompiledModel[] = sampleModels(),
): CompiledModel | undefined {
  const wanted = identifier.trim().toLowerCase();
  return models.find((model) => {
    if (model.id === wanted || model.name.toLowerCase() === wanted) return true;
    const root = model.nodes[0]!.name as unknown as Record<string, string>;
    return Object.values(root).some((name) => name.toLowerCase() === wanted);
  });
}
