// The session's class: what a page calls, and the queue of inputs (one in flight at a time).
// Its other parts are module functions over its fields: loading (session-load.ts), taking
// answers (apply-answer.ts), what it reports (session-report.ts), the fields themselves
// (session-core.ts), each input kind's request (input-request.ts), the background retry's
// timing (recovery-plan.ts).
import type {ChangeSource} from './change-source.js';
import {answered, cancelRecovery, failed} from './apply-answer.js';
import {ConfiguratorError, abortedError, toConfiguratorError} from './errors.js';
import type {HttpRequest} from './http-client.js';
import {sendInput, versioned, type Input, type InputKind} from './input-request.js';
import {initCore, isDisposed, type SessionCore} from './session-core.js';
import type {SessionEventMap} from './session-events.js';
import {getConfiguration, load, reset, send} from './session-load.js';
import {busy, changed, checkSettled, snapshotOf, whenSettled} from './session-report.js';
import type {SessionSnapshot} from './session-snapshot.js';
import {
  maxHoldMs,
  type Between,
  type ChangeResult,
  type InputOptions,
  type SessionOptions,
} from './session-options.js';
import type {Configuration} from '../wire/index.js';

// Typed listeners for the session's events: declarations only, EventTarget implements them, so
// nothing is added at runtime (overriding methods just to narrow their types cost bytes).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ConfiguratorSession extends SessionCore {
  addEventListener<K extends keyof SessionEventMap>(
    type: K,
    listener: (this: ConfiguratorSession, event: SessionEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof SessionEventMap>(
    type: K,
    listener: (this: ConfiguratorSession, event: SessionEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * A configuration session with the service, without any rendering: starts or opens a
 * session, sends the shopper's inputs one at a time, and keeps a {@link SessionSnapshot}.
 *
 * Ordering: one update is in flight at a time. Inputs arriving meanwhile wait in a queue;
 * a newer `setValue`/`setText` on the same node replaces the waiting one (a dragged slider
 * sends its latest value, not every step), `select` calls keep their order. A conflict pauses
 * the queue until {@link resolveConflict}. A failure that may pass (network, timeout, 429,
 * 5xx, token) keeps the input and the queue in `pending`; {@link retry}, the next input or
 * the browser's `online` event re-sends them. Starting, opening, restarting and disposing
 * abort what is in flight, and no answer to an aborted request is ever applied.
 *
 * Promises of inputs resolve once the service applied them (or the shopper cancelled their
 * conflict), and reject when their request failed or the session was reset or disposed.
 *
 * @fires snapshot - any change of `snapshot`
 * @fires change - the service applied a change that changed values or texts
 * @fires conflict - the service answered a requirement with conflicts
 * @fires error - loading, applying or requesting a quote failed
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ConfiguratorSession extends EventTarget {
  /** See {@link Between}; at most one (an undo history). */
  between: Between | null = null;
  /** A retry of the session's own (the background recovery, being back online). */
  #retry = () => {
    this.retry().catch(() => {});
  };
  #onOnline = () => {
    // Being back online cannot make the service know a session or model it refused.
    if (this._pausedByError || (this._failedLoad && this._error?.retryable !== false))
      this.#retry();
  };

  constructor(options: SessionOptions) {
    super();
    initCore(this, options, this.#retry);
    // Not every runtime's global is an EventTarget (Node's is not): there is no `online` there.
    (globalThis as Partial<EventTarget>).addEventListener?.('online', this.#onOnline);
  }

  /** The current state, replaced on every change (compare by identity). */
  get snapshot(): SessionSnapshot {
    return snapshotOf(this);
  }

  /** The session id, once started or opened. */
  get id(): string | null {
    return this._configuration?.id ?? null;
  }

  /** The session code (shareable; opening it copies the configuration). */
  get code(): string | null {
    return this._configuration?.code ?? null;
  }

  /** The language asked for last (the configuration's `languageIso` once confirmed). */
  get lang(): string {
    return this._lang;
  }

  /**
   * Starts `new/{model}` (v3: GET {apiUrl}/api/3/configurator/new/{model}?lang=). `signal`
   * aborts it (a caller's later start supersedes it as well).
   */
  start(model: string, options?: {signal?: AbortSignal}): Promise<Configuration> {
    this._model = model;
    return load(this, () =>
      getConfiguration(
        this,
        `/api/3/configurator/new/${encodeURIComponent(model)}`,
        options?.signal,
        {
          notFoundCode: 'model_not_found',
        },
      ),
    );
  }

  /** Opens an existing session id or copies one from a code (versioned API open/{idOrCode}). */
  open(idOrCode: string, options?: {signal?: AbortSignal}): Promise<Configuration> {
    return load(this, () => this._open(idOrCode, options?.signal));
  }

  /**
   * The seam's `open/{idOrCode}`: the request of {@link open} without taking its answer, so
   * the session stays as it is (undo-history.ts' frozen copies, sent with `idempotent: false`).
   * @internal
   */
  _open(
    idOrCode: string,
    signal?: AbortSignal,
    options?: Partial<HttpRequest>,
  ): Promise<Configuration> {
    return getConfiguration(
      this,
      `${versioned}/open/${encodeURIComponent(idOrCode)}`,
      signal,
      options,
    );
  }

  /** Switches a node on or off (v3 PUT, isSelection true). Calls keep their order. */
  select(nodeId: string, on: boolean, options?: InputOptions): Promise<ChangeResult> {
    return this.#input('select', nodeId, on ? 1 : 0, '', options?.source);
  }

  /** Sets a node's number (v3 PUT, isSelection false); a waiting value for the node is replaced. */
  setValue(nodeId: string, value: number, options?: InputOptions): Promise<ChangeResult> {
    return this.#input('value', nodeId, value, '', options?.source, options?.quietMs);
  }

  /** Sets a text node (versioned PUT {id}/text); a waiting text for the node is replaced. */
  setText(nodeId: string, text: string, options?: InputOptions): Promise<ChangeResult> {
    return this.#input('text', nodeId, 0, text, options?.source, options?.quietMs);
  }

  /** Sends the inputs held by `quietMs` now (the shopper left the field or let go). */
  flush(): void {
    if (!this._queue.some((input) => input._holdUntil > 0)) return;
    for (const input of this._queue) input._holdUntil = 0;
    this._pump();
  }

  /**
   * Accept (re-send with ignoreConflicts=true) or cancel (keep the previous configuration) the
   * pending conflict. Resolves null when there is none.
   */
  async resolveConflict(accept: boolean, options?: InputOptions): Promise<ChangeResult | null> {
    if (isDisposed(this)) throw abortedError();
    const conflict = this._conflict;
    if (!conflict || !this._configuration) return null;
    this._conflict = null;
    const {_input: input} = conflict;
    let result: ChangeResult | Promise<ChangeResult>;
    if (accept) {
      input._ignoreConflicts = true;
      if (options?.source) input.source = options?.source;
      result = new Promise((resolve, reject) =>
        input._waiters.push({_resolve: resolve, _reject: reject}),
      );
      this._queue.unshift(input);
    } else {
      result = {configuration: this._configuration, changes: [], cancelled: true};
      for (const waiter of input._waiters) waiter._resolve(result);
    }
    changed(this);
    this._pump();
    return result;
  }

  /** Changes the session's language (v3 PUT {id}/changelanguage, plain-text body). */
  changeLanguage(lang: string): Promise<Configuration> {
    this._lang = lang;
    return this.#input('language', '', 0, lang, 'api').then((result) => result.configuration);
  }

  /**
   * The seam of the modules beside the session (quote.ts, image.ts, undo-history.ts' `copy`),
   * which take the session as an argument so that a page loads only those it uses. Resolves
   * once nothing is loading or in flight and the queue is empty or paused, with how many
   * inputs still wait in it.
   * @internal
   */
  async _settled(): Promise<number> {
    await whenSettled(this);
    return this._queue.length;
  }

  /**
   * The seam's request: sent with the session's token, retries and version fallback, aborted
   * by `request.signal` and by whatever resets the session (start, open, restart, dispose); its
   * answer passes `request.read`, by default the answer check of a configuration. `report`: a
   * request of the shopper's own (a quote) shows as busy, a failure becomes the session's error
   * (with nothing kept to send again), and a success clears an earlier error that kept nothing.
   * @internal
   */
  _send<T = Configuration>(
    request: HttpRequest & {read?: (body: unknown, status: number, headers?: Headers) => T},
    report?: boolean,
  ): Promise<T> {
    return send(this, request, report);
  }

  /**
   * Re-sends what failed, in order: the failed start or open, or the kept inputs. Resolves when
   * they are applied; rejects with the error when they fail again.
   */
  async retry(): Promise<void> {
    if (isDisposed(this)) throw abortedError();
    cancelRecovery(this);
    if (this._failedLoad) {
      await load(this, this._failedLoad, true);
      return;
    }
    if (this._pausedByError) {
      this._pausedByError = false;
      this._pump();
    } else if (!this._errorKept) {
      // Nothing waits to be re-sent (a refused input, a failed quote): the shopper has seen it.
      return this.dismissError();
    }
    // Else already being sent again (by the recovery, or the shopper's next input): wait for it.
    await whenSettled(this);
    if (this._pausedByError && this._error) throw this._error;
  }

  /**
   * Forgets the last error when nothing waits to be re-sent, for a UI whose shopper moved on
   * (a failed quote request, a refused input). An error whose inputs are kept stays until
   * they are applied.
   */
  dismissError(): void {
    if (!this._error || this._errorKept) return;
    this._error = null;
    changed(this);
  }

  /** Drops the session and starts the same model anew. */
  async restart(options?: {signal?: AbortSignal}): Promise<Configuration> {
    const model = this._model ?? this._configuration?.featureModelId;
    if (!model) throw notStarted();
    return this.start(model, options);
  }

  /** Aborts everything in flight; no more events. Waiting promises reject with `aborted`. */
  dispose(): void {
    if (isDisposed(this)) return;
    // Disposed first, so the reset below emits nothing, plans nothing and lets every wait for
    // the queue end.
    this._status = 'disposed';
    reset(this);
    (globalThis as Partial<EventTarget>).removeEventListener?.('online', this.#onOnline);
  }

  // --- the queue -------------------------------------------------------------------------

  async #input(
    kind: InputKind,
    nodeId: string,
    value: number,
    text: string,
    source: ChangeSource = 'user',
    quietMs = 0,
  ): Promise<ChangeResult> {
    if (isDisposed(this)) throw abortedError();
    if (!this._configuration && this._status !== 'loading') throw notStarted();
    return new Promise<ChangeResult>((resolve, reject) => {
      const input: Input = {
        kind,
        nodeId,
        value,
        text,
        source,
        _ignoreConflicts: false,
        _waiters: [{_resolve: resolve, _reject: reject}],
        _holdUntil: 0,
        _since: Date.now(),
      };
      if (kind !== 'select') {
        // Latest wins: the waiting input for this node is replaced, and its callers are
        // answered with the result of the one that replaced it.
        const index = this._queue.findIndex((q) => q.kind === kind && q.nodeId === nodeId);
        if (index >= 0) {
          const replaced = this._queue.splice(index, 1)[0]!;
          input._waiters.unshift(...replaced._waiters);
          if (replaced._holdUntil > 0) input._since = replaced._since;
        }
      }
      // Only `setValue` and `setText` pass a quiet period.
      if (quietMs > 0) {
        input._holdUntil = Math.min(input._since + maxHoldMs, Date.now() + quietMs);
      } else {
        // Anything else goes in order after what is held, so what is held goes now.
        for (const queued of this._queue) queued._holdUntil = 0;
      }
      this._queue.push(input);
      // A new input is also the shopper's way of saying "try again".
      this._pausedByError = false;
      changed(this);
      this._pump();
    });
  }

  /** @internal Sends the next input unless one is in flight or the queue is paused. */
  _pump(): void {
    if (
      this._inflight ||
      this._conflict ||
      this._pausedByError ||
      this._held ||
      this._status !== 'ready' ||
      !this._configuration
    ) {
      return checkSettled(this);
    }
    const head = this._queue[0];
    if (head && head._holdUntil > Date.now()) {
      // Held by its quiet period; whatever follows it waits too, so the order stays. So does
      // `between`: a held input may still be replaced or taken back.
      clearTimeout(this._holdTimer);
      this._holdTimer = setTimeout(() => this._pump(), head._holdUntil - Date.now());
      return checkSettled(this);
    }
    const hold = this.between?.(head ?? null, this._configuration);
    if (hold instanceof Promise) {
      this._held = true;
      const epoch = this._epoch;
      // The shopper's input waits for it: show that something is under way.
      const waited = !!head;
      if (waited) busy(this, 1);
      const done = () => {
        if (epoch !== this._epoch) return;
        this._held = false;
        if (waited) busy(this, -1);
        else changed(this);
        this._pump();
      };
      hold.then(done, done);
      return;
    }
    const input = this._queue.shift();
    if (!input) return checkSettled(this);
    // Sending now, for whatever reason: a planned background retry is moot.
    cancelRecovery(this);
    this._inflight = input;
    busy(this, 1);
    const epoch = this._epoch;
    sendInput(this, input).then(
      (body) => {
        if (epoch !== this._epoch) return;
        this._inflight = null;
        busy(this, -1);
        answered(this, input, body);
        this._pump();
      },
      (error: unknown) => {
        if (epoch !== this._epoch) return;
        this._inflight = null;
        busy(this, -1);
        failed(this, input, toConfiguratorError(error));
        this._pump();
      },
    );
  }
}

const notStarted = () =>
  new ConfiguratorError('not_started', 'No session has been started or opened');
