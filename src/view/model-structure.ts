import type {FeatureModel, FeatureNode} from '../wire/index.js';

/** What the view model reads of a feature model's shape: each node's name, step and parent. */
export interface ModelStructure {
  /** Display name of every node by id. */
  readonly names: ReadonlyMap<string, string>;
  /** The step every node is shown on. */
  readonly stepOf: ReadonlyMap<string, string>;
  /** The parent of every node below a step's top level. */
  readonly parentOf: ReadonlyMap<string, string>;
}

interface Kept extends ModelStructure {
  readonly names: Map<string, string>;
  readonly stepOf: Map<string, string>;
  readonly parentOf: Map<string, string>;
  // `_` names: the element's build shortens them (rollup.config.mjs).
  /** Node objects known to match the structure, with the number of nodes in their subtree. */
  readonly _known: WeakMap<FeatureNode, number>;
  /** Nodes in the model; NaN, which no count equals, for a model that repeats an id. */
  _size: number;
}

/** The last structures read or used, by model id: a page may show a few models at once. */
const kept = new Map<string, Kept>();
const keptModels = 8;

/**
 * The structure of `model`, kept from the answer before when its shape is the same. An update
 * changes values, prices and flags, and the merge of a compressed answer keeps every node
 * object it did not change, so only the nodes an answer replaced are compared with the kept
 * structure; on a 2,000-node model the names, steps and parents were a walk of every node on
 * every update. The id only picks the structure to compare with: any difference in names,
 * steps, parents or the number of nodes, or an id twice, reads the model again, so a wrong pick
 * costs a read. Node objects are never changed in place (the session replaces a node it
 * changes).
 */
export function structureOf(model: FeatureModel): ModelStructure {
  let structure = kept.get(model.id);
  if (!structure || !walk(model, structure, false)) {
    structure = {
      names: new Map(),
      stepOf: new Map(),
      parentOf: new Map(),
      _known: new WeakMap(),
      _size: 0,
    };
    walk(model, structure, true);
  }
  // The one used last goes last: the first is the one to let go.
  kept.delete(model.id);
  kept.set(model.id, structure);
  if (kept.size > keptModels) kept.delete(kept.keys().next().value!);
  return structure;
}

/**
 * Reads the model into `into` (`reading`), or compares it with `into`: false at the first
 * difference. Nodes `into` knows are skipped with their subtrees once their place is checked;
 * every node read or compared is known afterwards. A model that repeats an id holds the last of
 * each in its maps, as a plain walk in order would. Without recursion: a deep model cannot
 * exhaust the stack.
 */
function walk(model: FeatureModel, into: Kept, reading: boolean): boolean {
  const {names, stepOf, parentOf, _known: known} = into;
  // Nodes read or compared, in order, with the index of their parent among them (-1 for a
  // step's top level) and the size of their subtree so far.
  const order: FeatureNode[] = [];
  const up: number[] = [];
  const sizes: number[] = [];
  let count = 0;
  // The ids met: a known node's subtree holds each of its ids once, so an id twice is met here.
  const seen = new Set<string>();
  // Each with its step and the index of its parent in `order`.
  const stack: [node: FeatureNode, stepId: string, at: number][] = [];
  // Pushed last to first, so that the walk meets steps and nodes in the model's order.
  for (const step of [...model.steps].reverse()) {
    for (const node of [...step.features].reverse()) stack.push([node, step.id, -1]);
  }
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, stepId, at] = top;
    const parent = order[at]?.id;
    const size = reading ? undefined : known.get(node);
    if (seen.has(node.id)) {
      if (!reading) return false;
      // Read afresh each time: which of the nodes an entry came from is not known.
      count = NaN;
    }
    seen.add(node.id);
    if (reading) {
      names.set(node.id, node.name);
      stepOf.set(node.id, stepId);
      if (parent !== undefined) parentOf.set(node.id, parent);
    } else if (
      stepOf.get(node.id) !== stepId ||
      parentOf.get(node.id) !== parent ||
      (size === undefined && names.get(node.id) !== node.name)
    ) {
      return false;
    }
    if (size !== undefined) {
      if (at >= 0) sizes[at]! += size;
      else count += size;
      continue;
    }
    order.push(node);
    up.push(at);
    sizes.push(1);
    const index = order.length - 1;
    for (let i = node.features.length - 1; i >= 0; i--) {
      stack.push([node.features[i]!, stepId, index]);
    }
  }
  // A node's subtree is whole once every node after it in the walk's order is added.
  for (let i = order.length - 1; i >= 0; i--) {
    const parentAt = up[i]!;
    if (parentAt >= 0) sizes[parentAt]! += sizes[i]!;
    else count += sizes[i]!;
  }
  // A node removed leaves no trace in the comparisons above but the count.
  if (!reading && count !== into._size) return false;
  into._size = count;
  for (let i = 0; i < order.length; i++) known.set(order[i]!, sizes[i]!);
  return true;
}
