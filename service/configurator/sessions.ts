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
 * The `sessions` collection with a code index. Reads and writes are synchronous, so a
 * handler that reads, applies and saves without awaiting in between cannot interleave with
 * another update of the same session.
 */
export class Sessions {
  readonly #store: Store;
  readonly #now: () => number;
  #codes: Map<string, string> | undefined;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get #collection() {
    return this.#store.collection<SessionRecord>('sessions');
  }

  #index(rebuild = false): Map<string, string> {
    if (!this.#codes || rebuild) {
      this.#codes = new Map(this.#collection.list().map((record) => [record.code, record.id]));
    }
    return this.#codes;
  }

  /** Creates and stores a new session with a fresh id and unique code. */
  create(modelId: string, lang: string, state: SessionState): SessionRecord {
    const index = this.#index();
    let code = newSessionCode();
    while (index.has(code)) code = newSessionCode();
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
    index.set(code, record.id);
    return record;
  }

  /** The session with this id (GUID, any case). */
  get(id: string): SessionRecord | undefined {
    return this.#collection.get(id.toLowerCase());
  }

  /** The session with this code (any case). */
  byCode(code: string): SessionRecord | undefined {
    if (!isSessionCode(code)) return undefined;
    const wanted = code.toUpperCase();
    // Another app instance on the same durable store may have created it since the index was built.
    const id = this.#index().get(wanted) ?? this.#index(true).get(wanted);
    return id === undefined ? undefined : this.#collection.get(id);
  }

  /** Stores a changed session, stamping `updatedAt`. */
  save(record: SessionRecord): SessionRecord {
    const saved = {...record, updatedAt: new Date(this.#now()).toISOString()};
    this.#collection.put(saved);
    return saved;
  }
}
