export {
  isJsonMediaType,
  mediaType,
  mediaTypeOf,
  parseJson,
  readBodyText,
  readJson,
  readsAsUtf8,
  requireUtf8,
  utf8Text,
} from './body.js';
export {corsMiddleware, corsPolicy, exposeHeaders, parseAllowedOrigins} from './cors.js';
export type {AllowedOrigins, CorsPolicy} from './cors.js';
export {matchesEtag} from './etag.js';
export {Fields, arrayBody, guidList} from './fields.js';
export {isGuid} from './guid.js';
export {allowedMethods, caseInsensitivePaths} from './route-case.js';
export type {RoutePattern} from './route-case.js';
export {Limits, bounded, checkJsonDepth, requestTargetLimits} from './limits.js';
export {booleanValue, queryBoolean, queryGuid, queryInteger, queryString} from './query.js';
