import {getPath} from 'hono/utils/url';

/** What a route table entry needs to be matched: Hono's `app.routes` items fit. */
export interface RoutePattern {
  method: string;
  path: string;
}

/**
 * One segment of a pattern: the words it accepts in any letter case (with the spelling the
 * route uses), or `null` for a parameter that takes any value as it is.
 */
type Segment = ReadonlyMap<string, string> | null;

interface Compiled {
  method: string;
  segments: Segment[];
}

/** `:operation{submit|accept|verify}`: a parameter that is really a choice of fixed words. */
const wordChoice = /^:[A-Za-z_]\w*\{([A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*)\}$/;

function compile({method, path}: RoutePattern): Compiled | null {
  if (path.includes('*')) return null;
  const segments = path.split('/').map((part): Segment => {
    const choice = wordChoice.exec(part);
    if (choice) return new Map(choice[1]!.split('|').map((word) => [word.toLowerCase(), word]));
    if (part.startsWith(':')) return null;
    return new Map([[part.toLowerCase(), part]]);
  });
  return {method, segments};
}

/**
 * A Hono `getPath` that matches fixed path segments in any letter case, as the service's real
 * counterpart does (its official client sends `changeLanguage` and `requestQuote`). A path is
 * matched against the route table in registration order; the first route whose fixed segments
 * equal the path's, ignoring case, gives them its spelling. Parameters are never touched:
 * ids, codes, model names and webhook identifiers reach the handlers exactly as sent, and each
 * handler decides whether its value is case-sensitive. Paths without capitals route as they
 * are, so the common case costs one scan of the path.
 *
 * `routes` is read when a request arrives, so routes registered after the app is created count.
 */
export function caseInsensitivePaths(
  routes: () => readonly RoutePattern[],
): (request: Request) => string {
  let compiledFrom = -1;
  let table = new Map<string, Compiled[]>();

  const lookup = (method: string, count: number): readonly Compiled[] => {
    const all = routes();
    if (all.length !== compiledFrom) {
      table = new Map();
      for (const route of all) {
        const compiled = compile(route);
        if (!compiled) continue;
        const key = String(compiled.segments.length);
        table.set(key, [...(table.get(key) ?? []), compiled]);
      }
      compiledFrom = all.length;
    }
    const wanted = method === 'HEAD' ? 'GET' : method;
    return (table.get(String(count)) ?? []).filter(
      (route) => route.method === wanted || route.method === 'ALL',
    );
  };

  return (request) => {
    const path = getPath(request);
    if (!/[A-Z]/.test(path)) return path;
    const parts = path.split('/');
    for (const route of lookup(request.method, parts.length)) {
      const spelled: string[] = [];
      const fits = route.segments.every((segment, i) => {
        const part = parts[i]!;
        if (segment === null) {
          spelled.push(part);
          return true;
        }
        const word = segment.get(part.toLowerCase());
        if (word === undefined) return false;
        spelled.push(word);
        return true;
      });
      if (fits) return spelled.join('/');
    }
    return path;
  };
}

/**
 * The methods the route table answers on `path` (fixed segments in any letter case), for the
 * 405 of a path that exists but not for the method asked: `HEAD` beside `GET`, `ALL` routes
 * (middleware) left out. Only read when no route matched, so its scan costs nothing otherwise.
 */
export function allowedMethods(routes: readonly RoutePattern[], path: string): string[] {
  const parts = path.split('/');
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || methods.has(route.method)) continue;
    const compiled = compile(route);
    if (!compiled || compiled.segments.length !== parts.length) continue;
    const fits = compiled.segments.every(
      (segment, i) => segment === null || segment.has(parts[i]!.toLowerCase()),
    );
    if (fits) methods.add(route.method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}
