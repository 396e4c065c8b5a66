import {Scope, stableGuid, type Principal} from '../auth/index.js';
import type {EmbedKeyRecord, EmbedKeys} from './embed-keys.js';

/** The name of the key `npm start` keeps for its own pages and `ALLOWED_ORIGINS`. */
export const demoKeyName = 'Demo key (npm start)';

/**
 * The demo's publishable key, allowed for `origins`: created on the first start, its origins
 * brought up to date on every later one (the port or `ALLOWED_ORIGINS` may have changed), so a
 * page that pasted it keeps working across restarts with the same data folder.
 */
export function ensureDemoKey(
  keys: EmbedKeys,
  clientId: string,
  origins: readonly string[],
): EmbedKeyRecord {
  const owner: Principal = {clientId, userId: stableGuid(clientId), scopes: [Scope.api]};
  const body = {name: demoKeyName, allowedOrigins: [...new Set(origins)]};
  const existing = keys.list(owner).find((key) => key.name === demoKeyName);
  return existing ? keys.update(owner, existing.id, body) : keys.create(owner, body);
}
