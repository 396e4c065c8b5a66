// The service's public keys as a host holds them: fetched once, then kept, so verifying is
// offline; fetched again only for a key id it does not know, and never more than once a minute,
// so a stream of forged key ids cannot make the host hammer the service.
import {importJWK, type CryptoKey, type JWK} from 'jose';
import {
  ConfigurationVerificationError,
  ConfigurationVerificationErrorCode as Code,
} from './configuration-verification-error.js';
import {readCapped} from './read-capped.js';

export interface ConfigurationKeysOptions {
  /** The service's `/.well-known/jwks.json`. */
  jwksUrl: string;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock in epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /** The least time between two fetches of the key set; default 60000 (a minute). */
  refetchIntervalMs?: number;
}

/** A key set is a few hundred bytes; anything far larger is not one. */
const maxKeySetBytes = 64 * 1024;
const fetchTimeoutMs = 10_000;

/** The keys of one service, by key id. */
export class ConfigurationKeys {
  readonly jwksUrl: string;
  #fetch: typeof fetch;
  #now: () => number;
  #interval: number;
  #keys = new Map<string, CryptoKey>();
  #fetchedAt = -Infinity;
  #fetching: Promise<void> | null = null;
  /** How many times the key set was fetched (tests count them). */
  fetches = 0;

  constructor(options: ConfigurationKeysOptions) {
    this.jwksUrl = options.jwksUrl;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
    this.#interval = options.refetchIntervalMs ?? 60_000;
  }

  /** The key with id `kid`, fetching the key set when it is unknown and the last fetch is old. */
  async key(kid: string): Promise<CryptoKey> {
    const known = this.#keys.get(kid);
    if (known) return known;
    if (this.#fetching) await this.#fetching;
    else if (this.#now() - this.#fetchedAt >= this.#interval) {
      this.#fetchedAt = this.#now();
      this.#fetching = this.#load().finally(() => (this.#fetching = null));
      await this.#fetching;
    }
    const key = this.#keys.get(kid);
    if (!key) throw new ConfigurationVerificationError(Code.unknownKey, `No key "${kid}"`);
    return key;
  }

  async #load(): Promise<void> {
    this.fetches++;
    let body: unknown;
    try {
      const get = () =>
        this.#fetch(this.jwksUrl, {
          headers: {accept: 'application/json'},
          redirect: 'error',
          signal: AbortSignal.timeout(fetchTimeoutMs),
        });
      // A network failure (a kept-alive connection the server closed as it was reused, a reset)
      // is tried once more on a new connection; a timeout or an answer is not.
      const response = await get().catch((error: unknown) => {
        if (error instanceof TypeError) return get();
        throw error;
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const bytes = await readCapped(response, maxKeySetBytes);
      if (!bytes) throw new Error('the key set is too large');
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch (error) {
      throw new ConfigurationVerificationError(
        Code.unknownKey,
        `The key set at ${this.jwksUrl} could not be fetched: ${(error as Error).message}`,
        {cause: error},
      );
    }
    const listed = (body as {keys?: unknown} | null)?.keys;
    if (!Array.isArray(listed)) return;
    const keys = new Map<string, CryptoKey>();
    for (const jwk of listed as JWK[]) {
      if (typeof jwk?.kid !== 'string' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') continue;
      try {
        const key = await importJWK({kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y}, 'ES256');
        keys.set(jwk.kid, key as CryptoKey);
      } catch {
        // A key this helper cannot use is no key of its.
      }
    }
    // Keys once listed stay: a statement signed before a rotation still verifies until it expires.
    for (const [kid, key] of keys) this.#keys.set(kid, key);
  }
}
