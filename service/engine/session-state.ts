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
