// The conflicts an update reports: what accepting it would change, in the shopper's language.
// Apart from applying the requirement (apply-requirement.ts), which calls it once the solver has
// found a change the shopper did not ask for.
import {ConflictType, NodeType, type Conflict} from '../../src/wire/index.js';
import type {CompiledModel, CompiledNode} from './compiled-model.js';
import {localise} from './localise.js';
import type {SessionState} from './session-state.js';
import {Solver} from './solver.js';

/**
 * What accepting would change, one entry per decision: a subtree switched on or off is named
 * by its top node only, and an alternative group that switches is one `alternative` entry on
 * the option it leaves.
 */
export function describeConflicts(
  model: CompiledModel,
  state: SessionState,
  solver: Solver,
  {
    requested,
    clamped,
    violated,
    lang,
  }: {requested: CompiledNode; clamped: boolean; violated: ReadonlySet<number>; lang: string},
): Conflict[] {
  const before = new Solver(model, state);
  const flipped = (index: number) => before.on[index] !== solver.on[index];
  const conflicts: Conflict[] = [];
  /** Each entry's own nodes: its node and the options it switches to, with what is below. */
  const tops: number[][] = [];
  const entry = (
    node: CompiledNode,
    type: Conflict['type'],
    alternatives: number[] = [],
  ): Conflict => {
    tops.push([node.index, ...alternatives]);
    return {
      featurePath: featurePath(model, node.index, lang),
      feature: {id: node.id, name: localise(node.name, lang)},
      alternativeOptions: alternatives.map((a) => ({
        id: model.nodes[a]!.id,
        name: localise(model.nodes[a]!.name, lang),
      })),
      type,
      requestedValue: solver.reported(node.index),
      actualValue: before.reported(node.index),
    };
  };
  // A clamped number is a conflict even when the clamped number is the current one.
  if (clamped) conflicts.push(entry(requested, ConflictType.value));
  for (const index of [...solver.touched].sort((a, b) => a - b)) {
    const node = model.nodes[index]!;
    if (index === requested.index) continue;
    if (!flipped(index)) {
      if (solver.on[index] && node.numeric && before.numberOf(index) !== solver.numberOf(index)) {
        conflicts.push(entry(node, ConflictType.value));
      }
      continue;
    }
    // A subtree moves as one, except a node coming on against the shopper's wish.
    const againstWish = violated.has(index) && solver.on[index] === 1;
    if (node.parent >= 0 && flipped(node.parent) && !againstWish) continue;
    if (node.type === NodeType.mandatory) continue;
    const nowOn = solver.on[index] === 1;
    if (node.type === NodeType.alternative) {
      if (requested.alternativeSiblings.includes(index)) continue;
      const replacements = node.alternativeSiblings.filter((s) => solver.on[s] && !before.on[s]);
      if (nowOn) {
        if (node.alternativeSiblings.some((s) => before.on[s] && !solver.on[s])) continue;
        conflicts.push(entry(node, ConflictType.add));
      } else if (replacements.length > 0) {
        conflicts.push(entry(node, ConflictType.alternative, replacements));
      } else {
        conflicts.push(entry(node, ConflictType.remove));
      }
      continue;
    }
    conflicts.push(entry(node, nowOn ? ConflictType.add : ConflictType.remove));
  }
  // Each node's change is counted once: in the entry it tops, else in the entry above it, and
  // the requested node's own subtree (with the defaults it brings along) in none, so the
  // requested choice's share is what the total's change leaves over (docs/decisions/0098).
  const owner = new Int32Array(model.nodes.length).fill(-1);
  owner[requested.index] = tops.length;
  tops.forEach((own, i) => own.forEach((index) => (owner[index] = i)));
  conflicts.forEach(
    (c, i) => (c.priceEffectExVAT = priceChange(model, before, solver, tops[i]!, owner, i)),
  );
  return conflicts;
}

/**
 * What the subtrees of `tops` add after (`solver`) less what they add now (`before`): an
 * option counts its price, a number its price per unit times its number. A node that another
 * entry (or the requested choice) owns is left to it, with what is below it. Each subtree is
 * walked once, so the conflicts of one update cost at most the model's size.
 */
function priceChange(
  model: CompiledModel,
  before: Solver,
  solver: Solver,
  tops: readonly number[],
  owner: Int32Array,
  self: number,
): number {
  const amount = (s: Solver, i: number) => {
    const node = model.nodes[i]!;
    if (!s.on[i] || node.price === 0) return 0;
    return node.numeric ? node.price * s.numberOf(i) : node.price;
  };
  let change = 0;
  const pending = [...tops];
  for (let i = pending.pop(); i !== undefined; i = pending.pop()) {
    if (owner[i] !== -1 && owner[i] !== self) continue;
    change += amount(solver, i) - amount(before, i);
    pending.push(...model.nodes[i]!.children);
  }
  return change;
}

/** Names from the root's child down to the node. */
export function featurePath(model: CompiledModel, index: number, lang: string): string[] {
  const path: string[] = [];
  for (let i = index; i > 0; i = model.nodes[i]!.parent) {
    path.unshift(localise(model.nodes[i]!.name, lang));
  }
  return path;
}
