// The widget's update, `PUT /api/3/configurator/{id}`, answered on `node:http` without the
// Request -> Response adaptation when it is plain; everything else goes to the Hono app.
// Why and what it covers: docs/decisions/0050-a-node-fast-path-for-the-update.md.
import type {IncomingMessage, RequestListener, ServerResponse} from 'node:http';
import {bearerToken, scopesAllow, type Tokens} from './auth/index.js';
import {configurationAnswer, readRequirement, type Configurator} from './configurator/index.js';
import {errorResponse} from './errors.js';
import {
  booleanValue,
  exposeHeaders,
  isGuid,
  isJsonMediaType,
  mediaTypeOf,
  parseJson,
  readsAsUtf8,
  utf8Text,
  type CorsPolicy,
} from './http/index.js';
import type {Store} from './store/index.js';

/**
 * The update's path with a session GUID, in the spelling the widget sends, and a query of
 * plain letters, digits, `-`, `=` and `&` only (nothing to decode).
 */
const updateTarget =
  /^\/api\/3\/configurator\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?([A-Za-z0-9=&-]*))?$/i;

/** The longest request target answered here: an update's is under 100 characters. */
const longestTarget = 256;

/** A `Host` the adapter takes as it is: a name or IPv4 address and a port. */
const plainHost = /^[a-z0-9.-]+(?::\d{1,5})?$/;

/**
 * Bodies up to this size are read here; larger ones (an update's body is about a hundred
 * bytes) go to the app, which applies the service's own limit.
 */
const largestBody = 16 * 1024;

/** The request headers the fast path reads, lowercased. */
const readHeaders = new Set([
  'host',
  'authorization',
  'content-type',
  'content-length',
  'transfer-encoding',
  'origin',
  'accept-encoding',
]);

/** An answer the adapter writes as the app would have: the fast path's failures. */
const answerKey = Symbol('answer');

interface FastUpdateOptions {
  store: Store;
  tokens: Tokens;
  configurator: Configurator;
  cors: CorsPolicy;
}

type Incoming = IncomingMessage & {rawBody?: Buffer; [answerKey]?: Response};

/**
 * The update route on `node:http`. `wrap(listener)` gives a listener that answers a plain
 * update itself and hands every other request, unread, to `listener` (the Hono adapter's).
 *
 * Plain means: nothing the app would refuse or treat specially can be seen in the method,
 * target and headers (a known token whose scope reaches the route, an origin that is allowed
 * or none, a declared small body of a JSON or lenient type, no header the fast path reads
 * twice). Anything that fails once the body is read (bad JSON, an unknown session or node, a
 * storage fault before the answer) has changed nothing, so the request goes to the app with
 * the body it sent, and the app answers it, error and all. Only a failure after the session
 * was saved (its group's commit or sync) is answered here, as the app's `answerWhenDurable`
 * and CORS middleware would. test/service/http/fast-update.test.ts sends the same requests
 * both ways and compares every byte.
 */
export class FastUpdates {
  readonly #store: Store;
  readonly #tokens: Tokens;
  readonly #configurator: Configurator;
  readonly #cors: CorsPolicy;
  /** Updates answered here, for tests. */
  answered = 0;

  constructor({store, tokens, configurator, cors}: FastUpdateOptions) {
    this.#store = store;
    this.#tokens = tokens;
    this.#configurator = configurator;
    this.#cors = cors;
  }

  /** `listener` with the fast path in front. */
  wrap(listener: RequestListener): RequestListener {
    // Writes an answer made here through the adapter, so its bytes are the app's.
    const writeAnswer = (incoming: Incoming, outgoing: ServerResponse) =>
      listener(incoming, outgoing);
    return (incoming: Incoming, outgoing) => {
      if (!this.#take(incoming, outgoing, listener, writeAnswer)) listener(incoming, outgoing);
    };
  }

  /** The adapter answers `incoming[answerKey]` when it is set, before the app sees it. */
  static answering(
    fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  ): (request: Request, env?: unknown) => Response | Promise<Response> {
    return (request, env) => {
      const incoming = (env as {incoming?: Incoming} | undefined)?.incoming;
      return incoming?.[answerKey] ?? fetch(request, env);
    };
  }

  #take(
    incoming: Incoming,
    outgoing: ServerResponse,
    fallback: RequestListener,
    writeAnswer: (incoming: Incoming, outgoing: ServerResponse) => void,
  ): boolean {
    if (incoming.method !== 'PUT') return false;
    const url = incoming.url ?? '';
    // Far below the app's own limit on the request target, so that limit never applies here.
    if (url.length > longestTarget) return false;
    const target = updateTarget.exec(url);
    if (!target) return false;
    const query = readQuery(target[2]);
    if (!query) return false;
    const headers = singleHeaders(incoming.rawHeaders);
    if (!headers) return false;
    const host = headers.get('host');
    if (host === undefined || !plainHost.test(host)) return false;
    if (headers.has('transfer-encoding')) return false;
    const length = headers.get('content-length');
    if (length === undefined || !/^\d{1,5}$/.test(length) || Number(length) > largestBody) {
      return false;
    }
    const type = mediaTypeOf(headers.get('content-type'));
    if (!(isJsonMediaType(type) || type === '' || type === 'text/plain')) return false;
    // Another charset is the app's 415.
    if (!readsAsUtf8(headers.get('content-type'))) return false;
    const requestOrigin = headers.get('origin');
    const cors = this.#cors;
    if (requestOrigin !== undefined && cors.list !== undefined && !cors.list.has(requestOrigin)) {
      return false;
    }
    const authorization = headers.get('authorization');
    const token = authorization === undefined ? undefined : bearerToken(authorization);
    if (token === undefined) return false;
    const check = this.#tokens.check(token);
    const path = url.slice(0, target[2] === undefined ? undefined : -target[2].length - 1);
    if (!check.ok || !scopesAllow(check.principal.scopes, 'PUT', path)) return false;

    // From here the request is this path's: what the app's middleware took at its start.
    const durable = this.#store.durability();
    const id = target[1]!;
    const origin = cors.answerOrigin(requestOrigin);
    const acceptEncoding = headers.get('accept-encoding');
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      // A change writes the slot of its revision alone (docs/decisions/0108).
      const writes = this.#store.writes('sessionrevisions');
      let answer;
      try {
        const requirement = readRequirement(parseJson(utf8Text(body)));
        const configuration = this.#configurator.update(id, requirement, {
          ignoreConflicts: query.ignoreConflicts,
          compress: query.compress ? 'changes' : undefined,
          effectsOf: query.effectsOf,
        });
        answer = configurationAnswer(acceptEncoding, configuration);
      } catch (error) {
        if (this.#store.writes('sessionrevisions') === writes) {
          // Nothing was saved: the app reads the same body and answers as it always does.
          incoming.rawBody = body;
          fallback(incoming, outgoing);
          return;
        }
        // A failure after the save (none is known): answered as the app's error handler
        // would, once the group is settled, since asking the app would apply it again.
        const failed = () => {
          incoming[answerKey] = this.#failed(error, origin);
          writeAnswer(incoming, outgoing);
        };
        durable().then(failed, (storageError: unknown) => {
          error = storageError;
          failed();
        });
        return;
      }
      this.answered++;
      durable().then(
        () => {
          const out: Record<string, string> = {};
          if (origin) out['access-control-allow-origin'] = origin;
          out['access-control-expose-headers'] = exposeHeaders;
          for (const [name, value] of Object.entries(answer.headers)) {
            out[name.toLowerCase()] = value;
          }
          if (cors.list) out.vary = `${out.vary}, Origin`;
          // The order the adapter writes a Headers object in: by name.
          const sorted: Record<string, string> = {};
          for (const name of Object.keys(out).sort()) sorted[name] = out[name]!;
          outgoing.writeHead(200, sorted);
          const pieces = answer.streamed;
          if (pieces.length === 1) {
            outgoing.end(pieces[0]);
            return;
          }
          outgoing.cork();
          for (const piece of pieces) outgoing.write(piece);
          outgoing.end();
          outgoing.uncork();
        },
        (error: unknown) => {
          incoming[answerKey] = this.#failed(error, origin);
          writeAnswer(incoming, outgoing);
        },
      );
    });
    return true;
  }

  /** The answer the app gives when the update's group failed: its error, with CORS headers. */
  #failed(error: unknown, origin: string | undefined): Response {
    const response = errorResponse(error);
    this.#cors.decorate(response.headers, origin);
    return response;
  }
}

/**
 * `ignoreConflicts` and `compress` as the route reads them (names in any case, `true|false|1|0`
 * in any case, empty for the default), and `effectsOf` when it is a GUID; undefined for anything
 * else (an empty or malformed step too), which the app answers.
 */
function readQuery(
  query: string | undefined,
): {ignoreConflicts: boolean; compress: boolean; effectsOf: string | undefined} | undefined {
  let ignoreConflicts: boolean | undefined;
  let compress: boolean | undefined;
  let effectsOf: string | undefined;
  if (query) {
    for (const part of query.split('&')) {
      if (part === '') continue;
      const equals = part.indexOf('=');
      const name = (equals < 0 ? part : part.slice(0, equals)).toLowerCase();
      const value = equals < 0 ? '' : part.slice(equals + 1);
      if (value.includes('=')) return undefined;
      if (name === 'effectsof') {
        // The route's own check; an empty value (the route's default) is the app's to answer.
        if (effectsOf !== undefined || !isGuid(value)) return undefined;
        effectsOf = value;
        continue;
      }
      const flag = readFlag(value);
      if (flag === null) return undefined;
      if (name === 'ignoreconflicts') {
        if (ignoreConflicts !== undefined) return undefined;
        ignoreConflicts = flag;
      } else if (name === 'compress') {
        if (compress !== undefined) return undefined;
        compress = flag;
      } else {
        return undefined;
      }
    }
  }
  return {ignoreConflicts: ignoreConflicts ?? false, compress: compress ?? false, effectsOf};
}

/** A boolean query value as the app reads it; `false` for empty (the default of both flags). */
function readFlag(value: string): boolean | null {
  return value === '' ? false : booleanValue(value);
}

/** The headers the fast path reads, by lowercase name; undefined when one of them comes twice. */
function singleHeaders(raw: readonly string[]): Map<string, string> | undefined {
  const headers = new Map<string, string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!readHeaders.has(name)) continue;
    if (headers.has(name)) return undefined;
    headers.set(name, raw[i + 1]!);
  }
  return headers;
}
