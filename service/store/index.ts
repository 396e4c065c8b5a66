export type {Collection, PropertyValue, Query, Store} from './store.js';
export {MemoryStore, SqliteStore, type SqliteStoreOptions} from './sqlite-store.js';
export {StorageError, StoreLockedError, StoreOpenError} from './storage-error.js';
export {migrate, migrations, quotationNumberSequence, schemaVersion} from './schema.js';
export {databaseFile, openStore} from './open-store.js';
