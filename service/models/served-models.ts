import {compileModel, type CompiledModel} from '../engine/compiled-model.js';
import {sampleModels} from './catalog.js';
import {generateLargeModel} from './large-model.js';

/** A `LARGE_MODEL_NODES` value that names no model size; start-up says so in one line. */
export class LargeModelNodesError extends Error {}

/** The most nodes `LARGE_MODEL_NODES` takes: a model that large still compiles in seconds. */
export const maxLargeModelNodes = 100_000;

/**
 * The generated model `LARGE_MODEL_NODES=N` adds: `N` nodes, seed 1, named `Large Model N`
 * (its identifier for `new/{IDENTIFIER}`), so anyone can try the widget and the benchmarks on it.
 */
export function largeModel(nodes: number): CompiledModel {
  return compileModel(generateLargeModel({nodes, seed: 1, name: `Large Model ${nodes}`}));
}

/**
 * The models `npm start` serves: the samples, plus the generated model when
 * `LARGE_MODEL_NODES` names a whole number of nodes (10 to 100,000). Anything else there
 * stops the start with a message rather than serving less than asked for.
 */
export function servedModels(
  env: Record<string, string | undefined> = process.env,
): CompiledModel[] {
  const raw = env.LARGE_MODEL_NODES?.trim();
  if (!raw) return sampleModels();
  const nodes = Number(raw);
  if (!/^\d+$/.test(raw) || nodes < 10 || nodes > maxLargeModelNodes) {
    throw new LargeModelNodesError(
      `LARGE_MODEL_NODES must be a whole number from 10 to ${maxLargeModelNodes}, got "${raw}"`,
    );
  }
  return [...sampleModels(), largeModel(nodes)];
}
