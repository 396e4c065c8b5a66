import {randomUUID} from 'node:crypto';
import {
  decodeState,
  encodeState,
  isStoredState,
  type CompiledModel,
  type SessionState,
  type StoredState,
} from '../engine/index.js';
import {Errors, ServiceError} from '../errors.js';
import {RecentlyUsed} from '../recently-used.js';
import type {Store} from '../store/index.js';
import {isSessionCode, newSessionCode} from './session-code.js';
import {expireSessions} from './session-expiry.js';
import {SessionRevisions, keptRevisions} from './session-revisions.js';

/** A configuration session as kept in the store's `sessions` collection. */
export interface SessionRecord {
  id: string;
  /** 8 capital letters; opening with it copies the session. */
  code: string;
  modelId: string;
  lang: string;
  state: SessionState;
  /**
   * How many changes of its values and texts the session has had (absent in a record written
   * before revisions: 0). The state of each of the last few is kept (session-revisions.ts).
   */
  revision?: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A session as the `sessions` collection holds it: without its state, which is in the slot of
 * its revision in `sessionrevisions` (docs/decisions/0108). A record written before schema 9
 * holds its state, in the compact form (docs/decisions/0048) or, before schema 4, as a whole
 * `SessionState`; it reads as it is and its state moves to the ring when it is next written.
 */
interface StoredSession extends Omit<SessionRecord, 'state'> {
  state?: StoredState | SessionState;
}

/** The 404 of a session whose model this service no longer offers. */
export function modelUnavailable(sessionId: string): ServiceError {
  return new ServiceError(
    Errors.modelUnavailable,
    `The model of configuration ${sessionId} is no longer offered`,
  );
}

/** A session kept in memory: its record, and its state's compact form when known. */
interface Held {
  record: SessionRecord;
  stored: StoredState | undefined;
  /** Whether the slot of the record's revision holds its state and language. */
  inRing: boolean;
}

/** Sessions kept in memory besides the store, the most recently used. */
export const cachedSessions = 5000;

/**
 * The `sessions` collection; codes are found through the store's index on `code`. Reads and writes are synchronous, so a
 * handler that reads, applies and saves without awaiting in between cannot interleave with
 * another update of the same session.
 *
 * The sessions used last are kept in memory as they were saved, so an update neither reads
 * and parses its session from the database nor recomputes what the engine caches per state
 * object (the fingerprint of the previous answer). Records and their states are values: no
 * one changes them in place, a change is a new record. When the store undoes writes (a
 * failed request or group commit) the cache is dropped, as it may hold what was undone.
 */
export class Sessions {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #models: (id: string) => CompiledModel | undefined;
  /**
   * By lower-case id, least recently used first. Each session keeps its holder while its
   * record is replaced in it: moving an entry to the end of a `Map` leaves V8's table holding
   * the entry until the table is rebuilt, and a table promoted to the old generation then kept
   * every record set into it alive through every young-generation collection until the next
   * full one (docs/decisions/0068). A holder outlives its records, so that costs nothing.
   */
  readonly #cache = new RecentlyUsed<Held>(cachedSessions);
  readonly #revisions: SessionRevisions;
  #undone: number;
  /** How long an unquoted session is kept unchanged, ms; by default for good. */
  #expiryMs = Infinity;
  #startedSinceExpiry = 0;

  /** `models` finds a session's model by id: states are stored by node position in it. */
  constructor(store: Store, now: () => number, models: (id: string) => CompiledModel | undefined) {
    this.#store = store;
    this.#now = now;
    this.#models = models;
    this.#undone = store.undone;
    this.#revisions = new SessionRevisions(store);
  }

  /** Drops the cache if the store undid writes since it was filled. */
  #check(): void {
    if (this.#store.undone === this.#undone) return;
    this.#cache.clear();
    this.#undone = this.#store.undone;
  }

  #remember(record: SessionRecord, stored: StoredState | undefined, inRing: boolean): void {
    this.#check();
    const held = this.#cache.get(record.id);
    if (held) {
      held.record = record;
      held.stored = stored;
      held.inRing = inRing;
    } else this.#cache.set(record.id, {record, stored, inRing});
  }

  /** What is held of this very record, if anything. */
  #held(record: SessionRecord): Held | undefined {
    this.#check();
    const held = this.#cache.get(record.id);
    return held?.record === record ? held : undefined;
  }

  get #collection() {
    return this.#store.collection<StoredSession>('sessions');
  }

  #byCode(code: string): SessionRecord | undefined {
    const stored = this.#collection.find({where: {code}, limit: 1})[0];
    if (!stored) return undefined;
    this.#check();
    return this.#cache.get(stored.id)?.record ?? this.#read(stored);
  }

  /**
   * Writes a session's state, compact, with its language and last change into the slot of its
   * revision: one statement, the session's one write (docs/decisions/0108). Its record, which
   * keeps what a change does not touch, is written when the session is made (`withRecord`) and
   * when a session read in an older layout is first written: its state leaves the record and
   * its kept states move into the ring.
   */
  #put(record: SessionRecord, withRecord = false): void {
    this.#check();
    const revision = record.revision ?? 0;
    const before = this.#cache.get(record.id);
    const adopting = before?.inRing !== true && !withRecord;
    if (adopting) this.#revisions.adopt(record.id, revision);
    // The compact form the state was last written or read in: no second encoding.
    const stored =
      before?.record.state === record.state && before.stored ? before.stored : this.#encode(record);
    this.#revisions.put(record.id, revision, record.lang, stored, record.updatedAt);
    if (withRecord || adopting) {
      const {state: _state, ...row} = record;
      this.#collection.put({...row, revision});
    }
    this.#remember(record, stored, true);
  }

  #encode(record: SessionRecord): StoredState {
    const model = this.#models(record.modelId);
    if (!model) throw modelUnavailable(record.id);
    return encodeState(model, record.state);
  }

  /**
   * A record as read from the store, its state decoded in its model and the record kept in
   * memory: from the slot of its latest revision, or from the record itself in an older layout.
   */
  #read(stored: StoredSession): SessionRecord {
    const model = this.#models(stored.modelId);
    if (stored.state !== undefined) {
      // Written before schema 9: the state is in the record.
      if (!isStoredState(stored.state)) {
        this.#remember(stored as SessionRecord, undefined, false);
        return stored as SessionRecord;
      }
      if (!model) throw modelUnavailable(stored.id);
      const record = {...stored, state: decodeState(model, stored.state)};
      this.#remember(record, stored.state, false);
      return record;
    }
    if (!model) throw modelUnavailable(stored.id);
    const latest = this.#revisions.latest(stored.id);
    if (!latest || latest.revision < (stored.revision ?? 0)) {
      throw new Error(`Session ${stored.id} has no stored state`);
    }
    const record: SessionRecord = {
      ...stored,
      lang: latest.lang,
      revision: latest.revision,
      updatedAt: latest.updatedAt ?? stored.updatedAt,
      state: decodeState(model, latest.state),
    };
    this.#remember(record, latest.state, true);
    return record;
  }

  /**
   * When a session last changed: its record's `updatedAt` is that of its making (or of the
   * record's last write), the slot of its latest revision has the rest. For expiry.
   */
  #lastChange(session: {id: string; updatedAt: string; state?: unknown}): string {
    if (session.state !== undefined) return session.updatedAt;
    this.#check();
    const held = this.#cache.get(session.id);
    if (held) return held.record.updatedAt;
    return this.#revisions.latest(session.id)?.updatedAt ?? session.updatedAt;
  }

  /**
   * Deletes sessions never quoted and unchanged for `days` from now on: every hundred starts
   * runs `expire()`, so the work follows the rate sessions arrive at (docs/security.md).
   */
  expireAfter(days: number): void {
    this.#expiryMs = days * 86_400_000;
  }

  /** One expiry run now (see `expireSessions`); answers how many sessions went. */
  expire(): number {
    if (this.#expiryMs === Infinity) return 0;
    const now = this.#now();
    return expireSessions(
      this.#store,
      new Date(now - this.#expiryMs).toISOString(),
      new Date(now).toISOString(),
      (id) => this.#cache.delete(id.toLowerCase()),
      (session) => this.#revisions.drop(session.id),
      (session) => this.#lastChange(session),
    );
  }

  /** Creates and stores a new session with a fresh id and unique code. */
  create(modelId: string, lang: string, state: SessionState): SessionRecord {
    if (++this.#startedSinceExpiry >= 100) {
      this.#startedSinceExpiry = 0;
      this.expire();
    }
    let code = newSessionCode();
    while (this.#collection.find({where: {code}, limit: 1}).length > 0) code = newSessionCode();
    const at = new Date(this.#now()).toISOString();
    const record: SessionRecord = {
      id: randomUUID(),
      code,
      modelId,
      lang,
      state,
      revision: 0,
      createdAt: at,
      updatedAt: at,
    };
    // Its slot and its record together: a failed write leaves no slot behind.
    this.#store.transaction(() => this.#put(record, true));
    return record;
  }

  /** The session with this id (GUID, any case). */
  get(id: string): SessionRecord | undefined {
    const key = id.toLowerCase();
    this.#check();
    const cached = this.#cache.get(key);
    if (cached) return cached.record;
    const stored = this.#collection.get(key);
    return stored && this.#read(stored);
  }

  /** The session with this code (any case). */
  byCode(code: string): SessionRecord | undefined {
    if (!isSessionCode(code)) return undefined;
    return this.#byCode(code.toUpperCase());
  }

  /**
   * Stores a change of the session's values or texts: its revision advances, and its new state
   * goes into the next slot, over the oldest kept one; the state it leaves stays in its own.
   */
  change(record: SessionRecord, state: SessionState): SessionRecord {
    // Read in an older layout: the state it leaves takes its slot first.
    if (!this.#held(record)?.inRing) this.#put(record);
    return this.save({...record, state, revision: (record.revision ?? 0) + 1});
  }

  /**
   * The session's state and language at `revision`: its current ones, or the kept ones of one
   * of its last {@link keptRevisions} revisions; `undefined` for any other.
   */
  at(record: SessionRecord, revision: number): {lang: string; state: SessionState} | undefined {
    const current = record.revision ?? 0;
    if (revision === current) return {lang: record.lang, state: record.state};
    if (revision > current || revision < current - keptRevisions) return undefined;
    const kept = this.#revisions.get(record.id, revision);
    if (!kept) return undefined;
    const model = this.#models(record.modelId);
    if (!model) throw modelUnavailable(record.id);
    return {lang: kept.lang, state: decodeState(model, kept.state)};
  }

  /** Stores a changed session, stamping `updatedAt`. */
  save(record: SessionRecord): SessionRecord {
    const saved = {...record, updatedAt: new Date(this.#now()).toISOString()};
    this.#put(saved);
    return saved;
  }
}
