import type {StoredState} from '../engine/index.js';
import type {Store} from '../store/index.js';

/**
 * How many earlier states of a session are kept: with the current one, the last 21 states,
 * one more than the widget's undo history holds (docs/decisions/0105-revisions-undo-without-copies.md).
 */
export const keptRevisions = 20;

/** An earlier state of a session, as the `sessionrevisions` collection holds it. */
export interface StoredRevision {
  /** `{sessionId}:{slot}`: the slot is the revision modulo {@link keptRevisions}. */
  id: string;
  sessionId: string;
  /** The session's revision this state was (its changes of values and texts before it). */
  revision: number;
  /** The session's language when it left this state. */
  lang: string;
  /** Its values and texts in the compact form, as the session's own record holds them. */
  state: StoredState;
}

/**
 * The collection's name. Its table is made when first written to: no schema step, so a service
 * older than this still opens the database (and leaves the table alone).
 */
export const revisionsCollection = 'sessionrevisions';

const slotId = (sessionId: string, revision: number) => `${sessionId}:${revision % keptRevisions}`;

/**
 * The earlier states of every session, in a ring of {@link keptRevisions} slots per session:
 * keeping one overwrites the state that many changes older, with one write and no delete, so a
 * change costs one more small record beside the session's own (the state before it, compact,
 * not a rendered copy). A slot is read back only for the revision it holds.
 */
export class SessionRevisions {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  get #collection() {
    return this.#store.collection<StoredRevision>(revisionsCollection);
  }

  /** Keeps the state a session had at `revision`, which it is about to leave. */
  keep(sessionId: string, revision: number, lang: string, state: StoredState): void {
    this.#collection.put({id: slotId(sessionId, revision), sessionId, revision, lang, state});
  }

  /** The kept state of that revision, or `undefined` when it is not (or no longer) kept. */
  get(sessionId: string, revision: number): StoredRevision | undefined {
    const kept = this.#collection.get(slotId(sessionId, revision));
    return kept?.sessionId === sessionId && kept.revision === revision ? kept : undefined;
  }

  /** Deletes what is kept of a session at `revision` (its current one), with the session. */
  drop(sessionId: string, revision: number): void {
    for (let slot = 0; slot < Math.min(revision, keptRevisions); slot++) {
      this.#collection.delete(`${sessionId}:${slot}`);
    }
  }
}
