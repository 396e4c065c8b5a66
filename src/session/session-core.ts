// What a session holds, as the fields of the session object itself, so that the parts of the
// session (its loading, the application of answers, what it reports) are module functions
// taking the session as an argument instead of methods of one long class. The fields are
// internal: `_` names, left out of the published types and shortened in the headless file
// (docs/decisions/0100-session-split-along-its-seams.md).
import type {ConfiguratorError} from './errors.js';
import {httpClient, type HttpClient} from './http-client.js';
import type {Input} from './input-request.js';
import {initRecovery, type RecoveryState} from './recovery-plan.js';
import type {PendingConflict, SessionSnapshot, SessionStatus} from './session-snapshot.js';
import type {MergeModule, SessionOptions} from './session-options.js';
import type {NodeState} from './values.js';
import type {Configuration} from '../wire/index.js';

export type Load = () => Promise<Configuration>;

export interface SessionCore extends EventTarget, RecoveryState {
  /** @internal */
  _http: HttpClient;
  /** @internal */
  _lang: string;
  /** @internal */
  _status: SessionStatus;
  /** @internal */
  _configuration: Configuration | null;
  /** @internal The confirmed configuration's values and texts, normalised. */
  _state: NodeState;
  /** @internal */
  _error: ConfiguratorError | null;
  /** @internal What caused `_error` is kept to be sent again (a failed load, or inputs). */
  _errorKept: boolean;
  /** @internal */
  _model?: string | null;
  /** @internal */
  _queue: Input[];
  /** @internal */
  _inflight?: Input | null;
  /** @internal */
  _conflict?: {_input: Input; _pending: PendingConflict} | null;
  /** @internal */
  _pausedByError?: boolean;
  /** @internal Requests under way, for `busy`. */
  _requests: number;
  /** @internal */
  _holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** @internal Waiting for `between`. */
  _held?: boolean;
  /** @internal Bumped by start, open, restart and dispose: an older epoch's answer is dropped. */
  _epoch: number;
  /** @internal */
  _abort: AbortController;
  /** @internal */
  _failedLoad?: Load | null;
  /** @internal */
  _settledWaiters: (() => void)[];
  /** @internal */
  _snapshot?: SessionSnapshot | null;
  /** @internal */
  _loadMerge: (() => Promise<MergeModule>) | undefined;
  /** @internal */
  _merge: MergeModule | Promise<unknown> | undefined;
  /**
   * @internal More query for a change's request (the step whose price effects its answer should
   * carry, docs/decisions/0109), set by the element once the service has shown it answers them.
   */
  _query?: (() => Record<string, string> | undefined) | undefined;
  /** @internal Sends the next input unless one is in flight or the queue is paused. */
  _pump(): void;
}

/** A new session's fields; `retry` is what a planned background retry runs. */
export function initCore(s: SessionCore, options: SessionOptions, retry: () => void): void {
  s._http = httpClient(options);
  s._lang = options.lang ?? 'en';
  s._status = 'idle';
  // What is null in the snapshot starts null; the rest of what starts empty is left undefined.
  s._configuration = s._error = null;
  s._errorKept = false;
  s._state = {values: new Map(), texts: new Map()};
  s._queue = [];
  s._settledWaiters = [];
  s._requests = s._epoch = 0;
  s._abort = new AbortController();
  initRecovery(s, options.recovery, retry);
  s._loadMerge = options.loadMerge;
}

export const isDisposed = (s: SessionCore): boolean => s._status === 'disposed';
