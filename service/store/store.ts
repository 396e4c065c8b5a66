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
  /** Inserts or replaces by `id`; returns the stored value. */
  put(value: T): T;
  delete(id: string): boolean;
}

export interface Store {
  collection<T extends {id: string}>(name: string): Collection<T>;
  /** Runs `work` so that all of its writes are kept together or not at all. */
  transaction<R>(work: () => R): R;
  close(): Promise<void>;
}

/** A store that keeps everything in memory: for tests and throwaway runs. */
export class MemoryStore implements Store {
  readonly #collections = new Map<string, Map<string, unknown>>();

  collection<T extends {id: string}>(name: string): Collection<T> {
    let records = this.#collections.get(name) as Map<string, T> | undefined;
    if (!records) {
      records = new Map<string, T>();
      this.#collections.set(name, records);
    }
    const map = records;
    return {
      get: (id) => map.get(id),
      list: () => [...map.values()],
      put: (value) => {
        map.set(value.id, value);
        return value;
      },
      delete: (id) => map.delete(id),
    };
  }

  transaction<R>(work: () => R): R {
    return work();
  }

  async close(): Promise<void> {}
}
