// How a session starts, opens and restarts, and the seam's request that those and the modules
// beside the session send: a reset that drops everything in flight, then a load whose answer
// becomes the configuration held. Module functions over the session's fields
// (session-core.ts); the session's class keeps what a page calls.
import {anySignal} from './abort.js';
import {readConfiguration} from './answers.js';
import {apply, cancelRecovery, fail} from './apply-answer.js';
import {abortedError, toConfiguratorError} from './errors.js';
import type {HttpRequest} from './http-client.js';
import {isDisposed, type Load, type SessionCore} from './session-core.js';
import {busy, changed, inputsOf} from './session-report.js';
import type {Configuration} from '../wire/index.js';

/** `again`: a retry, whose failure stays reported (and shown) until it succeeds. */
export async function load(s: SessionCore, load: Load, again?: boolean): Promise<Configuration> {
  if (isDisposed(s)) throw abortedError();
  reset(s);
  const epoch = s._epoch;
  s._status = 'loading';
  if (!again) {
    s._error = null;
    s._attempt = 0;
  }
  s._failedLoad = null;
  busy(s, 1);
  try {
    const loading = load();
    // Asked for once the request is on its way (not before it), so the merge is here by
    // the first update.
    s._merge ??= s._loadMerge?.().then(
      (module) => (s._merge = module),
      () => (s._merge = undefined),
    );
    const body = await loading;
    if (epoch !== s._epoch) throw abortedError();
    s._attempt = 0;
    s._status = 'ready';
    s._error = null;
    busy(s, -1);
    apply(s, body, 'api');
    s._pump();
    return body;
  } catch (error) {
    const failure = toConfiguratorError(error);
    if (epoch !== s._epoch) throw failure;
    s._status = s._configuration ? 'ready' : 'error';
    s._failedLoad = load;
    busy(s, -1);
    fail(s, failure, true);
    throw failure;
  }
}

/** Aborts what is in flight and drops every waiting input. */
export function reset(s: SessionCore): void {
  cancelRecovery(s);
  s._epoch++;
  s._abort.abort();
  s._abort = new AbortController();
  const dropped = inputsOf(s);
  s._conflict = s._inflight = null;
  s._queue = [];
  s._pausedByError = s._held = false;
  s._requests = 0;
  clearTimeout(s._holdTimer);
  const error = abortedError();
  for (const input of dropped) for (const waiter of input._waiters) waiter._reject(error);
  changed(s);
}

/** A GET answering a configuration: a start, an open. */
export function getConfiguration(
  s: SessionCore,
  path: string,
  signal?: AbortSignal,
  options?: Partial<HttpRequest>,
): Promise<Configuration> {
  return send(s, {method: 'GET', path, query: {lang: s._lang}, signal, ...options});
}

/** The session's `_send`: see there. */
export async function send<T = Configuration>(
  s: SessionCore,
  request: HttpRequest & {read?: (body: unknown, status: number, headers?: Headers) => T},
  report?: boolean,
): Promise<T> {
  const sent = () =>
    s._http({
      // A picture is no configuration: its own `read`, if any, takes it (decision 112).
      read: request.blob ? undefined : readConfiguration,
      ...request,
      // The session's own signal joined with the caller's: either aborts the request.
      signal: anySignal(s._abort.signal, request.signal),
    });
  if (!report) return sent() as Promise<T>;
  const epoch = s._epoch;
  busy(s, 1);
  try {
    const result = (await sent()) as T;
    // A quote accepted after an earlier failure: that failure is no longer news.
    if (epoch === s._epoch && !s._errorKept) s._error = null;
    return result;
  } catch (error) {
    const failure = toConfiguratorError(error);
    if (epoch === s._epoch) fail(s, failure, false);
    throw failure;
  } finally {
    if (epoch === s._epoch) busy(s, -1);
  }
}
