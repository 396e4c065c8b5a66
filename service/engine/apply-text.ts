// A text input: a text switches its node on without a conflict dialog (typing is an
// unambiguous wish); an empty one clears it.
import {type TextRequirement} from '../../src/wire/index.js';
import {type CompiledModel} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import type {SessionState} from './session-state.js';
import {Solver, Wish} from './solver.js';
import {rememberChangedNodes, requirementIndexes} from './state-memos.js';
import {changedIds, checkModel, holds, isOn, nodeOf, wantsOn} from './apply-steps.js';

/** The longest text a text input takes. */
export const maxTextLength = 1000;

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
