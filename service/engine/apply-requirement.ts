import {
  NodeType,
  type Conflict,
  type Requirement,
  type TextRequirement,
} from '../../src/wire/index.js';
import {Beside} from './beside.js';
import {describeConflicts} from './describe-conflicts.js';
import {perModel, type CompiledModel, type CompiledNode} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import type {SessionState} from './session-state.js';
import {rememberRequirementText} from './requirement-text.js';
import {Solver, Wish} from './solver.js';
import {
  rememberChangedNodes,
  rememberRequirementIndexes,
  requirementIndexes,
} from './state-memos.js';

/** The longest text a text input takes. */
export const maxTextLength = 1000;

export interface ApplyOptions {
  /** Apply even if it contradicts the shopper's earlier requirements, resolving the rest. */
  ignoreConflicts: boolean;
  /** Language of the conflict texts; `renderConfiguration` re-localises them anyway. */
  lang?: string;
}

export interface ApplyResult {
  state: SessionState;
  /** Null when applied; otherwise what accepting would change (the state is unchanged). */
  conflicts: Conflict[] | null;
  /** Ids of the nodes whose reported value changed. */
  changed: string[];
}

/** The session state right after start: the product on, with every default applied. */
export function initialState(model: CompiledModel): SessionState {
  const solver = new Solver(model);
  solver.setOn(0, true);
  if (solver.failure) throw new Error(`Model "${model.name}" has contradictory defaults`);
  const numbers: Record<string, number> = {};
  for (const node of model.nodes) if (node.numeric) numbers[node.id] = solver.numberOf(node.index);
  return solver.toState(model, {modelId: model.id, on: '', numbers, texts: {}, requirements: []});
}

/** The node of an id, or `unknown_node`. */
export function nodeOf(model: CompiledModel, id: unknown): CompiledNode {
  const index = typeof id === 'string' ? model.indexById.get(id.toLowerCase()) : undefined;
  if (index === undefined) {
    throw new EngineError('unknown_node', `The model has no node "${String(id)}"`);
  }
  return model.nodes[index]!;
}

function checkModel(model: CompiledModel, state: SessionState) {
  if (state.modelId !== model.id || state.on.length !== model.nodes.length) {
    throw new EngineError('model_mismatch', 'The session belongs to another model');
  }
}

/** Rounds to the node's step counted from its minimum (110..210 step 10: 115 becomes 120). */
export function roundToStep(node: CompiledNode, value: number): number {
  const step = node.step ?? 1;
  const min = node.min ?? 0;
  if (step <= 0) return value;
  const rounded = min + Math.round((value - min) / step) * step;
  return Number(rounded.toFixed(10));
}

const isOn = (state: SessionState, index: number) => state.on.charCodeAt(index) === 49;

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

/**
 * Runs the solver for the update: the earlier requirements' `wishes`, then the node switched on
 * (with its number) or off. `disabled`: the node was off and the rules excluded it before.
 */
function solve(
  model: CompiledModel,
  state: SessionState,
  wishes: Int8Array,
  index: number,
  switchOn: boolean,
  value: number | undefined,
): {solver: Solver; disabled: boolean} {
  const solver = new Solver(model, state, wishes);
  const disabled = switchOn && !isOn(state, index) && solver.isExcluded(index);
  if (switchOn) solver.setOn(index, true, value);
  else solver.setOff(index, true);
  if (solver.failure) {
    throw new EngineError(
      'unsatisfiable',
      `The model's rules cannot satisfy this: ${solver.failure}`,
    );
  }
  return {solver, disabled};
}

/** The update not applied: the state as it was, with the conflicts the shopper must resolve. */
function refused(
  model: CompiledModel,
  state: SessionState,
  solver: Solver,
  options: ApplyOptions,
  found: {requested: CompiledNode; clamped: boolean; violated: Set<number>},
): ApplyResult {
  const conflicts = describeConflicts(model, state, solver, {...found, lang: options.lang ?? 'en'});
  return {state, conflicts, changed: []};
}

/** A requirement in the one form a state keeps: a number as a value, anything else as a selection. */
function normalForm(node: CompiledNode, switchOn: boolean, value: number | undefined): Requirement {
  return {
    featureModelNodeId: node.id,
    value: switchOn ? (value ?? 1) : 0,
    isSelection: !(node.numeric && switchOn),
  };
}

/**
 * The state after an applied update, with what the engine remembers beside it: the new list's
 * node positions, where it came from, what each of its requirements wants, and that they all
 * hold in the new state (so the next update can take `applyKnown`).
 */
function finish(
  model: CompiledModel,
  state: SessionState,
  solver: Solver,
  {
    kept,
    indexes,
    positions,
    wants,
  }: {kept: Requirement[]; indexes: Int32Array; positions: Int32Array; wants: Int8Array},
): ApplyResult {
  rememberRequirementIndexes(kept, indexes);
  rememberRequirementText(model, state.requirements, kept, positions);
  const next = solver.toState(model, {...state, requirements: kept});
  // Every kept requirement holds in `next` (those that did not were dropped, and the new one
  // was applied as a hard decision).
  listFacts.set(kept, new ListFacts(wants, next));
  rememberChangedNodes(state, next, solver.touched);
  return {state: next, conflicts: null, changed: changedIds(model, state, solver)};
}

/**
 * What the engine knows of a requirement list it made: what each requirement wants of its node
 * (`Wish`, in list order), that there is at most one per node and none on a node the model
 * lacks, and that every one of them holds in the state it was made for. A state with the same
 * `on` and the same numbers map (the same object: states are values) is that state as far as
 * the rules are concerned, as after a text changed.
 */
class ListFacts {
  readonly wants: Int8Array;
  readonly #on: string;
  readonly #numbers: Record<string, number>;

  constructor(wants: Int8Array, state: SessionState) {
    this.wants = wants;
    this.#on = state.on;
    this.#numbers = state.numbers;
  }

  holdIn(state: SessionState): boolean {
    return state.numbers === this.#numbers && state.on === this.#on;
  }
}

const listFacts = new Beside<readonly Requirement[], ListFacts>();

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
function applyKnown(
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

/** Whether a kept requirement (in its normal form) wants its node on. */
function wantsOn(node: CompiledNode, req: Requirement): boolean {
  return node.numeric ? !(req.isSelection && req.value === 0) : req.value !== 0;
}

function holds(model: CompiledModel, solver: Solver, index: number, req: Requirement): boolean {
  const node = model.nodes[index]!;
  if (!wantsOn(node, req)) return !solver.on[index];
  if (!solver.on[index]) return false;
  return !node.numeric || solver.numberOf(index) === req.value;
}

function changedIds(model: CompiledModel, state: SessionState, solver: Solver): string[] {
  const changed: string[] = [];
  for (const index of [...solver.touched].sort((a, b) => a - b)) {
    const node = model.nodes[index]!;
    const before = !isOn(state, index)
      ? 0
      : node.numeric
        ? (state.numbers[node.id] ?? node.defaultValue)
        : 1;
    if (before !== solver.reported(index)) changed.push(node.id);
  }
  return changed;
}

/**
 * Sets or clears a text input's text. A non-empty text switches the node on (and what that
 * needs) without a conflict dialog: typing is an unambiguous wish.
 */
export function applyText(
  model: CompiledModel,
  state: SessionState,
  req: TextRequirement,
): {state: SessionState; changed: string[]} {
  checkModel(model, state);
  const node = nodeOf(model, req.featureModelNodeId);
  if (!node.isText) {
    throw new EngineError('not_a_text_node', `"${node.name.en}" does not take text`);
  }
  const text = req.textValue ?? '';
  if (typeof text !== 'string') throw new EngineError('invalid_value', 'The text must be a string');
  if (text.length > maxTextLength) {
    throw new EngineError('invalid_value', `The text is longer than ${maxTextLength} characters`);
  }
  const texts = {...state.texts};
  if (text === '') delete texts[node.id];
  else texts[node.id] = text;
  if (text === '' || isOn(state, node.index)) {
    const changed = (state.texts[node.id] ?? '') === text ? [] : [node.id];
    return {state: {...state, texts}, changed};
  }
  const wishes = new Int8Array(model.nodes.length);
  const indexes = requirementIndexes(model, state.requirements);
  for (let r = 0; r < indexes.length; r++) {
    const index = indexes[r]!;
    if (index >= 0) {
      wishes[index] = wantsOn(model.nodes[index]!, state.requirements[r]!) ? Wish.on : Wish.off;
    }
  }
  const solver = new Solver(model, state, wishes);
  solver.setOn(node.index, true);
  if (solver.failure) {
    throw new EngineError(
      'unsatisfiable',
      `The model's rules cannot satisfy this: ${solver.failure}`,
    );
  }
  const requirements = state.requirements.filter((r) => {
    const index = model.indexById.get(r.featureModelNodeId);
    return index !== undefined && holds(model, solver, index, r);
  });
  const next = solver.toState(model, {...state, texts, requirements});
  rememberChangedNodes(state, next, solver.touched);
  const changed = changedIds(model, state, solver);
  if (!changed.includes(node.id)) changed.push(node.id);
  return {state: next, changed};
}
