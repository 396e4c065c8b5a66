/**
 * A bounded cache that keeps the entries used most recently: a `Map` in order of use, so the
 * first entry is the one unused longest and goes first when the bound is passed. The token cache
 * and the session cache use it.
 *
 * An entry that is used again moves to the end, unless it is there already: moving the last
 * entry of a long-lived map empties and refills its table, and V8 makes such a map's new table in
 * the old generation, found dead only by a full collection. With one shopper's token checked on
 * every request that was about 150 bytes a request (docs/decisions/0078).
 */
export class RecentlyUsed<V> {
  readonly #entries = new Map<string, V>();
  /** The last key of `#entries`, which needs no move. */
  #newest: string | undefined;
  readonly #limit: number;

  /** `limit`: the most entries kept. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry for `key`, which is now the most recently used. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
      this.#newest = key;
    }
    return value;
  }

  /** Keeps `value` for `key` as the most recently used, dropping the entry unused longest. */
  set(key: string, value: V): void {
    if (key !== this.#newest) this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    if (this.#entries.size > this.#limit) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }

  /** Forgets `key` (its record is gone). */
  delete(key: string): void {
    this.#entries.delete(key);
    if (key === this.#newest) this.#newest = undefined;
  }

  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
  }
}
