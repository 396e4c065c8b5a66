// For tests that prove a job reads only what it needs (a prune by an index) rather than a whole
// collection: a store that counts what its reads hand out, and the plan of a store query.
import Database from 'better-sqlite3';
import {findStatement} from '../../../service/store/record-statements.js';
import {migrate, type Collection, type Store} from '../../../service/store/index.js';
import type {Query} from '../../../service/store/store.js';

/** The store, with a count of the records of one collection its reads hand out. */
export function countingStore(store: Store, counted: string) {
  const reads = {read: 0};
  const count = <T>(records: T[]) => ((reads.read += records.length), records);
  const wrap = <T extends {id: string}>(collection: Collection<T>): Collection<T> => ({
    get: (id) => {
      const record = collection.get(id);
      if (record) reads.read++;
      return record;
    },
    list: () => count(collection.list()),
    find: (query) => count(collection.find(query)),
    put: (value) => collection.put(value),
    delete: (id) => collection.delete(id),
  });
  const wrapped: Store = {
    collection: <T extends {id: string}>(name: string) =>
      name === counted ? wrap(store.collection<T>(name)) : store.collection<T>(name),
    transaction: (work) => store.transaction(work),
    nextValue: (sequence) => store.nextValue(sequence),
    durability: () => store.durability(),
    get undone() {
      return store.undone;
    },
    writes: (collection) => store.writes(collection),
    close: () => store.close(),
  };
  return {store: wrapped, counted: reads};
}

/**
 * How SQLite runs the store's query for `query` on a database at the current schema, one line
 * per step of `EXPLAIN QUERY PLAN`: to prove a query is answered from an index, in its order.
 */
export function queryPlan(collection: string, query: Query): string {
  const db = new Database(':memory:');
  try {
    migrate(db);
    const {sql, values} = findStatement(collection, query);
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as {detail: string}[])
      .map((row) => row.detail)
      .join(' | ');
  } finally {
    db.close();
  }
}
