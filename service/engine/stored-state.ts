import type {Requirement} from '../../src/wire/index.js';
import type {CompiledModel} from './compiled-model.js';
import {requirementText} from './requirement-text.js';
import {onBitsOf} from './on-bits.js';
import type {SessionState} from './session-state.js';

/**
 * A session state as the store keeps it (docs/decisions/0048): nodes named by their position
 * in the model's tree order, which the model key fixes, instead of by GUID. A session's state
 * is written on every update; keyed by GUID it grew by 85 bytes per requirement (37 KB after a
 * few hundred clicks on the 2,000-node model), and every byte of it was serialised and logged.
 */
export interface StoredState {
  /** How many nodes the model had; another count reads back as another model's state. */
  nodes: number;
  /** On or off per node, one bit each (node `i` is bit `i % 8` of byte `i >> 3`), base64. */
  on: string;
  /** The numbers of numeric inputs: `<node>=<number>`, comma-separated. */
  numbers: string;
  /** Text values by node id, as in the state (texts are few and long). */
  texts: Record<string, string>;
  /**
   * The shopper's requirements in their normal form, oldest first, comma-separated:
   * `<node>:<value>` for a selection, `<node>=<value>` for a number.
   */
  requirements: string;
}

/** Whether a stored state is in the compact form (rather than a whole `SessionState`). */
export function isStoredState(value: unknown): value is StoredState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredState).requirements === 'string' &&
    typeof (value as StoredState).nodes === 'number'
  );
}

/*
 * Encoding runs on every save, so what is the same as in the previous state is not encoded
 * again (docs/decisions/0048, 0067): the `on` bits are the base state's with the nodes the
 * update touched patched, an update's requirement list is the text of the list it started from
 * with the dropped requirements cut out and its own appended (the engine records which it
 * kept), and a numbers map no number changed in is the same object (the solver reuses it).
 */
const numbersByModel = new WeakMap<CompiledModel, WeakMap<object, string>>();

function cacheOf<V>(
  caches: WeakMap<CompiledModel, WeakMap<object, V>>,
  model: CompiledModel,
): WeakMap<object, V> {
  let cache = caches.get(model);
  if (!cache) caches.set(model, (cache = new WeakMap()));
  return cache;
}

/**
 * The compact form of a state. Requirements and numbers on nodes the model does not have are
 * left out: the engine skips them on every read and drops them on the next update.
 */
export function encodeState(model: CompiledModel, state: SessionState): StoredState {
  const count = state.on.length;
  const numbersCache = cacheOf(numbersByModel, model);
  let numbers = numbersCache.get(state.numbers);
  if (numbers === undefined) {
    const parts: string[] = [];
    for (const id in state.numbers) {
      const index = model.indexById.get(id);
      if (index !== undefined) parts.push(`${index}=${state.numbers[id]}`);
    }
    numbers = parts.join(',');
    numbersCache.set(state.numbers, numbers);
  }
  return {
    nodes: count,
    on: onBitsOf(state).toString('base64'),
    numbers,
    texts: state.texts,
    requirements: requirementText(model, state.requirements),
  };
}

/** The state a compact form holds, in the model it was written for. */
export function decodeState(model: CompiledModel, stored: StoredState): SessionState {
  const bits = Buffer.from(stored.on, 'base64');
  const on = Buffer.allocUnsafe(stored.nodes);
  for (let i = 0; i < stored.nodes; i++) on[i] = (bits[i >> 3]! >> (i & 7)) & 1 ? 49 : 48;
  const id = (index: number) => model.nodes[index]?.id;
  const numbers: Record<string, number> = {};
  for (const part of split(stored.numbers)) {
    const at = part.indexOf('=');
    const node = id(Number(part.slice(0, at)));
    if (node !== undefined) numbers[node] = Number(part.slice(at + 1));
  }
  const requirements: Requirement[] = [];
  for (const part of split(stored.requirements)) {
    const at = part.search(/[:=]/);
    const node = id(Number(part.slice(0, at)));
    if (node === undefined) continue;
    requirements.push({
      featureModelNodeId: node,
      value: Number(part.slice(at + 1)),
      isSelection: part[at] === ':',
    });
  }
  return {
    modelId: model.id,
    on: on.toString('latin1'),
    numbers,
    texts: {...stored.texts},
    requirements,
  };
}

const split = (list: string) => (list === '' ? [] : list.split(','));
