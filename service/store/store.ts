/**
 * The service's storage seam. Every record is a JSON document with a string `id`, kept in a
 * named collection. Calls are synchronous on purpose: the configurator's hot path reads and
 * writes a session per update. When a write is on disk: see `Store.durability`.
 */
export interface Collection<T extends {id: string}> {
  get(id: string): T | undefined;
  /** All records, in insertion order (a replaced record keeps its place). */
  list(): T[];
  /** The records a query selects; see `Query`. */
  find(query?: Query): T[];
  /**
   * Inserts or replaces by `id`; returns the stored value. Each read returns a fresh copy, so
   * changing one changes nothing stored: `put` a changed copy.
   */
  put(value: T): T;
  delete(id: string): boolean;
}

/** A value a query compares a top-level property with. */
export type PropertyValue = string | number | boolean | null;

/**
 * Selects, orders and pages records in the database rather than in memory. Property names
 * are top-level properties of the records (`quotationId`), written by code, never taken from a
 * request as they are.
 */
export interface Query {
  /**
   * Equality on every property listed; `null` also matches a record without the property. A
   * list matches any of its values (SQL `IN`; `null` in a list matches nothing).
   */
  where?: Readonly<Record<string, PropertyValue | readonly PropertyValue[]>>;
  /**
   * Order by this property: nulls first, numbers by value, strings by code point; ties keep
   * insertion order. Without it, insertion order.
   */
  orderBy?: string | null;
  /** Reverse the order (ties still keep insertion order). */
  descending?: boolean;
  skip?: number;
  limit?: number;
}

export interface Store {
  collection<T extends {id: string}>(name: string): Collection<T>;
  /**
   * Runs `work` so that all of its writes are kept together or not at all: if it throws, every
   * write it made is undone. `work` must be synchronous; a nested transaction joins the outer
   * one (its own writes are undone if it throws, the outer one may go on).
   */
  transaction<R>(work: () => R): R;
  /**
   * The next value of a named sequence: 1, 2, 3, ... A value is never handed out twice, also
   * not after a restart; one taken in a transaction that is undone is taken back with it.
   */
  nextValue(sequence: string): number;
  /**
   * Call when work that answers someone (an HTTP request) starts; await what it returns before
   * answering. It settles once every write made or read since the call is committed and synced,
   * and rejects (a `StorageError`) when a commit in that time failed: those writes are undone.
   * A store that commits each transaction before it returns settles at once; one that commits
   * in groups (see `SqliteStoreOptions.groupCommits`) settles when the group is committed.
   */
  durability(): () => Promise<void>;
  /**
   * How many times writes were undone so far (a transaction that threw, a group whose commit
   * failed). A cache of records read or written must forget them when this moves: what it
   * holds may be gone from the store.
   */
  readonly undone: number;
  /**
   * How many puts and deletes a collection has seen since the store opened, counted when made
   * (also those undone later). A cache of one collection's records compares it with the writes
   * it made itself to notice anyone else's.
   */
  writes(collection: string): number;
  close(): Promise<void>;
}
