// What an input is and how each kind reaches the service: the request path and body per kind
// (a choice or a value, a text, a language), and the reading of the answer, merged when it
// comes compressed. The session keeps the queue and the order; this module only sends one.
import {badResponse, readConfiguration} from './answers.js';
import type {ChangeSource} from './change-source.js';
import type {ErrorCode} from './errors.js';
import type {HttpClient} from './http-client.js';
import type {ChangeResult, MergeModule, NextInput} from './session-options.js';
import {
  ServiceErrorCode,
  type CompressedConfiguration,
  type Configuration,
  type Requirement,
  type TextRequirement,
} from '../wire/index.js';

export type InputKind = NextInput['kind'];

export interface Waiter {
  _resolve(result: ChangeResult): void;
  _reject(error: unknown): void;
}

export interface Input {
  kind: InputKind;
  /** Empty for a language change. */
  nodeId: string;
  value: number;
  text: string;
  source: ChangeSource;
  _ignoreConflicts: boolean;
  _waiters: Waiter[];
  /** Held until this time (epoch ms) by `quietMs`; 0 sends when its turn comes. */
  _holdUntil: number;
  /** When the first input it replaced was made, bounding the hold. */
  _since: number;
}

/** The versioned API's configurator path (open, text). */
export const versioned = '/configurator/3/configurator';

// An input names a session and maybe a node: a 404 that is not about a node is about the session.
const updateNotFound = (serviceCode: string | null): ErrorCode =>
  serviceCode === ServiceErrorCode.unknownNode || serviceCode === ServiceErrorCode.unknownStep
    ? 'not_found'
    : 'session_not_found';

/** The requirement a choice or a value sends (and a conflict shows). */
export function requirementOf(input: Input): Requirement {
  return {
    featureModelNodeId: input.nodeId,
    value: input.value,
    isSelection: input.kind === 'select',
  };
}

/** What of a session (session-core.ts, which imports this module's types) an input is sent with. */
export interface Sender {
  _http: HttpClient;
  _configuration: Configuration | null;
  _merge: MergeModule | Promise<unknown> | undefined;
  _abort: AbortController;
  _query?: (() => Record<string, string> | undefined) | undefined;
}

/**
 * Sends one input to the configuration the session `s` holds, with its HTTP client, aborted with
 * it; resolves with the configuration the service answers. Its merge (once loaded) lets updates
 * be answered compressed; what its `_query` gives is added to the query of a choice, a value or
 * a text (docs/decisions/0109).
 */
export function sendInput(s: Sender, input: Input): Promise<Configuration> {
  const {_http: http, _merge: merge} = s;
  const configuration = s._configuration!;
  const signal = s._abort.signal;
  const more = s._query?.();
  const {kind, text} = input;
  // Nothing to ask when the session already speaks it (a lang set before loading).
  if (kind === 'language' && configuration.languageIso === text) {
    return Promise.resolve(configuration);
  }
  const id = encodeURIComponent(configuration.id);
  // Only updates are answered compressed, and only once their merge is here (see `loadMerge`).
  const compressed =
    (kind === 'select' || kind === 'value') && !(merge instanceof Promise) ? merge : undefined;
  // With `compress`, the answer is merged; null when it could not be.
  const send = (compress?: MergeModule) =>
    http({
      method: 'PUT',
      signal,
      notFoundCode: updateNotFound,
      read: compress
        ? (body, status) => readUpdate(body, status, configuration, compress)
        : readConfiguration,
      ...(kind === 'language'
        ? {path: `/api/3/configurator/${id}/changelanguage`, text}
        : kind === 'text'
          ? {
              path: `${versioned}/${id}/text`,
              query: more,
              json: {featureModelNodeId: input.nodeId, textValue: text} satisfies TextRequirement,
            }
          : {
              path: `/api/3/configurator/${id}`,
              query: {ignoreConflicts: input._ignoreConflicts, compress: compress && true, ...more},
              json: requirementOf(input),
            }),
    });
  // A whole answer is read by readConfiguration: never null. A compressed one that could not
  // be merged is asked for again, whole: the update is idempotent.
  return send(compressed).then((answer) => answer ?? (send() as Promise<Configuration>));
}

/**
 * Reads an update's answer: a full one as it is (a service that ignores `compress`), a
 * compressed one merged into `previous`. Null when it cannot be merged: changes to another
 * configuration than the one held (an answer went missing, or another client changed the
 * session).
 */
function readUpdate(
  body: unknown,
  status: number,
  previous: Configuration,
  merge: MergeModule,
): Configuration | null {
  // `Object(body)` is an object whatever the body (an empty one for null): `in` cannot throw.
  if (!('compressed' in Object(body))) {
    return readConfiguration(body, status);
  }
  try {
    return readConfiguration(
      merge.mergeConfiguration(previous, body as CompressedConfiguration),
      status,
    );
  } catch (error) {
    if (!(error instanceof merge.ConfigurationMergeError)) throw error;
    if (error.code === 'malformed') throw badResponse(error.message, status, error);
    return null;
  }
}
