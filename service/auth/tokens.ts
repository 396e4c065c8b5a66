import {createHash, randomBytes} from 'node:crypto';
import type {Store} from '../store/index.js';
import type {Principal} from './principal.js';
import {formatScope, storedScopes, type Scope} from './scopes.js';

/** How a token was obtained. */
export const TokenScheme = {
  clientCredentials: 'client_credentials',
  applicationLogin: 'application_login',
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
}

/** What checking a presented token found. */
export type TokenCheck =
  {ok: true; principal: Principal} | {ok: false; reason: 'invalid' | 'expired'};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues and checks opaque bearer tokens kept in the store's `tokens` collection, so they
 * survive a restart with the durable store.
 */
export class Tokens {
  readonly #store: Store;
  readonly #now: () => number;
  #issuedSincePrune = 0;

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
    });
    // Every client asks for tokens again and again; drop the dead ones now and then.
    if (++this.#issuedSincePrune >= 100) this.prune();
    return token;
  }

  check(token: string): TokenCheck {
    const record = this.#collection.get(hashToken(token));
    if (!record) return {ok: false, reason: 'invalid'};
    // A record without a readable scope predates scopes or was damaged: unknown, not widened.
    const scopes = storedScopes(record.scope);
    if (!scopes) return {ok: false, reason: 'invalid'};
    if (record.expiresAt <= this.#now()) return {ok: false, reason: 'expired'};
    return {ok: true, principal: {clientId: record.clientId, userId: record.userId, scopes}};
  }

  /** Deletes tokens that expired more than a day ago (younger ones still answer "expired"). */
  prune(): void {
    this.#issuedSincePrune = 0;
    const horizon = this.#now() - 24 * 60 * 60 * 1000;
    const collection = this.#collection;
    this.#store.transaction(() => {
      for (const record of collection.list()) {
        if (record.expiresAt < horizon) collection.delete(record.id);
      }
    });
  }
}
