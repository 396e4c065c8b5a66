import {Scope} from './scopes.js';

/** One operation a `Service.Configurator` token may call. */
export interface ShopperRoute {
  /** What the operation is, for people and test names. */
  operation: string;
  method: 'GET' | 'PUT' | 'POST';
  /**
   * The path. `{id}` is a session GUID; any other `{...}` is one path segment. Letter case
   * never matters, and one trailing slash is allowed.
   */
  path: string;
}

const versioned = '/configurator/{version}/configurator';

/**
 * The whole of a shopper's journey, in every generation, and nothing else: THE list that
 * decides what a `Service.Configurator` token reaches. A path not listed here needs
 * `Service.Api`, so a route added anywhere in the service is closed to shoppers until it is
 * added here on purpose.
 *
 * Session ids are matched as GUIDs, so a fixed segment at an id's place (`addtoquotation`,
 * and whatever comes later) never passes as one.
 */
export const shopperRoutes: readonly ShopperRoute[] = [
  // v3, the session the widget runs
  {operation: 'start a session (v3)', method: 'GET', path: '/api/3/configurator/new/{model}'},
  {operation: 'update a requirement (v3)', method: 'PUT', path: '/api/3/configurator/{id}'},
  {
    operation: 'change language (v3)',
    method: 'PUT',
    path: '/api/3/configurator/{id}/changelanguage',
  },
  {
    operation: 'signed configuration (v3)',
    method: 'GET',
    path: '/api/3/configurator/{id}/signed',
  },
  {
    operation: 'price effects of choices (v3)',
    method: 'POST',
    path: '/api/3/configurator/{id}/effects',
  },

  // v2
  {operation: 'list configuration models (v2)', method: 'GET', path: '/api/2/featuremodels'},
  {
    operation: 'start a session (v2)',
    method: 'GET',
    path: '/api/2/configurations/startnew/{model}',
  },
  {operation: 'update a requirement (v2)', method: 'PUT', path: '/api/2/configurations/{id}'},
  {
    operation: 'request a quote for a session (v2)',
    method: 'POST',
    path: '/api/2/configurations/{id}/requestquote',
  },

  // the versioned API (the version itself is checked by its routes)
  {
    operation: 'list configuration models',
    method: 'GET',
    path: `${versioned}/configurationmodels`,
  },
  {operation: 'configurator settings', method: 'GET', path: `${versioned}/settings`},
  {operation: 'start a session', method: 'GET', path: `${versioned}/new/{model}`},
  {operation: 'open a session or code', method: 'GET', path: `${versioned}/open/{idOrCode}`},
  {operation: 'keep a frozen copy for undo', method: 'POST', path: `${versioned}/copy/{code}`},
  {operation: 'update a requirement', method: 'PUT', path: `${versioned}/{id}`},
  {operation: 'update a text value', method: 'PUT', path: `${versioned}/{id}/text`},
  {operation: 'update text values', method: 'PUT', path: `${versioned}/{id}/text/multiple`},
  {operation: 'change language', method: 'PUT', path: `${versioned}/{id}/changelanguage`},
  {operation: 'change language by body', method: 'POST', path: `${versioned}/changelanguage`},
  {operation: 'change language by body', method: 'PUT', path: `${versioned}/changelanguage`},
  {operation: 'step image', method: 'GET', path: `${versioned}/{id}/image`},
  {
    operation: 'linked cardinality by body',
    method: 'POST',
    path: `${versioned}/updatelinkedconfigurationcardinality`,
  },
  {
    operation: 'linked cardinality',
    method: 'PUT',
    path: `${versioned}/{id}/updatelinkedconfigurationcardinality`,
  },
  {operation: 'request a quote', method: 'POST', path: `${versioned}/requestquote`},
];

const guid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `{id}` a GUID, `{anything}` one segment, the rest literal; any case, one optional `/` at the end. */
function compile(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part === '{id}'
        ? guid
        : part.startsWith('{')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

const compiled = shopperRoutes.map((route) => ({
  method: route.method,
  pattern: compile(route.path),
}));

/** Whether `method path` is one of the shopper's operations (`HEAD` counts as `GET`). */
export function isShopperRoute(method: string, path: string): boolean {
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.some((route) => route.method === wanted && route.pattern.test(path));
}

/** The narrowest scope that reaches `method path`. */
export function requiredScope(method: string, path: string): Scope {
  return isShopperRoute(method, path) ? Scope.configurator : Scope.api;
}

/** Whether a token with `scopes` may call `method path`. */
export function scopesAllow(scopes: readonly Scope[], method: string, path: string): boolean {
  if (scopes.includes(Scope.api)) return true;
  return scopes.includes(Scope.configurator) && isShopperRoute(method, path);
}
