import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import type {Configurator} from '../configurator/index.js';
import {Errors, ServiceError, notFound} from '../errors.js';
import {isGuid} from '../http/index.js';
import {signCompact} from './compact-jws.js';
import type {SigningKey} from './signing-key.js';
import {configurationClaims} from './statement.js';

/** The public path of the service's signing keys (answered without a token). */
export const jwksPath = '/.well-known/jwks.json';

export interface SigningOptions {
  key: SigningKey;
  /** `iss` of every statement; default the origin the request reached (the service's base URL). */
  issuer?: string | undefined;
  /** How long a statement holds, in seconds; default 3600. */
  lifetimeSeconds?: number;
  /** Epoch milliseconds. */
  now: () => number;
}

/** The signed configuration and the key set that verifies it (docs/commerce.md). */
export function registerSigningRoutes(
  app: Hono<AppEnv>,
  configurator: Configurator,
  options: SigningOptions,
): void {
  const {key, now} = options;
  const lifetimeSeconds = options.lifetimeSeconds ?? 3600;

  app.get(jwksPath, (c) => {
    // Short: a host that fetches again on an unknown key id sees a new key within minutes.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({keys: [key.publicJwk]});
  });

  app.get('/api/3/configurator/:id/signed', (c) => {
    const id = c.req.param('id');
    if (!isGuid(id)) throw notFound(`No configuration "${id}"`, {configurationId: id});
    // Rendered in the session's own language, without saving anything.
    const configuration = configurator.open(id, {lang: undefined});
    if (configuration.unansweredMandatories.length > 0) {
      throw new ServiceError(
        Errors.configurationIncomplete,
        'The configuration has unanswered mandatory features',
        {unansweredMandatories: configuration.unansweredMandatories},
      );
    }
    const model = configurator.catalog.byId(configuration.featureModelId);
    if (!model) throw notFound(`No configuration "${id}"`, {configurationId: id});
    const issuedAt = Math.floor(now() / 1000);
    const claims = configurationClaims(configuration, {
      issuer: options.issuer ?? new URL(c.req.url).origin,
      vatRate: model.vatRate,
      decimalDigits: model.currency.decimalDigits,
      issuedAt,
      lifetimeSeconds,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({
      jws: signCompact({...claims}, key),
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    });
  });
}
