// The SQL of a collection's record writes and of its `find` queries: text and values only,
// run by the store (sqlite-store.ts).
import {columnName, columnsOf, propertyExpression, quoteName} from './schema.js';
import type {PropertyValue, Query} from './store.js';

/** A collection's statements for `put`. */
export interface RecordWrites {
  readonly columns: readonly string[];
  readonly upsert: string;
  /**
   * Replaces the document of a record whose property columns keep their values; none for a
   * collection without columns.
   */
  readonly replaceDoc: string | undefined;
}

/** The statements that write a record of `collection`. */
export function recordWrites(collection: string): RecordWrites {
  const table = quoteName(collection);
  const columns = columnsOf(collection);
  const upsert =
    `INSERT INTO ${table} (id, doc${columns.map((p) => `, ${columnName(p)}`).join('')}) ` +
    `VALUES (?, ?${', ?'.repeat(columns.length)}) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc` +
    columns.map((p) => `, ${columnName(p)} = excluded.${columnName(p)}`).join('');
  // A record whose property columns keep their values (a session's code never changes) gets
  // its document replaced alone: the upsert would rewrite each column's index entry too, one
  // more page in every commit's log and checkpoint (docs/decisions/0073).
  const replaceDoc = columns.length
    ? `UPDATE ${table} SET doc = ? WHERE id = ?` +
      columns.map((p) => ` AND ${columnName(p)} IS ?`).join('')
    : undefined;
  return {columns, upsert, replaceDoc};
}

/** The `SELECT` of a `find` on `collection`, with the values it binds. */
export function findStatement(collection: string, query: Query): {sql: string; values: unknown[]} {
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const [property, value] of Object.entries(query.where ?? {})) {
    const expression = propertyExpression(collection, property);
    if (Array.isArray(value)) {
      // One statement shape for any number of values, and still the property's index.
      conditions.push(`${expression} IN (SELECT value FROM json_each(?))`);
      values.push(JSON.stringify(value.map((item: PropertyValue) => bindable(item!))));
    } else if (value === null) {
      conditions.push(`${expression} IS NULL`);
    } else {
      conditions.push(`${expression} = ?`);
      values.push(bindable(value as Exclude<PropertyValue, null>));
    }
  }
  const direction = query.descending ? 'DESC' : 'ASC';
  // Ties keep insertion order in both directions, as the in-memory sort of the API did.
  const order = query.orderBy
    ? `${propertyExpression(collection, query.orderBy)} ${direction}, ord ASC`
    : `ord ${direction}`;
  let sql = `SELECT doc FROM ${quoteName(collection)}`;
  if (conditions.length > 0) sql += ` WHERE ${conditions.join(' AND ')}`;
  sql += ` ORDER BY ${order}`;
  if (query.limit !== undefined || query.skip !== undefined) {
    sql += ' LIMIT ? OFFSET ?';
    values.push(query.limit ?? -1, query.skip ?? 0);
  }
  return {sql, values};
}

function bindable(value: Exclude<PropertyValue, null>): string | number {
  // JSON true and false read back as 1 and 0 in SQL.
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
