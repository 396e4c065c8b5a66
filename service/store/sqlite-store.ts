import Database from 'better-sqlite3';
import {GroupCommits, type GroupCommitsOptions} from './group-commits.js';
import {findStatement, recordWrites, type RecordWrites} from './record-statements.js';
import {collectionTable, columnValue, migrate, quoteName} from './schema.js';
import {StorageError, storageFault} from './storage-error.js';
import type {Collection, Query, Store} from './store.js';

type Statement = Database.Statement<unknown[], unknown>;

export interface SqliteStoreOptions extends GroupCommitsOptions {
  /**
   * Commit in groups: the writes of one burst of work (everything the event loop runs before
   * `scheduleCommit` fires) share one transaction and one sync. A write is then durable once
   * `durability()` says so, not when the call returns. Off: each transaction commits at once.
   */
  groupCommits?: boolean;
}

// Dynamic `find` shapes are few (one per combination of filtered properties and order), but a
// bound keeps a long-running service from collecting them without end.
const maxCachedStatements = 500;

/**
 * The store on SQLite (better-sqlite3): a table per collection holding each record's JSON,
 * named sequences, and a versioned schema (`PRAGMA user_version`, see schema.ts). A file
 * database runs in WAL mode with `synchronous=FULL`, so a commit is on disk when the call
 * returns, and in exclusive locking mode, so one process at a time uses it and a full disk
 * never stops reads (the WAL index lives in memory, not in a file that could not grow).
 *
 * Every statement runs synchronously on the caller's turn of the event loop, so a request's
 * read-modify-write in `transaction` cannot interleave with another request's.
 *
 * With `groupCommits` the first write opens one SQLite transaction for the group and the end of
 * the turn commits it (one sync for all); each `transaction` is a savepoint inside it, so a
 * failing one undoes only its own writes (a lone `put`, one statement, needs none). Reads in the meantime see the group's writes; a
 * caller that answers anyone awaits `durability()` first, so nobody learns of a write, or of
 * anything read after it, before it is on disk, and a group whose commit fails is rolled back
 * and fails every caller that was under way while it was open. See docs/decisions/0030.
 */
export class SqliteStore implements Store {
  /** The database file, or `:memory:`. */
  readonly filename: string;
  readonly #db: Database.Database;
  readonly #collections = new Map<string, Collection<{id: string}>>();
  readonly #statements = new Map<string, Statement>();
  /** Tables known to exist; one created in a transaction that is undone is forgotten again. */
  readonly #tables = new Set<string>();
  readonly #writes = new Map<string, number>();
  #createdInTransaction: string[] = [];
  #depth = 0;
  #closed = false;
  /** The code of the storage fault writes last ran into, until a write succeeds again. */
  #fault: string | undefined;
  #changesAtFault = 0;
  readonly #grouped: boolean;
  /** The groups and their log syncs (with `groupCommits`; idle otherwise). */
  readonly #groups: GroupCommits;
  #commits = 0;
  #statementsRun = 0;
  #undone = 0;

  constructor(filename = ':memory:', options: SqliteStoreOptions = {}) {
    this.filename = filename;
    this.#grouped = (options.groupCommits ?? false) && filename !== ':memory:';
    this.#groups = new GroupCommits(
      filename,
      {
        exec: (sql) => this.#exec(sql),
        transactionRunning: () => this.#depth > 0,
        rollBack: () => this.#undo(true, ''),
        committed: () => this.#committed(),
        forgetNewTables: () => {
          for (const name of this.#createdInTransaction) this.#tables.delete(name);
          this.#createdInTransaction = [];
        },
        noteFault: (code, warning) => this.#noteFaultCode(code, warning),
      },
      options,
    );
    this.#db = new Database(filename, {timeout: 0});
    try {
      if (filename !== ':memory:') {
        // Before the first access: no shared-memory index file, and other processes are
        // locked out from the first read on.
        this.#db.pragma('locking_mode = EXCLUSIVE');
        const mode = this.#db.pragma('journal_mode = WAL', {simple: true});
        if (mode !== 'wal') throw new Error(`SQLite refused WAL mode (got ${String(mode)})`);
        // Grouped, a commit only writes the log and the sync runs on the thread pool while
        // the event loop serves the next group (docs/decisions/0034); else each commit syncs.
        this.#db.pragma(this.#grouped ? 'synchronous = NORMAL' : 'synchronous = FULL');
      }
      // Sorting for a list query never needs a temporary file, so reads work on a full disk.
      this.#db.pragma('temp_store = MEMORY');
      migrate(this.#db);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  collection<T extends {id: string}>(name: string): Collection<T> {
    let collection = this.#collections.get(name);
    if (!collection) {
      const table = quoteName(name);
      const writes = recordWrites(name);
      collection = {
        get: (id) => {
          if (!this.#hasTable(name)) return undefined;
          const doc = this.#run(`SELECT doc FROM ${table} WHERE id = ?`, (s) => s.pluck().get(id));
          return doc === undefined ? undefined : JSON.parse(doc as string);
        },
        list: () => this.#select(name, `SELECT doc FROM ${table} ORDER BY ord`, []),
        find: (query = {}) => this.#find(name, query),
        put: (value) =>
          // A write of a known table changes the record with one statement or none, which
          // SQLite makes atomic by itself; a new table is made in a transaction.
          this.#tables.has(name)
            ? this.#single(() => this.#write(name, writes, value))
            : this.transaction(() => this.#write(name, writes, value)),
        delete: (id) =>
          this.transaction(() => {
            if (!this.#hasTable(name)) return false;
            this.#countWrite(name);
            const result = this.#run(`DELETE FROM ${table} WHERE id = ?`, (s) => s.run(id));
            return (result as Database.RunResult).changes > 0;
          }),
      };
      this.#collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /**
   * Writes a record: its document alone when a record with its id and column values exists,
   * else the upsert (docs/decisions/0073). The first changes the whole record or nothing, so a
   * lone write needs no savepoint (see #single). A method, not a closure per write: under tsx
   * (esbuild's `keepNames`) each named closure costs a `defineProperty` call when it is made.
   */
  #write<T extends {id: string}>(name: string, sql: RecordWrites, value: T): T {
    if (typeof value?.id !== 'string' || value.id === '') {
      throw new TypeError('A record needs a string `id`');
    }
    this.#ensureTable(name);
    this.#countWrite(name);
    const record = value as unknown as Record<string, unknown>;
    const doc = JSON.stringify(value);
    const values = sql.columns.map((p) => columnValue(record[p]));
    const replaced =
      sql.replaceDoc !== undefined &&
      (this.#run(sql.replaceDoc, (s) => s.run(doc, value.id, ...values)) as Database.RunResult)
        .changes > 0;
    if (!replaced) this.#run(sql.upsert, (s) => s.run(value.id, doc, ...values));
    return value;
  }

  writes(collection: string): number {
    return this.#writes.get(collection) ?? 0;
  }

  #countWrite(name: string): void {
    this.#writes.set(name, (this.#writes.get(name) ?? 0) + 1);
  }

  get undone(): number {
    return this.#undone + this.#groups.undone;
  }

  /** Commits that ended a write transaction or a group (each one sync on a file database). */
  get commits(): number {
    return this.#commits;
  }

  /** Statements run so far (the benchmark and tests count what a write costs). */
  get statements(): number {
    return this.#statementsRun;
  }

  transaction<R>(work: () => R): R {
    if (this.#closed) throw new Error('The store is closed');
    if (this.#groups.broken) throw this.#groups.broken;
    if (this.#grouped && this.#depth === 0) this.#groups.open();
    const outer = this.#depth === 0 && !this.#grouped;
    const savepoint = `t${this.#depth}`;
    this.#exec(outer ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    this.#depth++;
    let result: R;
    try {
      result = work();
      if (isThenable(result)) {
        throw new TypeError('Store transactions are synchronous: `work` must not return a promise');
      }
    } catch (error) {
      this.#depth--;
      this.#undo(outer, savepoint);
      throw storageFault(error);
    }
    this.#depth--;
    try {
      this.#exec(outer ? 'COMMIT' : `RELEASE ${savepoint}`);
    } catch (error) {
      this.#undo(outer, savepoint);
      throw this.#noteFault(error);
    }
    if (outer) this.#committed();
    return result;
  }

  /**
   * Runs `work`, which writes with one statement, as `transaction` would. In a group it needs
   * no savepoint: a statement that fails changes nothing (SQLite undoes a statement by
   * itself), and a fault that ends the whole transaction fails the group as always.
   */
  #single<R>(work: () => R): R {
    if (!this.#grouped || this.#depth > 0) return this.transaction(work);
    if (this.#closed) throw new Error('The store is closed');
    if (this.#groups.broken) throw this.#groups.broken;
    this.#groups.open();
    this.#depth++;
    try {
      return work();
    } catch (error) {
      // Counted as undone, as a failed transaction is: caches drop what they may hold of it.
      this.#undone++;
      throw storageFault(error);
    } finally {
      this.#depth--;
    }
  }

  durability(): () => Promise<void> {
    return this.#grouped ? this.#groups.durability() : () => Promise.resolve();
  }

  /** Commits the open group now and syncs it (before a step outside the database relies on it). */
  flush(): void {
    this.#groups.flush();
  }

  #committed(): void {
    this.#commits++;
    this.#createdInTransaction = [];
    // Only a commit that changed something proves writes work (a read-only one always commits).
    if (this.#fault !== undefined && this.#totalChanges() > this.#changesAtFault) {
      console.warn(`Storage: writes work again (after ${this.#fault})`);
      this.#fault = undefined;
    }
  }

  nextValue(sequence: string): number {
    return this.transaction(
      () =>
        this.#run(
          'INSERT INTO sequences (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
          (s) => s.pluck().get(sequence),
        ) as number,
    );
  }

  /** Moves a sequence up to at least `value` (importing data numbered elsewhere). */
  raiseSequence(sequence: string, value: number): void {
    this.transaction(() =>
      this.#run(
        'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)',
        (s) => s.run(sequence, value),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // What was written before closing is kept, as without groups.
    this.#groups.commitOpen();
    // Awaited only when running: closing must stay synchronous otherwise (a failed open).
    for (let running = this.#groups.running; running; running = this.#groups.running) await running;
    this.#groups.close();
    this.#closed = true;
    // Closing checkpoints the WAL into the database file; on a full disk that fails and the
    // WAL stays, which the next open reads as it is.
    try {
      this.#db.close();
    } catch (error) {
      console.warn('Storage: closing the database failed; the next start recovers', error);
    }
  }

  #find(name: string, query: Query): {id: string}[] {
    const {sql, values} = findStatement(name, query);
    return this.#select(name, sql, values);
  }

  #select(name: string, sql: string, values: unknown[]): {id: string}[] {
    if (!this.#hasTable(name)) return [];
    const docs = this.#run(sql, (s) => s.pluck().all(...values)) as string[];
    return docs.map((doc) => JSON.parse(doc) as {id: string});
  }

  /** Runs a cached statement, turning storage faults into `StorageError`. */
  #run(sql: string, call: (statement: Statement) => unknown): unknown {
    if (this.#closed) throw new Error('The store is closed');
    // A fault that undid the whole transaction under a nested one: writing on would commit
    // each statement by itself.
    if (this.#depth > 0 && !this.#db.inTransaction) {
      throw new StorageError('SQLITE_ABORT', 'the transaction was undone by a storage fault');
    }
    let statement = this.#statements.get(sql);
    this.#statementsRun++;
    try {
      if (!statement) {
        if (this.#statements.size >= maxCachedStatements) this.#statements.clear();
        statement = this.#db.prepare(sql);
        this.#statements.set(sql, statement);
      }
      return call(statement);
    } catch (error) {
      throw this.#noteFault(error);
    }
  }

  #exec(sql: string): void {
    this.#run(sql, (s) => s.run());
  }

  #undo(outer: boolean, savepoint: string): void {
    this.#undone++;
    try {
      if (outer) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      } else if (this.#db.inTransaction) {
        this.#db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      }
    } catch {
      // SQLite already undid it (a full disk or I/O error may end the whole transaction).
    }
    for (const name of this.#createdInTransaction) this.#tables.delete(name);
    if (outer) this.#createdInTransaction = [];
  }

  #noteFault(error: unknown): unknown {
    const fault = storageFault(error);
    // SQLite undoes the whole transaction on some faults (a full disk, an I/O error): the
    // group's other writes are gone too, so every caller waiting for it must fail.
    if (!this.#db.inTransaction) this.#groups.failOpen(fault);
    if (fault instanceof StorageError) {
      this.#noteFaultCode(
        fault.sqliteCode,
        `Storage: ${fault.sqliteCode}, writes are refused with ${fault.status} ${fault.code} until it clears (${(error as Error).message})`,
      );
    }
    return fault;
  }

  /** Writes are refused with storage fault `code` until a commit changes something again. */
  #noteFaultCode(code: string, warning: string): void {
    if (this.#fault !== code) console.warn(warning);
    this.#fault = code;
    this.#changesAtFault = this.#totalChanges();
  }

  #totalChanges(): number {
    try {
      return this.#db.prepare('SELECT total_changes()').pluck().get() as number;
    } catch {
      return this.#changesAtFault;
    }
  }

  #hasTable(name: string): boolean {
    if (this.#tables.has(name)) return true;
    const found = this.#run(
      `SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE`,
      (s) => s.pluck().get(name),
    );
    if (found === undefined) return false;
    this.#tables.add(name);
    return true;
  }

  #ensureTable(name: string): void {
    if (this.#hasTable(name)) return;
    this.#exec(collectionTable(name));
    this.#tables.add(name);
    this.#createdInTransaction.push(name);
  }
}

/** An in-memory SQLite database: the same engine and queries as the durable store, for tests. */
export class MemoryStore extends SqliteStore {
  constructor() {
    super(':memory:');
  }
}

function isThenable(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as {then?: unknown}).then === 'function'
  );
}
