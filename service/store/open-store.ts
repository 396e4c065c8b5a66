import {JournalStore, type JournalStoreOptions} from './journal-store.js';
import {MemoryStore, type Store} from './store.js';

/**
 * Opens the service's store. With a folder, data survives a restart (the durable store,
 * single writer per folder); without one, it lives in memory.
 */
export function openStore(dataDir?: string, options?: JournalStoreOptions): Store {
  return dataDir ? new JournalStore(dataDir, options) : new MemoryStore();
}
