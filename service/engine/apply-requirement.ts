// Applying one requirement of the shopper: the checks and the decisions (what an input means,
// which earlier requirements it replaces, what is refused outright), then either the fast path
// (apply-known.ts) or the full reading of every earlier requirement here; the steps both share
// are in apply-steps.ts.
import {NodeType, type Requirement} from '../../src/wire/index.js';
import type {CompiledModel, CompiledNode} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import type {SessionState} from './session-state.js';
import {Solver, Wish} from './solver.js';
import {requirementIndexes} from './state-memos.js';
import {applyKnown} from './apply-known.js';
import {
  checkModel,
  finish,
  holds,
  isOn,
  listFacts,
  nodeOf,
  normalForm,
  refused,
  solve,
  wantsOn,
  type ApplyOptions,
  type ApplyResult,
} from './apply-steps.js';

/** The session state right after start: the product on, with every default applied. */
export function initialState(model: CompiledModel): SessionState {
  const solver = new Solver(model);
  solver.setOn(0, true);
  if (solver.failure) throw new Error(`Model "${model.name}" has contradictory defaults`);
  const numbers: Record<string, number> = {};
  for (const node of model.nodes) if (node.numeric) numbers[node.id] = solver.numberOf(node.index);
  return solver.toState(model, {modelId: model.id, on: '', numbers, texts: {}, requirements: []});
}

/** Rounds to the node's step counted from its minimum (110..210 step 10: 115 becomes 120). */
export function roundToStep(node: CompiledNode, value: number): number {
  const step = node.step ?? 1;
  const min = node.min ?? 0;
  if (step <= 0) return value;
  const rounded = min + Math.round((value - min) / step) * step;
  return Number(rounded.toFixed(10));
}

/**
 * Applies one requirement of the shopper.
 *
 * Numbers are rounded to the node's step silently; a number outside the node's range is a
 * conflict of type Value (the clamped number) until the shopper accepts it. Switching on a
 * node the rules currently forbid (`isDisabled`) is a conflict too, whatever forbids it.
 * Otherwise a requirement conflicts only where it would undo one of the shopper's own earlier
 * requirements; defaults and derived values give way silently.
 *
 * Refused outright (`invalid_value`): switching off the product, a mandatory node, or the
 * last option of an "or" group (at least one must stay on). A numeric input that is always on
 * takes `{value: 0, isSelection: true}` as the number 0 rather than as "off". Switching off the chosen option
 * of an alternative group falls back to the group's default option (or the first allowed).
 */
export function applyRequirement(
  model: CompiledModel,
  state: SessionState,
  req: Requirement,
  options: ApplyOptions,
): ApplyResult {
  checkModel(model, state);
  const node = nodeOf(model, req.featureModelNodeId);
  if (node.isText) {
    throw new EngineError('text_node_needs_text', `"${node.name.en}" takes text, not a value`);
  }
  if (typeof req.value !== 'number' || !Number.isFinite(req.value)) {
    throw new EngineError('invalid_value', 'The value must be a finite number');
  }
  const index = node.index;
  // A numeric input that is always on takes a selection of 0 as the number 0.
  const fixed = node.parent < 0 || node.type === NodeType.mandatory;
  const switchOn = node.numeric ? !(req.isSelection && req.value === 0 && !fixed) : req.value !== 0;
  let value: number | undefined;
  let clamped = false;
  if (switchOn && node.numeric) {
    const rounded = roundToStep(node, req.value);
    value = Math.min(node.max!, Math.max(node.min!, rounded));
    clamped = value !== rounded;
  }
  if (!switchOn) refuseSwitchOff(model, state, node);

  const facts = listFacts.get(state.requirements);
  if (facts?.holdIn(state)) {
    return applyKnown(model, state, options, {node, switchOn, value, clamped, facts});
  }
  const superseded = supersededBy(model, node, switchOn);
  const indexes = requirementIndexes(model, state.requirements);
  // Positions in `state.requirements` of the earlier requirements that still count.
  const earlier: number[] = [];
  const wishes = new Int8Array(model.nodes.length);
  for (let r = 0; r < indexes.length; r++) {
    const earlierIndex = indexes[r]!;
    if (earlierIndex < 0 || superseded(earlierIndex)) continue;
    earlier.push(r);
    wishes[earlierIndex] = wantsOn(model.nodes[earlierIndex]!, state.requirements[r]!)
      ? Wish.on
      : Wish.off;
  }

  const {solver, disabled} = solve(model, state, wishes, index, switchOn, value);

  const kept: Requirement[] = [];
  const keptIndexes: number[] = [];
  const keptPositions: number[] = [];
  const violated = new Set<number>();
  for (const r of earlier) {
    const earlierIndex = indexes[r]!;
    const earlierReq = state.requirements[r]!;
    if (holds(model, solver, earlierIndex, earlierReq)) {
      kept.push(earlierReq);
      keptIndexes.push(earlierIndex);
      keptPositions.push(r);
    } else {
      violated.add(earlierIndex);
    }
  }

  if ((violated.size > 0 || disabled || clamped) && !options.ignoreConflicts) {
    return refused(model, state, solver, options, {requested: node, clamped, violated});
  }
  kept.push(normalForm(node, switchOn, value));
  keptIndexes.push(index);
  const wants = Int8Array.from(kept, (r, i) =>
    wantsOn(model.nodes[keptIndexes[i]!]!, r) ? Wish.on : Wish.off,
  );
  return finish(model, state, solver, {
    kept,
    indexes: Int32Array.from(keptIndexes),
    positions: Int32Array.from(keptPositions),
    wants,
  });
}

function refuseSwitchOff(model: CompiledModel, state: SessionState, node: CompiledNode) {
  const name = node.name.en;
  if (node.parent < 0 || node.type === NodeType.mandatory) {
    throw new EngineError('invalid_value', `"${name}" is always part of the product`);
  }
  if (
    node.type === NodeType.or &&
    isOn(state, node.index) &&
    isOn(state, node.parent) &&
    !node.orSiblings.some((s) => isOn(state, s))
  ) {
    const group = model.nodes[node.parent]!.name.en;
    throw new EngineError('invalid_value', `At least one option of "${group}" must stay selected`);
  }
}

/** Which earlier requirements the new one replaces rather than contradicts. */
function supersededBy(model: CompiledModel, node: CompiledNode, switchOn: boolean) {
  const siblings = new Set(node.alternativeSiblings);
  return (index: number) => {
    if (index === node.index || siblings.has(index)) return true;
    if (switchOn) return false;
    // Switching a group off drops what the shopper chose inside it, without a dialog.
    for (let p = model.nodes[index]!.parent; p >= 0; p = model.nodes[p]!.parent) {
      if (p === node.index) return true;
    }
    return false;
  };
}
