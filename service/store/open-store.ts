import {W_OK} from 'node:constants';
import {accessSync, mkdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {legacyWriter, readLegacyJournal, retireLegacyJournal} from './legacy-journal.js';
import {issuedNumber, quotationNumberSequence, SchemaTooNewError} from './schema.js';
import {MemoryStore, SqliteStore, type SqliteStoreOptions} from './sqlite-store.js';
import {StoreLockedError, StoreOpenError, sqliteCodeOf} from './storage-error.js';
import type {Store} from './store.js';

/** The database file in a data folder. */
export const databaseFile = 'data.db';

/**
 * Opens the service's store. With a folder, data survives a restart: SQLite in
 * `<dataDir>/data.db`, one process at a time. Without one, it lives in memory. A folder that
 * cannot serve (not a folder, read-only, in use, not a database) is a `StoreOpenError` whose
 * message is one sentence naming the folder. `options` apply to a folder's store (the service
 * commits in groups).
 */
export function openStore(dataDir?: string, options?: SqliteStoreOptions): Store {
  if (!dataDir) return new MemoryStore();
  prepareFolder(dataDir);
  let store: SqliteStore;
  try {
    store = new SqliteStore(join(dataDir, databaseFile), options);
  } catch (error) {
    throw openError(dataDir, error);
  }
  try {
    importLegacyJournal(dataDir, store);
  } catch (error) {
    void store.close();
    throw error instanceof StoreOpenError ? error : openError(dataDir, error);
  }
  return store;
}

function prepareFolder(dataDir: string): void {
  try {
    if (!statSync(dataDir).isDirectory()) throw new StoreOpenError(dataDir, 'is not a folder');
  } catch (error) {
    if (error instanceof StoreOpenError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new StoreOpenError(dataDir, 'is not a folder', {cause: error});
    if (code !== 'ENOENT') throw fileError(dataDir, error);
    try {
      mkdirSync(dataDir, {recursive: true});
    } catch (cause) {
      throw fileError(dataDir, cause, 'cannot be created');
    }
  }
  try {
    accessSync(dataDir, W_OK);
  } catch (error) {
    throw fileError(dataDir, error);
  }
}

function fileError(dataDir: string, error: unknown, doing = 'cannot be used'): StoreOpenError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EROFS'
      ? 'is on a read-only file system'
      : code === 'EACCES' || code === 'EPERM'
        ? 'is not writable by this process'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'is not a folder'
          : code === 'ENOSPC'
            ? `${doing}: the disk is full`
            : `${doing} (${code ?? (error as Error).message})`;
  return new StoreOpenError(dataDir, reason, {cause: error});
}

function openError(dataDir: string, error: unknown): StoreOpenError {
  if (error instanceof StoreOpenError) return error;
  if (error instanceof SchemaTooNewError) {
    return new StoreOpenError(
      dataDir,
      `holds a ${databaseFile} of a newer service version (${error.message}); run that version or a newer one`,
      {cause: error},
    );
  }
  const code = sqliteCodeOf(error) ?? '';
  const message = (error as Error).message;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreLockedError(dataDir, {cause: error});
  }
  const reason = code.startsWith('SQLITE_READONLY')
    ? 'is read-only'
    : code.startsWith('SQLITE_FULL')
      ? 'is on a full disk; free some space'
      : code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')
        ? `holds a ${databaseFile} that is not a readable SQLite database (${message})`
        : code.startsWith('SQLITE_CANTOPEN')
          ? `cannot be opened (${message})`
          : code.startsWith('SQLITE_IOERR')
            ? `cannot be read or written (${code}: ${message})`
            : `cannot be opened (${message})`;
  return new StoreOpenError(dataDir, reason, {cause: error});
}

/**
 * Moves the data of the journal store earlier versions kept (`snapshot.json`, `journal.log`)
 * into the database, in one transaction, then renames those files `*.imported`. Importing
 * again after a crash between the two steps writes the same records again.
 */
function importLegacyJournal(dataDir: string, store: SqliteStore): void {
  let collections;
  try {
    collections = readLegacyJournal(dataDir);
  } catch (error) {
    throw new StoreOpenError(
      dataDir,
      `holds journal store files that cannot be imported (${(error as Error).message})`,
      {cause: error},
    );
  }
  if (!collections) return;
  const writer = legacyWriter(dataDir);
  if (writer !== undefined) {
    throw new StoreOpenError(
      dataDir,
      `is in use by process ${writer} of an earlier service version; stop it first`,
    );
  }
  store.transaction(() => {
    let highest = 0;
    for (const [name, records] of collections) {
      const collection = store.collection<{id: string}>(name);
      for (const record of records.values()) {
        collection.put(record);
        if (name === 'quotations') {
          highest = Math.max(highest, issuedNumber((record as {number?: unknown}).number));
        }
      }
    }
    store.raiseSequence(quotationNumberSequence, highest);
  });
  // On disk before the journal files are retired.
  store.flush();
  retireLegacyJournal(dataDir);
  console.warn(`Storage: imported the journal store files of ${dataDir} into ${databaseFile}`);
}
