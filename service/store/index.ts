export type {Collection, PropertyValue, Store} from './store.js';
export {MemoryStore, SqliteStore} from './sqlite-store.js';
export {StoreLockedError, StoreOpenError} from './storage-error.js';
export {migrate, quotationNumberSequence, schemaVersion} from './schema.js';
export {databaseFile, openStore} from './open-store.js';
