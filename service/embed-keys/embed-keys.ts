import {randomBytes, randomUUID} from 'node:crypto';
import {Errors, ServiceError} from '../errors.js';
import {Fields} from '../http/index.js';
import type {Principal, Tokens} from '../auth/index.js';
import type {Store} from '../store/index.js';
import {
  OriginPatternError,
  originMatches,
  parseOriginPattern,
  patternText,
  type OriginPattern,
} from './origin-pattern.js';

/** A stored embed key. The publishable key is public by design, so it is kept as it is. */
export interface EmbedKeyRecord {
  id: string;
  name: string;
  publishableKey: string;
  /** Normalised patterns: exact origins and `scheme://*.suffix[:port]`. */
  allowedOrigins: string[];
  /** The integration application that owns the key, and whose shopper tokens it issues. */
  clientId: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows of a key. */
export interface EmbedKeyView {
  id: string;
  name: string;
  publishableKey: string;
  allowedOrigins: string[];
  createdAt: string;
  updatedAt: string;
}

/** A key as matching reads it: its record and its patterns, parsed once. */
export interface LiveKey {
  record: EmbedKeyRecord;
  patterns: readonly OriginPattern[];
}

export const collectionName = 'embedkeys';
/** Keys one application may hold; a shop needs one per site, a few for rotation. */
export const maxKeysPerApplication = 100;
const maxOrigins = 50;
const maxNameLength = 200;

/** `pk_` and 24 random bytes: unguessable, so a key cannot be found by trying. */
const newPublishableKey = () => `pk_${randomBytes(24).toString('base64url')}`;

export const view = ({
  id,
  name,
  publishableKey,
  allowedOrigins,
  createdAt,
  updatedAt,
}: EmbedKeyRecord): EmbedKeyView => ({
  id,
  name,
  publishableKey,
  allowedOrigins,
  createdAt,
  updatedAt,
});

/**
 * The embed keys of every application, kept in the store's `embedkeys` collection. Every
 * key is held parsed in memory, rebuilt when anyone writes the collection (a handful of
 * keys per shop), so that checking a page's key and origin reads no database.
 */
export class EmbedKeys {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #tokens: Tokens;
  #live: Map<string, LiveKey> | undefined;
  #liveAt = {writes: -1, undone: -1};

  constructor(store: Store, tokens: Tokens, now: () => number) {
    this.#store = store;
    this.#tokens = tokens;
    this.#now = now;
  }

  get #collection() {
    return this.#store.collection<EmbedKeyRecord>(collectionName);
  }

  /** Every key by its publishable value, rebuilt after any write to the collection. */
  #keys(): Map<string, LiveKey> {
    const writes = this.#store.writes(collectionName);
    const undone = this.#store.undone;
    if (!this.#live || writes !== this.#liveAt.writes || undone !== this.#liveAt.undone) {
      const live = new Map<string, LiveKey>();
      for (const record of this.#collection.list()) {
        const patterns = record.allowedOrigins.flatMap((entry) => {
          try {
            return [parseOriginPattern(entry)];
          } catch {
            // A damaged entry allows nothing; the others still work.
            return [];
          }
        });
        live.set(record.publishableKey, {record, patterns});
      }
      this.#live = live;
      this.#liveAt = {writes, undone};
    }
    return this.#live;
  }

  /** The live key with this publishable value, or undefined (unknown, or deleted). */
  byPublishableKey(publishableKey: string): LiveKey | undefined {
    return this.#keys().get(publishableKey);
  }

  /** Whether any key lets pages on `origin` in (the service's CORS asks for unlisted pages). */
  anyAllows(origin: string): boolean {
    for (const key of this.#keys().values()) {
      if (allows(key, origin)) return true;
    }
    return false;
  }

  list(owner: Principal): EmbedKeyRecord[] {
    return [...this.#keys().values()]
      .map((key) => key.record)
      .filter((record) => record.clientId === owner.clientId);
  }

  /** The owner's key, or 404: another application's key is as unknown as a missing one. */
  get(owner: Principal, id: string): EmbedKeyRecord {
    const record = this.#collection.get(id);
    if (!record || record.clientId !== owner.clientId) {
      throw new ServiceError(Errors.notFound, 'No embed key with that id');
    }
    return record;
  }

  create(owner: Principal, body: unknown): EmbedKeyRecord {
    const {name, allowedOrigins} = readKeyBody(body);
    if (this.list(owner).length >= maxKeysPerApplication) {
      throw new ServiceError(
        Errors.conflict,
        `An application holds at most ${maxKeysPerApplication} embed keys; delete one first`,
      );
    }
    const at = new Date(this.#now()).toISOString();
    return this.#collection.put({
      id: randomUUID(),
      name,
      publishableKey: newPublishableKey(),
      allowedOrigins,
      clientId: owner.clientId,
      userId: owner.userId,
      createdAt: at,
      updatedAt: at,
    });
  }

  /** Renames the key or changes its origins; the publishable value stays (rotate = new key). */
  update(owner: Principal, id: string, body: unknown): EmbedKeyRecord {
    const record = this.get(owner, id);
    const {name, allowedOrigins} = readKeyBody(body);
    return this.#collection.put({
      ...record,
      name,
      allowedOrigins,
      updatedAt: new Date(this.#now()).toISOString(),
    });
  }

  /** Deletes the key and every token it issued, together: both go or neither. */
  delete(owner: Principal, id: string): EmbedKeyRecord {
    const record = this.get(owner, id);
    this.#store.transaction(() => {
      this.#collection.delete(id);
      this.#tokens.revokeKey(id);
    });
    return record;
  }
}

/** Whether the key lets a page on `origin` use it. */
export const allows = (key: LiveKey, origin: string): boolean =>
  key.patterns.some((pattern) => originMatches(pattern, origin));

/** The body of a create or a change: `{name, allowedOrigins}`, both required. */
function readKeyBody(body: unknown): {name: string; allowedOrigins: string[]} {
  const fields = Fields.of(body);
  const name = fields.string('name').trim();
  if (!name || name.length > maxNameLength) {
    throw new ServiceError(
      Errors.invalidBody,
      `body.name must be 1 to ${maxNameLength} characters`,
      {
        field: 'body.name',
      },
    );
  }
  const entries = fields.nullableArray('allowedOrigins', maxOrigins);
  if (!entries || entries.length === 0) {
    throw new ServiceError(
      Errors.invalidBody,
      'body.allowedOrigins must list the origins of the pages that use the key (https://shop.example, https://*.shop.example)',
      {field: 'body.allowedOrigins'},
    );
  }
  const allowedOrigins = entries.map((entry, index) => {
    try {
      if (typeof entry !== 'string') throw new OriginPatternError(String(entry), 'is not a string');
      return patternText(parseOriginPattern(entry));
    } catch (error) {
      if (!(error instanceof OriginPatternError)) throw error;
      throw new ServiceError(
        Errors.invalidBody,
        `body.allowedOrigins[${index}]: ${error.message}`,
        {
          field: `body.allowedOrigins[${index}]`,
        },
      );
    }
  });
  return {name, allowedOrigins: [...new Set(allowedOrigins)]};
}
