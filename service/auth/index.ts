export {Applications, demoApplication, stableGuid} from './applications.js';
export type {IntegrationApplication} from './applications.js';
export {BearerError, TokenRequestError} from './auth-error.js';
export {requireBearer} from './bearer.js';
export type {AppEnv, Principal} from './principal.js';
export {registerTokenRoutes, serviceScope, tokenPaths} from './token-routes.js';
export type {TokenRouteOptions} from './token-routes.js';
export {TokenScheme, Tokens} from './tokens.js';
export type {TokenCheck, TokenRecord} from './tokens.js';
