export {demoKeyName, ensureDemoKey} from './demo-key.js';
export {EmbedKeys, allows, view} from './embed-keys.js';
export type {EmbedKeyRecord, EmbedKeyView, LiveKey} from './embed-keys.js';
export {
  defaultEmbedKeyRateLimits,
  embedKeyRoutes,
  embedTokenLifetimeMs,
  embedTokenPath,
  tenantHeader,
} from './embed-key-routes.js';
export type {EmbedKeyRateLimits} from './embed-key-routes.js';
export {originMatches, parseOriginPattern, patternText} from './origin-pattern.js';
export type {OriginPattern} from './origin-pattern.js';
