import type Database from 'better-sqlite3';

/**
 * The collections the service keeps, one table each: every stored entity model, configurator
 * sessions, hashed tokens and the webhook subscriptions and deliveries. A collection not named
 * here gets its table when first written to (tests use their own).
 */
export const knownCollections = [
  'applicationevents',
  'associatedfeatureproperties',
  'categories',
  'crmaccounts',
  'featurehasfeatureproperties',
  'featureproperties',
  'features',
  'leasetables',
  'organizations',
  'quotationlines',
  'quotationproperties',
  'quotations',
  'uom',
  'usercreationrequests',
  'vats',
  'sessions',
  'tokens',
  'webhooks',
  'webhookdeliveries',
] as const;

/** The sequence behind quotation numbers (`Q-000012` is its twelfth value). */
export const quotationNumberSequence = 'quotation-number';

/**
 * The sequence value behind a stored quotation number, or 0. Only numbers the service could
 * have issued count: a hand-written `Q-99999999999999999999` must not push the sequence past
 * what a number can hold.
 */
export function issuedNumber(number: unknown): number {
  const match = typeof number === 'string' ? /^Q-(\d{1,12})$/.exec(number) : null;
  return match ? Number(match[1]) : 0;
}

/** One step of the schema; `version` is what `PRAGMA user_version` holds once it has run. */
export interface Migration {
  version: number;
  description: string;
  up(db: Database.Database): void;
}

/**
 * A collection's table: `ord` (the rowid) keeps insertion order, which an upsert leaves
 * alone, so a replaced record keeps its place as it did in memory; `doc` is the record's JSON.
 */
export function collectionTable(name: string): string {
  return `CREATE TABLE IF NOT EXISTS ${quoteName(name)} (
    ord INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    doc TEXT NOT NULL
  ) STRICT`;
}

/** A property column and its index, added to a collection's table (migration 3). */
function addPropertyColumn(db: Database.Database, collection: string, property: string): void {
  const table = quoteName(collection);
  const column = columnName(property);
  db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ANY`);
  db.exec(`UPDATE ${table} SET ${column} = ${jsonExpression(property)}`);
  db.exec(`DROP INDEX IF EXISTS ${quoteName(`${collection}_${property}`)}`);
  db.exec(`CREATE INDEX ${quoteName(`${collection}_${property}_column`)} ON ${table} (${column})`);
}

/**
 * Top-level properties kept in a column of their own beside the JSON, by collection: a write
 * binds the value instead of SQLite parsing the document again for a `json_extract` index.
 * Only for properties of records written on hot paths (a session is saved on every update).
 * The column holds what `json_extract` would give, so queries answer the same.
 */
export const propertyColumns: Readonly<Record<string, readonly string[]>> = {
  sessions: ['code'],
};

/** The property columns of a collection (none for most). */
export function columnsOf(collection: string): readonly string[] {
  return Object.hasOwn(propertyColumns, collection) ? propertyColumns[collection]! : [];
}

/** A property column's value as `json_extract` reads it from the record's JSON. */
export function columnValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return JSON.stringify(value);
}

/** An index on one top-level property, usable by `find({where})` and by `orderBy`. */
function propertyIndex(collection: string, property: string): string {
  return `CREATE INDEX IF NOT EXISTS ${quoteName(`${collection}_${property}`)} ON ${quoteName(collection)} (${jsonExpression(property)})`;
}

/**
 * The SQL expression of a record's top-level property in a collection, the same text in
 * indexes and queries: its column where it has one, else read from the JSON.
 */
export function propertyExpression(collection: string, property: string): string {
  return columnsOf(collection).includes(property) ? columnName(property) : jsonExpression(property);
}

function checkedProperty(property: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(property)) {
    throw new TypeError(`Not a property name the store queries by: ${JSON.stringify(property)}`);
  }
  return property;
}

function jsonExpression(property: string): string {
  return `json_extract(doc, '$.${checkedProperty(property)}')`;
}

/** A property column's name: `p_` and the property, clear of `ord`, `id` and `doc`. */
export function columnName(property: string): string {
  return `"p_${checkedProperty(property)}"`;
}

/** A table or index name, checked and quoted (names come from code, never from a request). */
export function quoteName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || /^sqlite_/i.test(name)) {
    throw new TypeError(`Not a collection name the store accepts: ${JSON.stringify(name)}`);
  }
  return `"${name}"`;
}

/** Every schema step, oldest first. Never change a released step: add one. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'a table per collection, with indexes for the lookups the service makes',
    up(db) {
      for (const name of knownCollections) db.exec(collectionTable(name));
      for (const [collection, property] of [
        ['sessions', 'code'],
        ['quotationlines', 'quotationId'],
        ['quotations', 'debtorId'],
        ['quotations', 'sellerId'],
        ['webhookdeliveries', 'subscriptionId'],
        ['webhookdeliveries', 'status'],
      ] as const) {
        db.exec(propertyIndex(collection, property));
      }
    },
  },
  {
    version: 2,
    description: 'named sequences; quotation numbers continue above the highest stored one',
    up(db) {
      db.exec(`CREATE TABLE sequences (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      ) STRICT`);
      // A one-time scan; from here on numbering never looks at the stored quotations.
      let highest = 0;
      const numbers = db
        .prepare(`SELECT json_extract(doc, '$.number') FROM quotations`)
        .pluck()
        .iterate() as IterableIterator<unknown>;
      for (const number of numbers) highest = Math.max(highest, issuedNumber(number));
      db.prepare('INSERT INTO sequences (name, value) VALUES (?, ?)').run(
        quotationNumberSequence,
        highest,
      );
    },
  },
  {
    version: 3,
    description:
      'the session code in a column of its own, not a json_extract index (docs/decisions/0047)',
    up(db) {
      // Version 3 as released: later changes to `propertyColumns` need a step of their own.
      addPropertyColumn(db, 'sessions', 'code');
    },
  },
  {
    version: 4,
    description:
      'session states by node position in their model, written compact (docs/decisions/0048)',
    up() {
      // Nothing to rewrite here: the compact form names nodes by their position in the
      // session's model, which only the service's models know, so a record is converted when
      // its session next changes and the older form stays readable. The step exists so that a
      // service older than this refuses the database rather than misread compact sessions.
    },
  },
  {
    version: 5,
    description: 'tokens by expiry, so dropping dead ones reads only those (docs/decisions/0079)',
    up(db) {
      db.exec(propertyIndex('tokens', 'expiresAt'));
    },
  },
  {
    version: 6,
    description:
      'webhook deliveries by their last change, so pruning reads only the old ones (docs/decisions/0079)',
    up(db) {
      db.exec(propertyIndex('webhookdeliveries', 'updatedAt'));
    },
  },
  {
    version: 7,
    description:
      'embed keys, and tokens by the key that issued them, so deleting a key ends its tokens (docs/decisions/0089)',
    up(db) {
      db.exec(collectionTable('embedkeys'));
      db.exec(propertyIndex('tokens', 'keyId'));
    },
  },
  {
    version: 8,
    description:
      'sessions by quoted mark and last change, and quotation lines by configuration, so expiring idle sessions reads only the old ones',
    up(db) {
      const updated = jsonExpression('updatedAt');
      db.exec(
        `CREATE INDEX IF NOT EXISTS "sessions_expiry" ON "sessions" (${jsonExpression('quotedAt')}, ${updated})`,
      );
      db.exec(propertyIndex('quotationlines', 'configurationId'));
    },
  },
  {
    version: 9,
    description:
      "a session's state in the slot of its revision, its record without it (docs/decisions/0108)",
    up(db) {
      // A database of decision 105 has the table already. Nothing is rewritten: a record that
      // holds its state reads as it is, and moves it into its slot when the session is next
      // written. The step exists so that a service older than this refuses the database rather
      // than read sessions without a state.
      db.exec(collectionTable('sessionrevisions'));
    },
  },
];

/** The schema version this code writes. */
export const schemaVersion = migrations.at(-1)!.version;

/**
 * Brings a database to `target` (default the latest), each step in its own transaction with
 * its version, so a crash mid-way leaves a database at a whole version. A database of a newer
 * version than this code knows is refused: it may hold what this code would damage.
 */
export function migrate(db: Database.Database, target = schemaVersion): number {
  const current = db.pragma('user_version', {simple: true}) as number;
  if (current > schemaVersion) {
    throw new SchemaTooNewError(current, schemaVersion);
  }
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > target) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return Math.max(current, Math.min(target, schemaVersion));
}

export class SchemaTooNewError extends Error {
  readonly found: number;

  constructor(found: number, known: number) {
    super(`schema version ${found} is newer than this service knows (${known})`);
    this.name = 'SchemaTooNewError';
    this.found = found;
  }
}
