import type {Hono} from 'hono';
import {ErrorCode, ServiceError} from '../errors.js';
import {Fields, mediaType, readBodyText, readJson} from '../http/index.js';
import type {Applications} from './applications.js';
import {TokenRequestError} from './auth-error.js';
import type {AppEnv} from './principal.js';
import {TokenScheme, type Tokens} from './tokens.js';

/** The one scope the service knows: every API of the tenant. */
export const serviceScope = 'Service.Api';

export interface TokenRouteOptions {
  applications: Applications;
  tokens: Tokens;
  /** Scheme 1 lifetime, seconds (`expires_in`). */
  tokenLifetimeSeconds: number;
  /** Scheme 2 lifetime, milliseconds (`expiresIn`). */
  loginTokenLifetimeMs: number;
}

/** Paths of the two token operations; they are the only API calls without a bearer token. */
export const tokenPaths = ['/connect/token', '/api/2/auth/serviceconnectlogin'] as const;

/**
 * Scheme 1 (`POST /connect/token`, OAuth 2 client credentials, form-encoded) and scheme 2
 * (`POST /api/2/auth/serviceconnectlogin`, JSON application login).
 */
export function registerTokenRoutes(app: Hono<AppEnv>, options: TokenRouteOptions): void {
  const {applications, tokens} = options;

  app.post('/connect/token', async (c) => {
    if (mediaType(c.req.raw) !== 'application/x-www-form-urlencoded') {
      throw new TokenRequestError(
        415,
        'invalid_request',
        'The token request must be application/x-www-form-urlencoded',
        ErrorCode.unsupportedMediaType,
      );
    }
    const form = new URLSearchParams(await readBodyText(c.req.raw, {limit: 16 * 1024}));
    const grantType = form.get('grant_type');
    if (grantType !== 'client_credentials') {
      throw new TokenRequestError(
        400,
        grantType ? 'unsupported_grant_type' : 'invalid_request',
        grantType
          ? `grant_type ${grantType} is not supported; use client_credentials`
          : 'grant_type is required (client_credentials)',
      );
    }
    const [clientId, secret] = clientCredentials(c.req.header('authorization'), form);
    const application = applications.authenticate(clientId, secret);
    if (!application) {
      throw new TokenRequestError(401, 'invalid_client', 'Unknown client id or wrong secret');
    }
    const scope = form.get('scope')?.trim() || serviceScope;
    if (scope.split(/\s+/).some((item) => item !== serviceScope)) {
      throw new TokenRequestError(400, 'invalid_scope', `Only the scope ${serviceScope} exists`);
    }
    const accessToken = tokens.issue(
      application,
      TokenScheme.clientCredentials,
      options.tokenLifetimeSeconds * 1000,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({
      access_token: accessToken,
      expires_in: options.tokenLifetimeSeconds,
      token_type: 'Bearer',
      scope: serviceScope,
    });
  });

  app.post('/api/2/auth/serviceconnectlogin', async (c) => {
    const body = Fields.of(await readJson(c.req.raw, {contentType: 'strict', limit: 16 * 1024}));
    const application = applications.authenticate(body.string('clientId'), body.string('secret'));
    if (!application) {
      throw new ServiceError(401, ErrorCode.notAuthorized, 'Unknown client id or wrong secret');
    }
    const accessToken = tokens.issue(
      application,
      TokenScheme.applicationLogin,
      options.loginTokenLifetimeMs,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({accessToken, expiresIn: options.loginTokenLifetimeMs});
  });
}

/** Client credentials from HTTP Basic (RFC 6749 2.3.1) or, as the seed shows, the form. */
function clientCredentials(
  authorization: string | undefined,
  form: URLSearchParams,
): [string, string] {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))];
    }
  }
  const clientId = form.get('client_id');
  const secret = form.get('client_secret');
  if (!clientId || secret === null) {
    throw new TokenRequestError(401, 'invalid_client', 'client_id and client_secret are required');
  }
  return [clientId, secret];
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
