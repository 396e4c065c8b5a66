export {isJsonMediaType, mediaType, parseJson, readBodyText, readJson} from './body.js';
export {corsMiddleware, parseAllowedOrigins} from './cors.js';
export type {AllowedOrigins} from './cors.js';
export {Fields, arrayBody, guidList} from './fields.js';
export {isGuid} from './guid.js';
export {caseInsensitivePaths} from './route-case.js';
export type {RoutePattern} from './route-case.js';
export {Limits, bounded, checkJsonDepth, requestTargetLimits} from './limits.js';
export {queryBoolean, queryInteger, queryString} from './query.js';
