import type {Requirement} from '../../src/wire/index.js';

/**
 * Everything a session remembers between updates. Plain JSON, so a store can keep it as is.
 * Node positions follow the compiled model's tree order, which the model key fixes.
 */
export interface SessionState {
  /** The compiled model this state belongs to. */
  modelId: string;
  /** One character per node in tree order: `1` on, `0` off. */
  on: string;
  /** Current numbers of numeric inputs, by node id (kept while a node is off). */
  numbers: Record<string, number>;
  /** Text values by node id; an empty text is not stored. */
  texts: Record<string, string>;
  /**
   * The shopper's own requirements that still hold, oldest first, one per node. Conflicts are
   * judged against these only: defaults and derived values give way silently.
   */
  requirements: Requirement[];
}

/**
 * A state of these parts, written out field by field rather than spread from another state.
 * The engine adds its memos to every state it makes (`Beside`, a property), and in Node 20's V8
 * a property added to an object made by a spread gives that object a hidden class of its own:
 * about 250 bytes per state in the old generation, found dead only by a full collection
 * (docs/decisions/0078).
 */
export function sessionState(
  modelId: string,
  on: string,
  numbers: Record<string, number>,
  texts: Record<string, string>,
  requirements: Requirement[],
): SessionState {
  return {modelId, on, numbers, texts, requirements};
}
