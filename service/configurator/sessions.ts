import {randomUUID} from 'node:crypto';
import type {SessionState} from '../engine/index.js';
import type {Store} from '../store/index.js';
import {isSessionCode, newSessionCode} from './session-code.js';

/** A configuration session as kept in the store's `sessions` collection. */
export interface SessionRecord {
  id: string;
  /** 8 capital letters; opening with it copies the session. */
  code: string;
  modelId: string;
  lang: string;
  state: SessionState;
  createdAt: string;
  updatedAt: string;
}

/**
 * The `sessions` collection; codes are found through the store's index on `code`. Reads and writes are synchronous, so a
 * handler that reads, applies and saves without awaiting in between cannot interleave with
 * another update of the same session.
 */
export class Sessions {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get #collection() {
    return this.#store.collection<SessionRecord>('sessions');
  }

  #byCode(code: string): SessionRecord | undefined {
    return this.#collection.find({where: {code}, limit: 1})[0];
  }

  /** Creates and stores a new session with a fresh id and unique code. */
  create(modelId: string, lang: string, state: SessionState): SessionRecord {
    let code = newSessionCode();
    while (this.#byCode(code)) code = newSessionCode();
    const at = new Date(this.#now()).toISOString();
    const record: SessionRecord = {
      id: randomUUID(),
      code,
      modelId,
      lang,
      state,
      createdAt: at,
      updatedAt: at,
    };
    this.#collection.put(record);
    return record;
  }

  /** The session with this id (GUID, any case). */
  get(id: string): SessionRecord | undefined {
    return this.#collection.get(id.toLowerCase());
  }

  /** The session with this code (any case). */
  byCode(code: string): SessionRecord | undefined {
    if (!isSessionCode(code)) return undefined;
    return this.#byCode(code.toUpperCase());
  }

  /** Stores a changed session, stamping `updatedAt`. */
  save(record: SessionRecord): SessionRecord {
    const saved = {...record, updatedAt: new Date(this.#now()).toISOString()};
    this.#collection.put(saved);
    return saved;
  }
}
