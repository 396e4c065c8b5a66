import type {StoredState} from '../engine/index.js';
import type {Store} from '../store/index.js';

/**
 * How many earlier states of a session are kept: with the current one, the last 21 states,
 * one more than the widget's undo history holds (docs/decisions/0105-revisions-undo-without-copies.md).
 */
export const keptRevisions = 20;

/**
 * Slots per session: the current state has one too (docs/decisions/0108), so the kept window
 * of {@link keptRevisions} earlier states needs one more.
 */
export const revisionSlots = keptRevisions + 1;

/** A state of a session, as the `sessionrevisions` collection holds it. */
export interface StoredRevision {
  /** `{sessionId}:{slot}`: the slot is the revision modulo {@link revisionSlots}. */
  id: string;
  sessionId: string;
  /** The session's revision this state is (its changes of values and texts before it). */
  revision: number;
  /** The session's language in this state (when the session left it, for an earlier one). */
  lang: string;
  /** Its values and texts in the compact form (docs/decisions/0048). */
  state: StoredState;
  /**
   * When the session was last written in this state (absent in a slot of decision 105, which
   * only ever held earlier states).
   */
  updatedAt?: string;
}

/**
 * The collection's name. Schema step 9 makes its table (a database of decision 105 has it
 * already): an older service refuses a database whose sessions keep their state here.
 */
export const revisionsCollection = 'sessionrevisions';

const slotId = (sessionId: string, revision: number) => `${sessionId}:${revision % revisionSlots}`;

/**
 * Where decision 105 kept the state a change left: 20 slots, the revision modulo 20. A session
 * of such a database keeps its older states there until the ring's own slots overwrite them.
 */
const earlierSlotId = (sessionId: string, revision: number) =>
  `${sessionId}:${revision % keptRevisions}`;

/**
 * The states of every session, in a ring of {@link revisionSlots} slots per session: the slot
 * of the session's latest revision holds its current state, language and last change, the
 * others the states of the revisions before it. A change writes its new state into the next
 * slot, over the state that many changes older, with one statement and nothing else: the
 * session's own record keeps what a change does not touch (docs/decisions/0108). A slot is
 * read back only for the revision it holds.
 */
export class SessionRevisions {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  get #collection() {
    return this.#store.collection<StoredRevision>(revisionsCollection);
  }

  /** Writes the state a session has at `revision`, in the language it has there. */
  put(
    sessionId: string,
    revision: number,
    lang: string,
    state: StoredState,
    updatedAt: string,
  ): void {
    const id = slotId(sessionId, revision);
    this.#collection.put({id, sessionId, revision, lang, state, updatedAt});
  }

  /**
   * The slot of a session's latest revision: the one of the highest revision among its slots
   * (a change writes its slot alone, so the session's record does not know it). Read whole
   * only when a session is not in memory.
   */
  latest(sessionId: string): StoredRevision | undefined {
    let latest: StoredRevision | undefined;
    for (let slot = 0; slot < revisionSlots; slot++) {
      const kept = this.#collection.get(`${sessionId}:${slot}`);
      // A slot of decision 105 held an earlier state only, never the session's latest.
      if (kept?.sessionId !== sessionId || kept.updatedAt === undefined) continue;
      if (!latest || kept.revision > latest.revision) latest = kept;
    }
    return latest;
  }

  /** The kept state of that revision, or `undefined` when it is not (or no longer) kept. */
  get(sessionId: string, revision: number): StoredRevision | undefined {
    const matches = (kept: StoredRevision | undefined) =>
      kept?.sessionId === sessionId && kept.revision === revision ? kept : undefined;
    return (
      matches(this.#collection.get(slotId(sessionId, revision))) ??
      matches(this.#collection.get(earlierSlotId(sessionId, revision)))
    );
  }

  /**
   * Moves the kept states of a session written in decision 105's layout (its state in its own
   * record, the earlier ones in 20 slots) into this ring's slots, before the session's current
   * state takes its slot: all are read first, as a move may land on a slot not yet read.
   */
  adopt(sessionId: string, revision: number): void {
    const moving: StoredRevision[] = [];
    for (let earlier = Math.max(0, revision - keptRevisions); earlier < revision; earlier++) {
      const id = earlierSlotId(sessionId, earlier);
      if (id === slotId(sessionId, earlier)) continue;
      const kept = this.#collection.get(id);
      if (kept?.sessionId === sessionId && kept.revision === earlier) moving.push(kept);
    }
    for (const kept of moving)
      this.#collection.put({...kept, id: slotId(sessionId, kept.revision)});
  }

  /** Deletes every slot of a session, with the session (decision 105's, 0 to 19, among them). */
  drop(sessionId: string): void {
    for (let slot = 0; slot < revisionSlots; slot++) {
      this.#collection.delete(`${sessionId}:${slot}`);
    }
  }
}
