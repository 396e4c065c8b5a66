/**
 * The OAuth scopes a token may carry. `Service.Api` is the seed's scope: every API of the
 * tenant. `Service.Configurator` is a shopper's: the operations of `shopper-routes.ts` only.
 */
export const Scope = {
  api: 'Service.Api',
  configurator: 'Service.Configurator',
} as const;
export type Scope = (typeof Scope)[keyof typeof Scope];

/** Every scope the service knows, widest first. */
export const knownScopes: readonly Scope[] = [Scope.api, Scope.configurator];

const isScope = (value: string): value is Scope =>
  (knownScopes as readonly string[]).includes(value);

/** What reading a requested scope found. */
export type ScopeRequest = {ok: true; scopes: Scope[]} | {ok: false; unknown: string[]};

/**
 * Reads a requested scope: OAuth's space-separated list (RFC 6749 3.3), each name exactly as
 * the service spells it. Duplicates collapse; the result is in `knownScopes` order.
 */
export function readScopeRequest(value: string): ScopeRequest {
  const names = value.split(/[ \t\r\n]+/).filter(Boolean);
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) return {ok: false, unknown: [...new Set(unknown)]};
  return {ok: true, scopes: knownScopes.filter((scope) => names.includes(scope))};
}

/** The space-separated form of a granted scope, as both schemes' answers show it. */
export const formatScope = (scopes: readonly Scope[]): string => scopes.join(' ');

/**
 * Reads a stored token's scope. A record without one, or with a name this service no longer
 * knows, yields `undefined`: the token is then treated as unknown (401, so the client renews)
 * rather than guessed at, so no store change can ever widen what a token reaches.
 */
export function storedScopes(value: unknown): Scope[] | undefined {
  if (typeof value !== 'string') return undefined;
  const request = readScopeRequest(value);
  return request.ok && request.scopes.length > 0 ? request.scopes : undefined;
}
