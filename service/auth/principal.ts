import type {Scope} from './scopes.js';

/** Who is calling: the integration application behind the bearer token. */
export interface Principal {
  clientId: string;
  /** A stable GUID for the application's user; quotations and events carry it. */
  userId: string;
  /** What the token was granted (`Service.Api`, `Service.Configurator`). */
  scopes: readonly Scope[];
  /** The embed key a page used, for a shopper token issued from one or its tenant header. */
  embedKeyId?: string;
}

/** The Hono environment of the service's app: the principal is set on every authenticated call. */
export interface AppEnv {
  Variables: {
    principal: Principal;
  };
}
