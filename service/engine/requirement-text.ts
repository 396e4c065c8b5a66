import type {Requirement} from '../../src/wire/index.js';
import {Beside} from './beside.js';
import type {CompiledModel} from './compiled-model.js';

/**
 * A requirement list's tokens in the stored form (docs/decisions/0048), each followed by a
 * comma (a requirement on a node the model lacks is no token at all), and where each
 * requirement's token starts: requirement `r` is `text.slice(at[r], at[r + 1])`.
 */
interface ListText {
  text: string;
  at: Int32Array;
}

/** Per model and list (lists are values): the list's text. */
const textsByModel = new WeakMap<CompiledModel, Beside<readonly Requirement[], ListText>>();

function textsOf(model: CompiledModel): Beside<readonly Requirement[], ListText> {
  let texts = textsByModel.get(model);
  if (!texts) textsByModel.set(model, (texts = new Beside()));
  return texts;
}

/**
 * The stored form of a requirement list: `<node>:<value>` for a selection, `<node>=<value>`
 * for a number, comma-separated, oldest first.
 */
export function requirementText(model: CompiledModel, list: readonly Requirement[]): string {
  const texts = textsOf(model);
  let known = texts.get(list);
  if (!known) {
    const at = new Int32Array(list.length + 1);
    let text = '';
    for (let r = 0; r < list.length; r++) {
      const token = requirementToken(model, list[r]!);
      if (token !== '') text += `${token},`;
      at[r + 1] = text.length;
    }
    texts.set(list, (known = {text, at}));
  }
  return known.text.slice(0, -1);
}

/**
 * Records the text of a list an update made from `base`: `kept` is the requirements of `base`
 * at `positions` (ascending), then the update's own. When the base's text is known (the base
 * was saved), the new text is the base's cut where requirements were dropped, a few runs of
 * kept ones rather than one piece per requirement, and the own token appended.
 */
export function rememberRequirementText(
  model: CompiledModel,
  base: readonly Requirement[],
  kept: readonly Requirement[],
  positions: Int32Array,
): void {
  const texts = textsOf(model);
  const from = texts.get(base);
  if (!from || positions.length !== kept.length - 1) return;
  const at = new Int32Array(kept.length + 1);
  let text = '';
  let runStart = 0;
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k]!;
    at[k + 1] = at[k]! + from.at[p + 1]! - from.at[p]!;
    if (k + 1 === positions.length || positions[k + 1] !== p + 1) {
      text += from.text.slice(from.at[positions[runStart]!]!, from.at[p + 1]!);
      runStart = k + 1;
    }
  }
  const own = requirementToken(model, kept.at(-1)!);
  if (own !== '') text += `${own},`;
  at[kept.length] = text.length;
  texts.set(kept, {text, at});
}

function requirementToken(model: CompiledModel, req: Requirement): string {
  const index = model.indexById.get(req.featureModelNodeId);
  return index === undefined ? '' : `${index}${req.isSelection ? ':' : '='}${req.value}`;
}
