// The fast path of applying a requirement: for a state whose requirements the engine made
// itself and knows to hold, the same decisions are found from what the solver touched instead
// of by reading every earlier requirement (docs/decisions/0067-updates-that-cost-what-they-change-and-a-paced-benchmark.md).
import type {Requirement} from '../../src/wire/index.js';
import {perModel, type CompiledModel, type CompiledNode} from './compiled-model.js';
import type {SessionState} from './session-state.js';
import {Wish} from './solver.js';
import {requirementIndexes} from './state-memos.js';
import {
  finish,
  listFacts,
  normalForm,
  refused,
  solve,
  wantsOn,
  type ApplyOptions,
  type ApplyResult,
  type ListFacts,
} from './apply-steps.js';

/** Whether `applyRequirement` takes the way of `applyKnown` for this state (for tests). */
export function appliesFromKnown(state: SessionState): boolean {
  return listFacts.get(state.requirements)?.holdIn(state) === true;
}

/**
 * `applyRequirement` for a state whose requirements the engine made and knows to hold
 * (`ListFacts`): the same decisions, found from what changed instead of by reading every
 * earlier requirement. An earlier requirement can only stop holding on a node the solver
 * touched (every other node keeps its state and number), so only those are checked; the kept
 * list is the earlier one without the superseded and violated requirements, in order.
 */
export function applyKnown(
  model: CompiledModel,
  state: SessionState,
  options: ApplyOptions,
  {
    node,
    switchOn,
    value,
    clamped,
    facts,
  }: {
    node: CompiledNode;
    switchOn: boolean;
    value: number | undefined;
    clamped: boolean;
    facts: ListFacts;
  },
): ApplyResult {
  const index = node.index;
  const list = state.requirements;
  const indexes = requirementIndexes(model, list);
  const {wants} = facts;
  const wishes = new Int8Array(model.nodes.length);
  for (let r = 0; r < indexes.length; r++) wishes[indexes[r]!] = wants[r]!;
  // Superseded, not contradicted: the node's own and its alternatives' earlier requirements,
  // and when switching off, those inside it (its subtree follows it in tree order).
  wishes[index] = Wish.none;
  for (const sibling of node.alternativeSiblings) wishes[sibling] = Wish.none;
  if (!switchOn) wishes.fill(Wish.none, index + 1, subtreeEnds(model)[index]);

  const {solver, disabled} = solve(model, state, wishes, index, switchOn, value);
  const violated = new Set<number>();
  // The requirement on a node, by node position: found once, for a touched numeric node.
  let positionOf: Int32Array | undefined;
  for (const touched of solver.touched) {
    const wish = wishes[touched]!;
    if (wish === Wish.none) continue;
    let holdsNow = wish === Wish.off ? !solver.on[touched] : solver.on[touched] === 1;
    if (holdsNow && wish !== Wish.off && model.nodes[touched]!.numeric) {
      positionOf ??= positionsOf(model, indexes);
      holdsNow = solver.numberOf(touched) === list[positionOf[touched]!]!.value;
    }
    if (!holdsNow) violated.add(touched);
  }
  if ((violated.size > 0 || disabled || clamped) && !options.ignoreConflicts) {
    return refused(model, state, solver, options, {requested: node, clamped, violated});
  }
  for (const gone of violated) wishes[gone] = Wish.none;
  const kept: Requirement[] = [];
  const keptIndexes = new Int32Array(indexes.length + 1);
  const keptWants = new Int8Array(indexes.length + 1);
  const positions = new Int32Array(indexes.length);
  let count = 0;
  for (let r = 0; r < indexes.length; r++) {
    if (wishes[indexes[r]!] === Wish.none) continue;
    kept.push(list[r]!);
    keptIndexes[count] = indexes[r]!;
    keptWants[count] = wants[r]!;
    positions[count++] = r;
  }
  const own = normalForm(node, switchOn, value);
  kept.push(own);
  keptIndexes[count] = index;
  keptWants[count] = wantsOn(node, own) ? Wish.on : Wish.off;
  return finish(model, state, solver, {
    kept,
    indexes: keptIndexes.subarray(0, count + 1),
    positions: positions.subarray(0, count),
    wants: keptWants.subarray(0, count + 1),
  });
}

/**
 * Per node position, the position of its requirement in a list (whose node positions are
 * `indexes`). A function of the module rather than a closure per update: under tsx (esbuild's
 * `keepNames`) each named closure costs a `defineProperty` call when it is made.
 */
function positionsOf(model: CompiledModel, indexes: Int32Array): Int32Array {
  const positionOf = new Int32Array(model.nodes.length);
  for (let r = 0; r < indexes.length; r++) positionOf[indexes[r]!] = r;
  return positionOf;
}

/**
 * Per node, the position after its subtree: nodes are in tree order (a node, then each child's
 * subtree in turn), so node `i`'s descendants are the positions between `i` and this.
 */
const subtreeEnds = perModel((model) => {
  const ends = new Int32Array(model.nodes.length);
  for (let i = model.nodes.length - 1; i >= 0; i--) {
    const children = model.nodes[i]!.children;
    ends[i] = children.length === 0 ? i + 1 : ends[children.at(-1)!]!;
  }
  return ends;
});
