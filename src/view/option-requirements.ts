// What the price effects' question asks about the step on screen: a part of the extras' chunk
// with the controller that asks it, not of the first screen's code.
import type {Requirement} from '../wire/index.js';
import type {NodeView} from './view-model-types.js';

/** The requirement that would choose (or untick) each option shown among `nodes`. */
export function optionRequirements(nodes: readonly NodeView[]): Requirement[] {
  const out: Requirement[] = [];
  const pending = [...nodes];
  // Without recursion: a deep model cannot exhaust the stack.
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.kind === 'group') pending.push(...node.children);
    if (node.kind !== 'choice') continue;
    const checkbox = node.control === 'checkbox';
    for (const o of node.options) {
      pending.push(...o.children);
      if (o.selected && !checkbox) continue;
      out.push({featureModelNodeId: o.id, value: o.selected ? 0 : 1, isSelection: true});
    }
  }
  return out;
}
