import {readCapped} from './read-capped.js';
import {TokenEndpointError, TokenEndpointErrors} from './token-endpoint-error.js';

/** Scheme 1 of the service: an OpenID client integration, `POST {authUrl}/connect/token`. */
export interface ClientCredentialsScheme {
  scheme: 'client-credentials';
  /** The service's `{auth_url}`; `/connect/token` is appended. */
  authUrl: string | URL;
  /** The integration's client id. */
  clientId: string;
  /** The integration's client secret. Stays on the server: never answered, logged or thrown. */
  clientSecret: string;
  /**
   * The scope asked for, space-separated; default `Service.Configurator`, a shopper's scope.
   * Never widened: a service that refuses it makes the endpoint answer 502
   * `upstream_scope_refused`.
   */
  scope?: string;
}

/** Scheme 2 of the service: a connect application, `POST {baseUrl}/api/2/auth/serviceconnectlogin`. */
export interface ApplicationLoginScheme {
  scheme: 'application-login';
  /** The service's `{base_url}`; `/api/2/auth/serviceconnectlogin` is appended. */
  baseUrl: string | URL;
  /** The connect application's id (`clientId` on the wire). */
  applicationId: string;
  /** The application's secret. Stays on the server: never answered, logged or thrown. */
  secret: string;
  /** The scope asked for (the `scope` JSON field); default `Service.Configurator`. */
  scope?: string;
}

/** How the helper obtains tokens: one of the service's two schemes. */
export type UpstreamScheme = ClientCredentialsScheme | ApplicationLoginScheme;

/** The scope a shopper's page needs: configurator sessions and quote requests, nothing else. */
export const shopperScope = 'Service.Configurator';

/** A token as the authorization server issued it. */
export interface UpstreamToken {
  accessToken: string;
  /** The lifetime the server granted, in milliseconds whatever the scheme's unit. */
  lifetimeMs: number;
  /**
   * The scope the server says it granted; `undefined` when its answer names none (OAuth:
   * the scope asked for).
   */
  scope: string | undefined;
}

export interface UpstreamRequestOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

/** A prepared request: the URL and body are built once, when the endpoint is created. */
export interface UpstreamRequest {
  url: string;
  /** The scope asked for, checked against what the server grants. */
  scope: string;
  /** The URL without any user info, for log lines. */
  label: string;
  init: () => RequestInit;
  parse: (body: unknown) => UpstreamToken | undefined;
}

// Anything larger is not a token answer; reading it all would only cost memory.
const maxBodyLength = 64 * 1024;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks the scheme's fields and builds the upstream request. Throws a `TypeError` that names
 * the faulty option (never its value) so a misconfiguration fails at start-up, not per call.
 */
export function prepareUpstreamRequest(scheme: UpstreamScheme, allowHttp = false): UpstreamRequest {
  const scope = scopeOption(scheme.scope);
  if (scheme.scheme === 'client-credentials') {
    requireText(scheme.clientId, 'clientId');
    requireText(scheme.clientSecret, 'clientSecret');
    const url = joinUrl(scheme.authUrl, 'connect/token', 'authUrl', allowHttp);
    const body = new URLSearchParams({
      client_id: scheme.clientId,
      client_secret: scheme.clientSecret,
      grant_type: 'client_credentials',
      scope,
    }).toString();
    return {
      url,
      scope,
      label: labelOf(url),
      init: () => ({
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
      }),
      parse: (json) => {
        const token = field(json, 'access_token');
        const seconds = field(json, 'expires_in');
        const scope = grantedScope(json);
        return isToken(token) && isLifetime(seconds) && scope !== unreadable
          ? {accessToken: token, lifetimeMs: seconds * 1000, scope}
          : undefined;
      },
    };
  }
  if (scheme.scheme === 'application-login') {
    requireText(scheme.applicationId, 'applicationId');
    requireText(scheme.secret, 'secret');
    const url = joinUrl(scheme.baseUrl, 'api/2/auth/serviceconnectlogin', 'baseUrl', allowHttp);
    const body = JSON.stringify({clientId: scheme.applicationId, secret: scheme.secret, scope});
    return {
      url,
      scope,
      label: labelOf(url),
      init: () => ({
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json'},
        body,
      }),
      parse: (json) => {
        const token = field(json, 'accessToken');
        // Scheme 2 counts its lifetime in milliseconds (1800000 is 30 minutes).
        const ms = field(json, 'expiresIn');
        const scope = grantedScope(json);
        return isToken(token) && isLifetime(ms) && scope !== unreadable
          ? {accessToken: token, lifetimeMs: ms, scope}
          : undefined;
      },
    };
  }
  throw new TypeError(
    "token endpoint: `scheme` must be 'client-credentials' or 'application-login'",
  );
}

/**
 * Asks the authorization server for a token. Every failure becomes a `TokenEndpointError`
 * whose message is fixed text: the upstream body is never copied, since an authorization
 * server may echo what it was sent.
 */
export async function requestUpstreamToken(
  request: UpstreamRequest,
  options: UpstreamRequestOptions,
): Promise<UpstreamToken> {
  let response: Response;
  let text: string;
  let size: string;
  try {
    response = await options.fetch(request.url, {
      ...request.init(),
      // A redirect would re-send the credentials to wherever it points; treat it as a refusal.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // A 400 is read too: OAuth names a refused scope there (`invalid_scope`).
    const readable = response.ok || response.status === 400;
    // Read no further than a token answer can be: a server that streams more is refused below
    // (a body over the cap reads as empty, which is no token and no scope refusal).
    const bytes = readable ? await readCapped(response, maxBodyLength) : undefined;
    if (!readable) await response.body?.cancel();
    text = bytes ? new TextDecoder().decode(bytes) : '';
    size = bytes ? `${bytes.byteLength} bytes` : `more than ${maxBodyLength} bytes`;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamUnavailable,
      'The authorization server could not be reached',
      {
        detail: timedOut
          ? `no answer from ${request.label} within ${options.timeoutMs} ms`
          : `request to ${request.label} failed (${describe(error)})`,
      },
    );
  }
  if (response.status >= 500 || response.status === 429) {
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamUnavailable,
      'The authorization server is unavailable',
      {detail: `${request.label} answered ${response.status}`},
    );
  }
  if (response.status === 400 && refusesScope(text)) {
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamScopeRefused,
      `The authorization server does not grant the scope ${request.scope}; set the token endpoint's \`scope\` option to the narrowest scope it offers for a shopper's session`,
      {detail: `${request.label} answered invalid_scope for the scope "${request.scope}"`},
    );
  }
  if (!response.ok) {
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamRejected,
      'The authorization server refused the configured credentials',
      {
        detail: `${request.label} answered ${response.status || 'a redirect'}; check the credentials and URL`,
      },
    );
  }
  let token: UpstreamToken | undefined;
  try {
    token = request.parse(JSON.parse(text));
  } catch {
    token = undefined;
  }
  if (!token) {
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamInvalidResponse,
      'The authorization server answered without a usable token',
      {detail: `${request.label} answered 200 with ${size} that are not a token`},
    );
  }
  const wider = token.scope === undefined ? [] : beyond(token.scope, request.scope);
  if (wider.length > 0) {
    // Handing this token out would give every page more than the operator chose.
    throw new TokenEndpointError(
      TokenEndpointErrors.upstreamScopeWidened,
      `The authorization server granted more than the scope ${request.scope}; the token is not handed out. Check the \`scope\` option and the integration's settings`,
      // The granted names are the server's text: counted, never copied.
      {detail: `${request.label} granted ${wider.length} scope name(s) beyond "${request.scope}"`},
    );
  }
  return token;
}

/** Scope names in `granted` that `requested` does not hold. */
function beyond(granted: string, requested: string): string[] {
  const asked = new Set(requested.split(' '));
  return granted.split(/\s+/).filter((name) => name && !asked.has(name));
}

/** Whether an error answer is OAuth's `invalid_scope` (scheme 1) or the service's code (scheme 2). */
function refusesScope(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    return field(json, 'error') === 'invalid_scope' || field(json, 'code') === 'invalid_scope';
  } catch {
    return false;
  }
}

// RFC 6749 3.3: scope tokens of printable ASCII without space, `"` or `\`, one space apart.
const scopeSyntax = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;

function scopeOption(value: unknown): string {
  if (value === undefined) return shopperScope;
  if (typeof value !== 'string' || !scopeSyntax.test(value)) {
    throw new TypeError(
      'token endpoint: `scope` must be scope names separated by single spaces (for example Service.Configurator)',
    );
  }
  return value;
}

function requireText(value: unknown, name: string) {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`token endpoint: \`${name}\` must be a non-empty string`);
  }
}

/**
 * `base` (an option named `name`) with `path` appended, checked: an absolute http(s) URL, and
 * https unless the host is loopback or `allowHttp` is set, since a secret or token crosses it.
 */
export function joinUrl(
  base: string | URL,
  path: string,
  name: string,
  allowHttp: boolean,
): string {
  let url: URL;
  try {
    url = new URL(String(base));
  } catch {
    throw new TypeError(`token endpoint: \`${name}\` must be an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`token endpoint: \`${name}\` must be an http(s) URL`);
  }
  // A secret or token crosses this connection; plain HTTP is only acceptable on one machine.
  if (url.protocol === 'http:' && !allowHttp && !loopbackHosts.has(url.hostname)) {
    throw new TypeError(
      `token endpoint: \`${name}\` must use https (or set allowHttp for a trusted network)`,
    );
  }
  url.search = '';
  url.hash = '';
  return `${url.href.replace(/\/+$/, '')}/${path}`;
}

/** A URL without user info or query, for log lines. */
export const labelOf = (href: string) => {
  const url = new URL(href);
  return url.origin + url.pathname;
};

const field = (json: unknown, name: string): unknown =>
  typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;

const isToken = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && !/\s/.test(value);

const isLifetime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

const unreadable = Symbol('unreadable scope');

/**
 * The scope the answer says it granted: `undefined` when it names none (OAuth: as asked).
 * Anything else that is not text (a list, `null`, a number) is `unreadable`, and the answer is
 * refused: reading it as "as asked" would hand a wider token to every page.
 */
const grantedScope = (json: unknown): string | undefined | typeof unreadable => {
  const scope = field(json, 'scope');
  return scope === undefined || typeof scope === 'string' ? scope : unreadable;
};

const describe = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as {code?: unknown} | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown error';
};
