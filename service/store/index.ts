export type {Collection, Store} from './store.js';
export {MemoryStore} from './store.js';
export {JournalStore, StoreCorruptError, type JournalStoreOptions} from './journal-store.js';
export {StoreLockedError} from './store-lock.js';
export {openStore} from './open-store.js';
