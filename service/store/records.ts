import type {Collection} from './store.js';

/** One record's state after a transaction: the stored value, or `null` once deleted. */
export type Change = readonly [collection: string, id: string, value: {id: string} | null];

/**
 * The in-memory state both stores serve reads from, with the undo log that makes a
 * transaction all-or-nothing. `commit` receives every record a transaction touched, in its
 * final state, once the outermost transaction's work has returned; if `commit` throws, the
 * memory state is rolled back too, so memory never runs ahead of what was persisted.
 */
export class Records {
  readonly #collections = new Map<string, Map<string, {id: string}>>();
  readonly #views = new Map<string, Collection<{id: string}>>();
  readonly #commit: (changes: Change[]) => void;
  #depth = 0;
  #undo: Array<() => void> = [];
  #touched = new Map<string, Set<string>>();
  #closed = false;

  constructor(commit: (changes: Change[]) => void = () => {}) {
    this.#commit = commit;
  }

  /** Every collection with its records, in insertion order (for snapshots). */
  entries(): Array<[string, Map<string, {id: string}>]> {
    return [...this.#collections];
  }

  /** Applies a persisted change without journaling it (for replay). */
  load(collection: string, id: string, value: {id: string} | null): void {
    const map = this.#map(collection);
    if (value === null) map.delete(id);
    else map.set(id, value);
  }

  close(): void {
    this.#closed = true;
  }

  collection<T extends {id: string}>(name: string): Collection<T> {
    let view = this.#views.get(name);
    if (!view) {
      const map = this.#map(name);
      view = {
        get: (id) => map.get(id),
        list: () => [...map.values()],
        put: (value) => this.transaction(() => this.#write(name, value.id, value)) as {id: string},
        delete: (id) => this.transaction(() => this.#write(name, id, null) !== null),
      };
      this.#views.set(name, view);
    }
    return view as unknown as Collection<T>;
  }

  transaction<R>(work: () => R): R {
    if (this.#closed) throw new Error('The store is closed');
    const savepoint = this.#undo.length;
    this.#depth++;
    let done = false;
    let result: R;
    try {
      result = work();
      if (isThenable(result)) {
        throw new TypeError('Store transactions are synchronous: `work` must not return a promise');
      }
      done = true;
    } finally {
      this.#depth--;
      // A failed nested transaction is undone back to where it started; the outer one may go on.
      if (!done) this.#rollback(savepoint);
      if (this.#depth === 0) this.#finish(done);
    }
    return result;
  }

  #finish(done: boolean): void {
    const touched = this.#touched;
    this.#touched = new Map();
    if (!done || touched.size === 0) {
      this.#undo = [];
      return;
    }
    const changes: Change[] = [];
    for (const [collection, ids] of touched) {
      const map = this.#map(collection);
      for (const id of ids) changes.push([collection, id, map.get(id) ?? null]);
    }
    try {
      this.#commit(changes);
    } catch (error) {
      this.#rollback(0);
      throw error;
    } finally {
      this.#undo = [];
    }
  }

  #rollback(savepoint: number): void {
    while (this.#undo.length > savepoint) this.#undo.pop()!();
  }

  #write(collection: string, id: string, value: {id: string} | null): {id: string} | null {
    if (typeof id !== 'string' || id === '') throw new TypeError('A record needs a string `id`');
    const map = this.#map(collection);
    const had = map.has(id);
    const before = map.get(id);
    if (value === null) {
      if (!had) return null;
      map.delete(id);
    } else {
      map.set(id, value);
    }
    // Restoring a deleted record puts it back at the end; order only matters for listing.
    this.#undo.push(() => {
      if (had) map.set(id, before!);
      else map.delete(id);
    });
    let ids = this.#touched.get(collection);
    if (!ids) this.#touched.set(collection, (ids = new Set()));
    ids.add(id);
    return value ?? before!;
  }

  #map(name: string): Map<string, {id: string}> {
    let map = this.#collections.get(name);
    if (!map) this.#collections.set(name, (map = new Map()));
    return map;
  }
}

function isThenable(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as {then?: unknown}).then === 'function'
  );
}
