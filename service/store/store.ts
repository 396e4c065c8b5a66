import {Records} from './records.js';

/**
 * The service's storage seam. Every record is a JSON document with a string `id`, kept in a
 * named collection. Calls are synchronous on purpose: the configurator's hot path reads and
 * writes a session per update, and a durable implementation appends to a journal
 * synchronously, so a write has reached the store when the call returns.
 */
export interface Collection<T extends {id: string}> {
  get(id: string): T | undefined;
  /** All records, in insertion order. */
  list(): T[];
  /**
   * Inserts or replaces by `id`; returns the stored value. Values are kept by reference: treat
   * what `get` and `list` return as read-only and `put` a changed copy.
   */
  put(value: T): T;
  delete(id: string): boolean;
}

export interface Store {
  collection<T extends {id: string}>(name: string): Collection<T>;
  /**
   * Runs `work` so that all of its writes are kept together or not at all: if it throws, every
   * write it made is undone. `work` must be synchronous; a nested transaction joins the outer
   * one (its own writes are undone if it throws, the outer one may go on).
   */
  transaction<R>(work: () => R): R;
  close(): Promise<void>;
}

/** A store that keeps everything in memory: for tests and throwaway runs. */
export class MemoryStore implements Store {
  readonly #records = new Records();

  collection<T extends {id: string}>(name: string): Collection<T> {
    return this.#records.collection<T>(name);
  }

  transaction<R>(work: () => R): R {
    return this.#records.transaction(work);
  }

  async close(): Promise<void> {
    this.#records.close();
  }
}
