import type {Requirement} from '../../src/wire/index.js';
import {Beside} from './beside.js';
import type {CompiledModel} from './compiled-model.js';
import type {SessionState} from './session-state.js';
import {rememberOnBits} from './on-bits.js';

/*
 * What the engine remembers beside the states and requirement lists it made, so that the next
 * update, the answer's head and the compressed answer read only what one operation changed.
 * Kept on the objects themselves (`Beside`, decision 68): states are values, so a memo holds for
 * as long as its object lives and dies with it.
 */

/** Node positions of requirement lists, computed once per list (states are values). */
const indexesByList = new Beside<readonly Requirement[], Int32Array>();

/** Records the node positions of a list the engine made, known as it was made. */
export function rememberRequirementIndexes(list: readonly Requirement[], indexes: Int32Array) {
  indexesByList.set(list, indexes);
}

/**
 * The node position of each of a state's requirements, -1 for an id the model lacks. Every
 * update and every answer walks the requirements, which grow with the session; looking up 36
 * character ids each time cost more than the rules.
 */
export function requirementIndexes(
  model: CompiledModel,
  requirements: readonly Requirement[],
): Int32Array {
  let indexes = indexesByList.get(requirements);
  if (!indexes) {
    indexes = new Int32Array(requirements.length);
    for (let r = 0; r < requirements.length; r++) {
      indexes[r] = model.indexById.get(requirements[r]!.featureModelNodeId) ?? -1;
    }
    indexesByList.set(requirements, indexes);
  }
  return indexes;
}

/**
 * Identities of states, so that what the engine remembers beside a state can name the state
 * it was made from without holding it. Not a `WeakRef`: V8's young-generation collections
 * keep a `WeakRef`'s target alive, so every state held the one before it through each of
 * them, and a session's recent history was copied and promoted to the old generation on every
 * update, to be found dead only by the next full collection (decisions 64 and 67). Kept on the
 * state like the other memos (`Beside`, decision 68), not in a `WeakMap` keyed by states that
 * die young.
 */
const identities = new Beside<SessionState, number>();
let lastIdentity = 0;

function identityOf(state: SessionState): number {
  let identity = identities.get(state);
  if (identity === undefined) identities.set(state, (identity = ++lastIdentity));
  return identity;
}

/**
 * For a state the engine made from another one: that state's identity and the nodes whose
 * on/off state or number may differ from it (every other node is as it was), ascending. Kept
 * per state object, so it is only found for the very base it was made from.
 */
const changedNodes = new Beside<SessionState, {base: number; nodes: Int32Array}>();

/** Records that `state` was made from `base` by one operation that touched only `touched`. */
export function rememberChangedNodes(
  base: SessionState,
  state: SessionState,
  touched: ReadonlySet<number>,
): void {
  const nodes = Int32Array.from(touched).sort();
  changedNodes.set(state, {base: identityOf(base), nodes});
  rememberOnBits(base, state, nodes);
}

/**
 * The nodes that may differ between `base` and `state`, ascending, when the engine made
 * `state` from `base` by one operation; `undefined` when it does not know (then compare all).
 */
export function nodesChangedSince(base: SessionState, state: SessionState): Int32Array | undefined {
  const known = changedNodes.get(state);
  return known !== undefined && known.base === identities.get(base) ? known.nodes : undefined;
}
