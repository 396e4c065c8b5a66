export {Applications, demoApplication, stableGuid} from './applications.js';
export type {IntegrationApplication} from './applications.js';
export {
  BearerError,
  InsufficientScopeError,
  RateLimitedError,
  TokenRequestError,
} from './auth-error.js';
export {requireBearer} from './bearer.js';
export type {AppEnv, Principal} from './principal.js';
export {addressKey, defaultTokenRateLimits, RateLimiter} from './rate-limit.js';
export type {RateLimit, TokenRateLimits} from './rate-limit.js';
export {Scope, knownScopes, readScopeRequest} from './scopes.js';
export {isShopperRoute, requiredScope, scopesAllow, shopperRoutes} from './shopper-routes.js';
export type {ShopperRoute} from './shopper-routes.js';
export {registerTokenRoutes, serviceScope, tokenPaths} from './token-routes.js';
export type {TokenRouteOptions} from './token-routes.js';
export {TokenScheme, Tokens} from './tokens.js';
export type {TokenCheck, TokenRecord} from './tokens.js';
