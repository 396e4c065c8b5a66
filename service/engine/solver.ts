import {NodeType} from '../../src/wire/index.js';
import {onArrayOf, rememberOnArray} from './on-bits.js';
import {perModel, type CompiledModel, type CompiledNode} from './compiled-model.js';
import type {SessionState} from './session-state.js';

/*
 * What a solver starts from, kept beside the state or numbers map it was read from or made
 * into (docs/decisions/0067): states and their maps are values, so what the last update left
 * is exactly what the next one starts from, and an update then costs what it changes rather
 * than a read of every node's character and number.
 */

/** Per numbers map: the number of each numeric node in `startValues(model).numeric` order, NaN for none. */
const numbersByMap = new WeakMap<Record<string, number>, Float64Array>();

function numbersOf(
  model: CompiledModel,
  numeric: readonly number[],
  numbers: Record<string, number>,
): Float64Array {
  let known = numbersByMap.get(numbers);
  if (!known) {
    known = new Float64Array(numeric.length);
    for (let k = 0; k < numeric.length; k++) {
      known[k] = numbers[model.nodes[numeric[k]!]!.id] ?? NaN;
    }
    numbersByMap.set(numbers, known);
  }
  return known;
}

interface StartValues {
  /** The numeric nodes' positions, in tree order: a number's slot is its place here. */
  numeric: number[];
  /** Per numeric node (by slot), its default number. */
  defaults: Float64Array;
  /** Per node position, its number's slot, or -1 for a node without a number. */
  slotOf: Int32Array;
}

/**
 * Which nodes hold a number, and their defaults, per model. A solver keeps the numbers alone
 * (59 of the 2,000-node model's nodes), not a value per node: it copies them when it starts and
 * at every snapshot, once or more per update.
 */
const startValues = perModel((model): StartValues => {
  const numeric = model.nodes.filter((n) => n.numeric).map((n) => n.index);
  const slotOf = new Int32Array(model.nodes.length).fill(-1);
  numeric.forEach((index, slot) => (slotOf[index] = slot));
  return {
    numeric,
    // Doubles in a typed array: a plain array of small integers would be copied and then
    // grown into doubles (copied again) by the first fractional number, twice the garbage.
    defaults: Float64Array.from(numeric, (index) => model.nodes[index]!.defaultValue),
    slotOf,
  };
});

/** What a solver's `wishes` hold per node: an earlier requirement of the shopper wants it on or off. */
export const Wish = {none: 0, on: 1, off: 2} as const;

/** The solver's working state, to try a choice and take it back. */
interface Snapshot {
  on: Uint8Array;
  numbers: Float64Array;
  touched: number[];
  locks: [number, boolean][];
  valueLocks: number[];
  budget: number;
}

/**
 * Propagates one change through the feature tree and the cross-tree rules, on working copies
 * of a state's arrays.
 *
 * Every decision that follows from the shopper's requirement is "hard": the node is locked in
 * that state, and a rule that later wants it the other way makes the requirement
 * unsatisfiable (`failure`). Defaults and fallbacks (the option an alternative group falls
 * back to) are "soft": they are only taken where nothing forbids them, and never lock. Each
 * node is visited a bounded number of times, so a badly authored model ends in `failure`
 * rather than a loop.
 */
export class Solver {
  readonly on: Uint8Array;
  /** The numeric nodes' numbers, by slot (see `startValues`); `numberOf` reads them by node. */
  readonly #numbers: Float64Array;
  readonly #slotOf: Int32Array;
  /** Nodes whose state or number changed at some point. */
  readonly touched = new Set<number>();
  failure: string | null = null;
  readonly #nodes: readonly CompiledNode[];
  readonly #locks = new Map<number, boolean>();
  readonly #valueLocks = new Set<number>();
  readonly #wishes: Int8Array | undefined;
  #budget: number;

  /**
   * `wishes`: per node, what the shopper's earlier requirements want (`Wish`). Soft
   * decisions (defaults, fallbacks) respect them where they can; hard ones may not, and the
   * conflict check reports that.
   */
  constructor(model: CompiledModel, state?: SessionState, wishes?: Int8Array) {
    this.#nodes = model.nodes;
    this.#wishes = wishes;
    const count = model.nodes.length;
    const {defaults, numeric, slotOf} = startValues(model);
    this.#numbers = defaults.slice();
    this.#slotOf = slotOf;
    if (state) {
      // A copy (a Uint8Array's `slice` copies; a Buffer's would not, and this is none).
      this.on = onArrayOf(state).slice();
      const numbers = numbersOf(model, numeric, state.numbers);
      for (let k = 0; k < numeric.length; k++) {
        const number = numbers[k]!;
        if (number === number) this.#numbers[k] = number;
      }
    } else {
      this.on = new Uint8Array(count);
    }
    this.#budget = 16 * count + 64;
  }

  /** A node's number; 1 for a node without one (an option counts once). */
  numberOf(index: number): number {
    const slot = this.#slotOf[index]!;
    return slot < 0 ? this.#nodes[index]!.defaultValue : this.#numbers[slot]!;
  }

  /** The number a node reports: 0 when off. */
  reported(index: number): number {
    return this.on[index] ? this.numberOf(index) : 0;
  }

  /** True if an on node excludes `index`. */
  isExcluded(index: number): boolean {
    for (const other of this.#nodes[index]!.excludes) if (this.on[other]) return true;
    return false;
  }

  /** Switches a node on (with `value` for numeric inputs) and everything that follows. */
  setOn(index: number, hard: boolean, value?: number, viaChild?: number): boolean {
    if (!this.#spend(index)) return false;
    const node = this.#nodes[index]!;
    if (this.#locks.get(index) === false) return this.#fail(`"${node.key}" must stay off`);
    if (hard) this.#locks.set(index, true);
    if (this.on[index]) {
      if (value !== undefined && this.numberOf(index) !== value) this.#setValue(index, value, hard);
      return this.failure === null;
    }
    this.on[index] = 1;
    this.touched.add(index);
    if (value !== undefined) this.#setValue(index, value, hard);
    else if (node.numeric) this.#checkMinimums(index, hard);

    if (node.parent >= 0 && !this.on[node.parent]) this.setOn(node.parent, hard, undefined, index);
    for (const sibling of node.alternativeSiblings) {
      if (this.on[sibling]) this.setOff(sibling, hard);
    }
    this.#applyDefaults(node, hard, viaChild);
    for (const edge of node.requires) {
      const target = this.#nodes[edge.node]!;
      const floor = edge.atLeast;
      if (!this.on[edge.node]) {
        const start = this.numberOf(edge.node);
        this.setOn(edge.node, hard, floor !== null && start < floor ? floor : undefined);
      } else if (floor !== null && target.numeric && this.numberOf(edge.node) < floor) {
        this.#setValue(edge.node, floor, hard);
      } else if (hard) {
        this.setOn(edge.node, hard);
      }
    }
    for (const other of node.excludes) if (this.on[other]) this.setOff(other, hard);
    return this.failure === null;
  }

  /** Switches a node off, its subtree with it, and repairs its group and dependants. */
  setOff(index: number, hard: boolean): boolean {
    if (!this.#spend(index)) return false;
    const node = this.#nodes[index]!;
    if (this.#locks.get(index) === true) return this.#fail(`"${node.key}" must stay on`);
    if (hard) this.#locks.set(index, false);
    if (!this.on[index]) return true;
    if (node.parent < 0) return this.#fail('The product itself cannot be switched off');
    this.on[index] = 0;
    this.touched.add(index);
    for (const child of node.children) if (this.on[child]) this.setOff(child, hard);
    const parent = this.#nodes[node.parent]!;
    if (this.on[parent.index]) {
      if (node.type === NodeType.mandatory) {
        this.setOff(parent.index, hard);
      } else if (node.type === NodeType.alternative) {
        if (!node.alternativeSiblings.some((s) => this.on[s])) {
          if (!this.#fallback(parent, node.alternativeSiblings)) {
            this.setOff(parent.index, hard);
          }
        }
      } else if (node.type === NodeType.or) {
        if (!node.orSiblings.some((s) => this.on[s])) {
          if (!this.#fallback(parent, node.orSiblings)) this.setOff(parent.index, hard);
        }
      }
    }
    for (const edge of node.requiredBy) if (this.on[edge.node]) this.setOff(edge.node, hard);
    return this.failure === null;
  }

  /** Whether a soft decision may switch `index` on without disturbing anything locked. */
  canTurnOn(index: number): boolean {
    const node = this.#nodes[index]!;
    if (this.#locks.get(index) === false || this.isExcluded(index)) return false;
    if (this.#wishes?.[index] === Wish.off) return false;
    for (const edge of node.requires) {
      if (this.#locks.get(edge.node) === false || this.isExcluded(edge.node)) return false;
      if (edge.atLeast !== null && this.#valueLocks.has(edge.node)) {
        if (this.numberOf(edge.node) < edge.atLeast) return false;
      }
    }
    return true;
  }

  #setValue(index: number, value: number, hard: boolean) {
    const slot = this.#slotOf[index]!;
    // Only numeric inputs are given numbers (applyRequirement); any other node counts once.
    if (slot < 0 || this.#numbers[slot] === value) return;
    if (this.#valueLocks.has(index)) {
      this.#fail(`"${this.#nodes[index]!.key}" must keep its value`);
      return;
    }
    if (hard) this.#valueLocks.add(index);
    this.#numbers[slot] = value;
    this.touched.add(index);
    this.#checkMinimums(index, hard);
  }

  /** Switches off what requires this number to be higher than it now is. */
  #checkMinimums(index: number, hard: boolean) {
    for (const edge of this.#nodes[index]!.requiredBy) {
      if (edge.atLeast !== null && this.on[edge.node] && this.numberOf(index) < edge.atLeast) {
        this.setOff(edge.node, hard);
      }
    }
  }

  /** A node that just came on: its mandatory children, default options and ticked boxes. */
  #applyDefaults(node: CompiledNode, hard: boolean, viaChild: number | undefined) {
    const via = viaChild === undefined ? undefined : this.#nodes[viaChild]!;
    const alternatives: number[] = [];
    const ors: number[] = [];
    for (const child of node.children) {
      if (child === viaChild) continue;
      const type = this.#nodes[child]!.type;
      if (type === NodeType.mandatory) this.setOn(child, hard);
      else if (type === NodeType.alternative) alternatives.push(child);
      else if (type === NodeType.or) ors.push(child);
      else if (this.#nodes[child]!.selected && this.canTurnOn(child)) this.setOn(child, false);
    }
    if (alternatives.length > 0 && via?.type !== NodeType.alternative) {
      // An alternative group without a default option stays unanswered until the shopper picks.
      if (alternatives.some((a) => this.#nodes[a]!.selected)) {
        if (!this.#fallback(node, alternatives)) this.setOff(node.index, hard);
      }
    }
    if (ors.length > 0) {
      for (const or of ors)
        if (this.#nodes[or]!.selected && this.canTurnOn(or)) this.setOn(or, false);
      if (via?.type !== NodeType.or && !ors.some((o) => this.on[o])) {
        if (!this.#fallback(node, ors)) this.setOff(node.index, hard);
      }
    }
  }

  /**
   * Switches on the default option of a group, or the first one allowed. When every option
   * would disturb something, the first one that can be on at all is taken and the rules move
   * the rest (the conflict check then reports what moved); false when none can be on.
   */
  #fallback(parent: CompiledNode, options: readonly number[]): boolean {
    if (!this.on[parent.index]) return true;
    const rank = (o: number) =>
      this.#wishes?.[o] === Wish.on ? 0 : this.#nodes[o]!.selected ? 1 : 2;
    const ordered = [...options].sort((a, b) => rank(a) - rank(b));
    for (const option of ordered) {
      if (this.canTurnOn(option)) return this.setOn(option, false);
    }
    for (const option of ordered) {
      if (this.#locks.get(option) === false) continue;
      const saved = this.#save();
      if (this.setOn(option, false)) return true;
      this.#restore(saved);
    }
    return false;
  }

  #save(): Snapshot {
    return {
      on: this.on.slice(),
      numbers: this.#numbers.slice(),
      touched: [...this.touched],
      locks: [...this.#locks],
      valueLocks: [...this.#valueLocks],
      budget: this.#budget,
    };
  }

  #restore(saved: Snapshot) {
    this.on.set(saved.on);
    this.#numbers.set(saved.numbers);
    this.touched.clear();
    for (const index of saved.touched) this.touched.add(index);
    this.#locks.clear();
    for (const [index, lock] of saved.locks) this.#locks.set(index, lock);
    this.#valueLocks.clear();
    for (const index of saved.valueLocks) this.#valueLocks.add(index);
    this.#budget = saved.budget;
    this.failure = null;
  }

  #spend(index: number): boolean {
    if (this.failure !== null) return false;
    if (--this.#budget < 0) return this.#fail(`The rules around "${this.#nodes[index]!.key}" loop`);
    return true;
  }

  #fail(reason: string): false {
    this.failure ??= reason;
    return false;
  }

  /** The working copies as a state (requirements and texts supplied by the caller). */
  toState(model: CompiledModel, base: SessionState): SessionState {
    // One ASCII byte per node, decoded once: appending 2,000 one-character strings cost more.
    // Only touched nodes can differ from the state the solver started from (`base.on`), so
    // its bytes are copied and those patched.
    let bytes: Buffer;
    if (base.on.length === this.on.length) {
      bytes = Buffer.from(base.on, 'latin1');
      for (const index of this.touched) bytes[index] = this.on[index] ? 49 : 48;
    } else {
      bytes = Buffer.allocUnsafe(this.on.length);
      for (let i = 0; i < this.on.length; i++) bytes[i] = this.on[i] ? 49 : 48;
    }
    const on = bytes.toString('latin1');
    // The same map when no number changed: states are values, and whoever caches by the
    // map (the stored form, the compressed answer's diff) then knows nothing changed in it.
    let numbers = base.numbers;
    for (const index of this.touched) {
      const node = model.nodes[index]!;
      if (!node.numeric || numbers[node.id] === this.numberOf(index)) continue;
      if (numbers === base.numbers) numbers = {...base.numbers};
      numbers[node.id] = this.numberOf(index);
    }
    const state = {...base, on, numbers};
    // The solver is done: its arrays become what the next update of this state starts from.
    rememberOnArray(state, this.on);
    return state;
  }
}
