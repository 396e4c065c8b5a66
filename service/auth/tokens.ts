import crypto, {createHash, randomBytes} from 'node:crypto';
import {RecentlyUsed} from '../recently-used.js';
import type {Store} from '../store/index.js';
import type {Principal} from './principal.js';
import {formatScope, storedScopes, type Scope} from './scopes.js';

/** How a token was obtained. */
export const TokenScheme = {
  clientCredentials: 'client_credentials',
  applicationLogin: 'application_login',
  /** A shopper token a page got for a publishable key (`POST /api/2/auth/embedtoken`). */
  embedKey: 'embed_key',
} as const;
export type TokenScheme = (typeof TokenScheme)[keyof typeof TokenScheme];

/** A stored token. The id is the token's SHA-256, so a copy of the store holds no usable token. */
export interface TokenRecord {
  id: string;
  clientId: string;
  userId: string;
  /** The granted scope, space-separated; a record without one is never honoured. */
  scope: string;
  scheme: TokenScheme;
  issuedAt: number;
  expiresAt: number;
  /** The embed key that issued it: deleting the key deletes its tokens. */
  keyId?: string;
}

/** What checking a presented token found. */
export type TokenCheck =
  {ok: true; principal: Principal} | {ok: false; reason: 'invalid' | 'expired'};

// Every request hashes its token: `crypto.hash` (Node 20.12 and later) does it in one call,
// about twice as fast as a Hash object for a token's few bytes.
const hashToken: (token: string) => string =
  typeof crypto.hash === 'function'
    ? (token) => crypto.hash('sha256', token, 'hex')
    : (token) => createHash('sha256').update(token).digest('hex');

/** A token found valid, as the store held it when it was read. */
interface CachedToken {
  expiresAt: number;
  principal: Principal;
}

/** Tokens read per batch of a prune, and batches per prune (every hundred tokens issued). */
export const pruneBatchSize = 100;
const pruneBatches = 10;

// Every request checks its token; a shop's shoppers hold a few thousand at a time.
export const maxCachedTokens = 10_000;

/**
 * Issues and checks opaque bearer tokens kept in the store's `tokens` collection, so they
 * survive a restart with the durable store.
 */
export class Tokens {
  readonly #store: Store;
  readonly #now: () => number;
  #issuedSincePrune = 0;
  /**
   * Tokens checked recently, by hash, oldest use first. Valid while nobody else wrote to the
   * `tokens` collection (a revocation deletes or replaces records there) and the store undid
   * nothing; expiry is compared on every check. See docs/decisions/0046.
   */
  readonly #cache = new RecentlyUsed<CachedToken>(maxCachedTokens);
  /** The collection's writes and the store's undone count the cache was filled under. */
  #cachedAtWrites = 0;
  #cachedAtUndone = 0;
  /** Writes this class made that cannot change a cached record (a new token's insert). */
  #ownInserts = 0;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get #collection() {
    return this.#store.collection<TokenRecord>('tokens');
  }

  /** Issues a token for `principal` valid for `lifetimeMs`; returns the token itself. */
  issue(
    principal: Omit<Principal, 'scopes'>,
    scopes: readonly Scope[],
    scheme: TokenScheme,
    lifetimeMs: number,
    keyId?: string,
  ): string {
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.#now();
    this.#collection.put({
      id: hashToken(token),
      clientId: principal.clientId,
      userId: principal.userId,
      scope: formatScope(scopes),
      scheme,
      issuedAt,
      expiresAt: issuedAt + lifetimeMs,
      ...(keyId !== undefined && {keyId}),
    });
    // Counted once made: a failed put counts as someone else's write and empties the cache.
    this.#ownInserts++;
    // Every client asks for tokens again and again; drop the dead ones now and then.
    if (++this.#issuedSincePrune >= 100) this.prune();
    return token;
  }

  check(token: string): TokenCheck {
    const hash = hashToken(token);
    const cached = this.#cached(hash);
    if (cached) {
      if (cached.expiresAt <= this.#now()) return {ok: false, reason: 'expired'};
      return {ok: true, principal: cached.principal};
    }
    const record = this.#collection.get(hash);
    if (!record) return {ok: false, reason: 'invalid'};
    // A record without a readable scope predates scopes or was damaged: unknown, not widened.
    const scopes = storedScopes(record.scope);
    if (!scopes) return {ok: false, reason: 'invalid'};
    // Shared by every request with this token while it is cached.
    const principal: Principal = Object.freeze({
      clientId: record.clientId,
      userId: record.userId,
      scopes: Object.freeze(scopes),
      ...(record.keyId !== undefined && {embedKeyId: record.keyId}),
    });
    if (record.expiresAt <= this.#now()) return {ok: false, reason: 'expired'};
    this.#cache.set(hash, {expiresAt: record.expiresAt, principal});
    return {ok: true, principal};
  }

  /** The cached check of a token, unless a write the cache did not see may have changed it. */
  #cached(hash: string): CachedToken | undefined {
    const writes = this.#store.writes('tokens') - this.#ownInserts;
    const undone = this.#store.undone;
    if (writes !== this.#cachedAtWrites || undone !== this.#cachedAtUndone) {
      this.#cache.clear();
      this.#cachedAtWrites = writes;
      this.#cachedAtUndone = undone;
      return undefined;
    }
    return this.#cache.get(hash);
  }

  /**
   * Deletes every token the embed key `keyId` issued (the key was deleted), by the store's
   * index on `keyId`. The write empties every instance's cache, so none of them works on.
   * Answers how many went.
   */
  revokeKey(keyId: string): number {
    const collection = this.#collection;
    return this.#store.transaction(() => {
      const issued = collection.find({where: {keyId}});
      for (const record of issued) collection.delete(record.id);
      return issued.length;
    });
  }

  /**
   * Deletes tokens that expired more than a day ago (younger ones still answer "expired"),
   * oldest expiry first, by the store's expiry index. It reads a batch at a time and stops at
   * the first live token or after `pruneBatches` batches, never the whole collection, so
   * issuing a token costs the same with a million stored. A backlog (a database that was not
   * pruned) shrinks by up to a thousand per hundred tokens issued. Answers how many went.
   */
  prune(): number {
    this.#issuedSincePrune = 0;
    const horizon = this.#now() - 24 * 60 * 60 * 1000;
    const collection = this.#collection;
    return this.#store.transaction(() => {
      let pruned = 0;
      for (let batch = 0; batch < pruneBatches; batch++) {
        const oldest = collection.find({orderBy: 'expiresAt', limit: pruneBatchSize});
        for (const record of oldest) {
          if (record.expiresAt >= horizon) return pruned;
          collection.delete(record.id);
          pruned++;
        }
        if (oldest.length < pruneBatchSize) return pruned;
      }
      return pruned;
    });
  }
}
