// The steps every way of applying an input shares (apply-requirement.ts, its fast path in
// apply-known.ts, and apply-text.ts): finding the node, running the solver, refusing with the
// conflicts, the one form a state keeps a requirement in, and the finished state with what the
// engine remembers beside it for the next update.
import {type Conflict, type Requirement} from '../../src/wire/index.js';
import {Beside} from './beside.js';
import {describeConflicts} from './describe-conflicts.js';
import {type CompiledModel, type CompiledNode} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import type {SessionState} from './session-state.js';
import {rememberRequirementText} from './requirement-text.js';
import {Solver} from './solver.js';
import {rememberChangedNodes, rememberRequirementIndexes} from './state-memos.js';

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

/** The node of an id, or `unknown_node`. */
export function nodeOf(model: CompiledModel, id: unknown): CompiledNode {
  const index = typeof id === 'string' ? model.indexById.get(id.toLowerCase()) : undefined;
  if (index === undefined) {
    throw new EngineError('unknown_node', `The model has no node "${String(id)}"`);
  }
  return model.nodes[index]!;
}

export function checkModel(model: CompiledModel, state: SessionState) {
  if (state.modelId !== model.id || state.on.length !== model.nodes.length) {
    throw new EngineError('model_mismatch', 'The session belongs to another model');
  }
}

export const isOn = (state: SessionState, index: number) => state.on.charCodeAt(index) === 49;

/**
 * Runs the solver for the update: the earlier requirements' `wishes`, then the node switched on
 * (with its number) or off. `disabled`: the node was off and the rules excluded it before.
 */
export function solve(
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
export function refused(
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
export function normalForm(
  node: CompiledNode,
  switchOn: boolean,
  value: number | undefined,
): Requirement {
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
export function finish(
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
export class ListFacts {
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

export const listFacts = new Beside<readonly Requirement[], ListFacts>();

/** Whether a kept requirement (in its normal form) wants its node on. */
export function wantsOn(node: CompiledNode, req: Requirement): boolean {
  return node.numeric ? !(req.isSelection && req.value === 0) : req.value !== 0;
}

export function holds(
  model: CompiledModel,
  solver: Solver,
  index: number,
  req: Requirement,
): boolean {
  const node = model.nodes[index]!;
  if (!wantsOn(node, req)) return !solver.on[index];
  if (!solver.on[index]) return false;
  return !node.numeric || solver.numberOf(index) === req.value;
}

export function changedIds(model: CompiledModel, state: SessionState, solver: Solver): string[] {
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
