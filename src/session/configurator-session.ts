import type {ChangeSource} from '../events/change-source.js';
import {badResponse, readConfiguration} from './answers.js';
import {ConfiguratorError, ErrorCode, abortedError, toConfiguratorError} from './errors.js';
import {anySignal, backoff} from './abort.js';
import {httpClient, type HttpClient, type HttpRequest} from './http-client.js';
import {
  SessionChangeEvent,
  SessionConflictEvent,
  SessionErrorEvent,
  SessionSnapshotEvent,
  type SessionEventMap,
} from './session-events.js';
import type {
  PendingConflict,
  PendingInput,
  SessionSnapshot,
  SessionStatus,
} from './session-snapshot.js';
import {
  maxHoldMs,
  type Between,
  type ChangeResult,
  type InputOptions,
  type MergeModule,
  type NextInput,
  type RecoveryOptions,
  type SessionOptions,
} from './session-options.js';
import {changedNodes, normaliseTexts, normaliseValues, type NodeState} from './values.js';
import {
  ServiceErrorCode,
  type CompressedConfiguration,
  type Configuration,
  type Requirement,
  type TextRequirement,
} from '../wire/index.js';

const defaultRecovery: RecoveryOptions = {baseDelayMs: 1_000, maxDelayMs: 60_000};

type InputKind = NextInput['kind'];

interface Waiter {
  resolve(result: ChangeResult): void;
  reject(error: unknown): void;
}

interface Input {
  kind: InputKind;
  /** Empty for a language change. */
  nodeId: string;
  value: number;
  text: string;
  source: ChangeSource;
  ignoreConflicts: boolean;
  waiters: Waiter[];
  /** Held until this time (epoch ms) by `quietMs`; 0 sends when its turn comes. */
  holdUntil: number;
  /** When the first input it replaced was made, bounding the hold. */
  since: number;
}

type Load = () => Promise<Configuration>;

// These say the input itself was refused; re-sending it can never succeed.
const refusedCodes: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.invalidRequest,
  ErrorCode.requestRejected,
  ErrorCode.notFound,
  ErrorCode.sessionNotFound,
]);

const versioned = '/configurator/3/configurator';

// An input names a session and maybe a node: a 404 that is not about a node is about the session.
const updateNotFound = (serviceCode: string | null): ErrorCode =>
  serviceCode === ServiceErrorCode.unknownNode || serviceCode === ServiceErrorCode.unknownStep
    ? ErrorCode.notFound
    : ErrorCode.sessionNotFound;

// Typed listeners for the session's events: declarations only, EventTarget implements them, so
// nothing is added at runtime (overriding methods just to narrow their types cost bytes).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ConfiguratorSession {
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
  #http: HttpClient;
  #lang: string;
  #status: SessionStatus = 'idle';
  #configuration: Configuration | null = null;
  /** The confirmed configuration's values and texts, normalised. */
  #state: NodeState = {values: new Map(), texts: new Map()};
  #error: ConfiguratorError | null = null;
  /** What caused `#error` is kept to be sent again (a failed load, or inputs). */
  #errorKept = false;
  #model: string | null = null;

  #queue: Input[] = [];
  #inflight: Input | null = null;
  #conflict: {input: Input; pending: PendingConflict} | null = null;
  #pausedByError = false;
  #requests = 0;
  #holdTimer: ReturnType<typeof setTimeout> | undefined;
  #held = false;
  /** See {@link Between}; at most one (an undo history). */
  between: Between | null = null;

  // Bumped by start, open, restart and dispose: an answer from an older epoch is dropped.
  #epoch = 0;
  #abort = new AbortController();
  #failedLoad: Load | null = null;
  #settledWaiters: (() => void)[] = [];
  #snapshot: SessionSnapshot | null = null;
  #recoveryOptions: RecoveryOptions | null;
  /** Background retries since the last success; sets the next backoff. */
  #recoveryAttempt = 0;
  #recoveryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryAt: number | null = null;
  #loadMerge: (() => Promise<MergeModule>) | undefined;
  #merge: MergeModule | Promise<unknown> | undefined;
  #onOnline = () => {
    // Being back online cannot make the service know a session or model it refused.
    if (this.#pausedByError || (this.#failedLoad && this.#error?.retryable !== false)) {
      this.retry().catch(() => {});
    }
  };

  constructor(options: SessionOptions) {
    super();
    this.#lang = options.lang ?? 'en';
    this.#http = httpClient(options);
    this.#recoveryOptions =
      options.recovery === false ? null : {...defaultRecovery, ...options.recovery};
    this.#loadMerge = options.loadMerge;
    const target = globalThis as {addEventListener?: EventTarget['addEventListener']};
    target.addEventListener?.('online', this.#onOnline);
  }

  /** The current state, replaced on every change (compare by identity). */
  get snapshot(): SessionSnapshot {
    this.#snapshot ??= {
      status: this.#status,
      configuration: this.#configuration,
      ...this.#state,
      pending: this.#pending(),
      busy: this.#requests > 0,
      conflict: this.#conflict?.pending ?? null,
      error: this.#error,
      canRetry: this.#error !== null && this.#errorKept,
      retryAt: this.#retryAt,
    };
    return this.#snapshot;
  }

  /** The session id, once started or opened. */
  get id(): string | null {
    return this.#configuration?.id ?? null;
  }

  /** The session code (shareable; opening it copies the configuration). */
  get code(): string | null {
    return this.#configuration?.code ?? null;
  }

  /** The language asked for last (the configuration's `languageIso` once confirmed). */
  get lang(): string {
    return this.#lang;
  }

  /**
   * Starts `new/{model}` (v3: GET {apiUrl}/api/3/configurator/new/{model}?lang=). `signal`
   * aborts it (a caller's later start supersedes it as well).
   */
  start(model: string, options: {signal?: AbortSignal} = {}): Promise<Configuration> {
    this.#model = model;
    return this.#load(() =>
      this.#get(`/api/3/configurator/new/${encodeURIComponent(model)}`, options.signal, {
        notFoundCode: ErrorCode.modelNotFound,
      }),
    );
  }

  /** Opens an existing session id or copies one from a code (versioned API open/{idOrCode}). */
  open(idOrCode: string, options: {signal?: AbortSignal} = {}): Promise<Configuration> {
    return this.#load(() => this._open(idOrCode, options.signal));
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
    return this.#get(`${versioned}/open/${encodeURIComponent(idOrCode)}`, signal, options);
  }

  /** Switches a node on or off (v3 PUT, isSelection true). Calls keep their order. */
  select(nodeId: string, on: boolean, options: InputOptions = {}): Promise<ChangeResult> {
    return this.#input('select', nodeId, on ? 1 : 0, '', options.source);
  }

  /** Sets a node's number (v3 PUT, isSelection false); a waiting value for the node is replaced. */
  setValue(nodeId: string, value: number, options: InputOptions = {}): Promise<ChangeResult> {
    return this.#input('value', nodeId, value, '', options.source, options.quietMs);
  }

  /** Sets a text node (versioned PUT {id}/text); a waiting text for the node is replaced. */
  setText(nodeId: string, text: string, options: InputOptions = {}): Promise<ChangeResult> {
    return this.#input('text', nodeId, 0, text, options.source, options.quietMs);
  }

  /** Sends the inputs held by `quietMs` now (the shopper left the field or let go). */
  flush(): void {
    if (!this.#queue.some((input) => input.holdUntil > 0)) return;
    for (const input of this.#queue) input.holdUntil = 0;
    this.#pump();
  }

  /**
   * Accept (re-send with ignoreConflicts=true) or cancel (keep the previous configuration) the
   * pending conflict. Resolves null when there is none.
   */
  async resolveConflict(accept: boolean, options: InputOptions = {}): Promise<ChangeResult | null> {
    if (this.#disposed) throw abortedError();
    const conflict = this.#conflict;
    if (!conflict || !this.#configuration) return null;
    this.#conflict = null;
    const {input} = conflict;
    let result: ChangeResult | Promise<ChangeResult>;
    if (accept) {
      input.ignoreConflicts = true;
      if (options.source) input.source = options.source;
      result = new Promise((resolve, reject) => input.waiters.push({resolve, reject}));
      this.#queue.unshift(input);
    } else {
      result = {configuration: this.#configuration, changes: [], cancelled: true};
      for (const waiter of input.waiters) waiter.resolve(result);
    }
    this.#changed();
    this.#pump();
    return result;
  }

  /** Changes the session's language (v3 PUT {id}/changelanguage, plain-text body). */
  changeLanguage(lang: string): Promise<Configuration> {
    this.#lang = lang;
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
    await this.#whenSettled();
    return this.#queue.length;
  }

  /**
   * The seam's request: sent with the session's token, retries and version fallback, aborted
   * by `request.signal` and by whatever resets the session (start, open, restart, dispose); its
   * answer passes `request.read`, by default the answer check of a configuration. `report`: a
   * request of the shopper's own (a quote) shows as busy, a failure becomes the session's error
   * (with nothing kept to send again), and a success clears an earlier error that kept nothing.
   * @internal
   */
  async _send<T = Configuration>(
    request: HttpRequest & {read?: (body: unknown, status: number) => T},
    report = false,
  ): Promise<T> {
    const send = () =>
      this.#http.request({
        read: readConfiguration,
        ...request,
        // The session's own signal joined with the caller's: either aborts the request.
        signal: anySignal(this.#abort.signal, request.signal),
      });
    if (!report) return send() as Promise<T>;
    const epoch = this.#epoch;
    this.#busy(1);
    try {
      const result = (await send()) as T;
      // A quote accepted after an earlier failure: that failure is no longer news.
      if (epoch === this.#epoch && !this.#errorKept) this.#error = null;
      return result;
    } catch (error) {
      const failure = toConfiguratorError(error);
      if (epoch === this.#epoch) this.#fail(failure, false);
      throw failure;
    } finally {
      if (epoch === this.#epoch) this.#busy(-1);
    }
  }

  /**
   * Re-sends what failed, in order: the failed start or open, or the kept inputs. Resolves when
   * they are applied; rejects with the error when they fail again.
   */
  async retry(): Promise<void> {
    if (this.#disposed) throw abortedError();
    this.#cancelRecovery();
    if (this.#failedLoad) {
      await this.#load(this.#failedLoad, true);
      return;
    }
    if (this.#pausedByError) {
      this.#pausedByError = false;
      this.#pump();
    } else if (!this.#errorKept) {
      // Nothing waits to be re-sent (a refused input, a failed quote): the shopper has seen it.
      return this.dismissError();
    }
    // Else already being sent again (by the recovery, or the shopper's next input): wait for it.
    await this.#whenSettled();
    if (this.#pausedByError && this.#error) throw this.#error;
  }

  /**
   * Forgets the last error when nothing waits to be re-sent, for a UI whose shopper moved on
   * (a failed quote request, a refused input). An error whose inputs are kept stays until
   * they are applied.
   */
  dismissError(): void {
    if (!this.#error || this.#errorKept) return;
    this.#error = null;
    this.#changed();
  }

  /** Drops the session and starts the same model anew. */
  async restart(options: {signal?: AbortSignal} = {}): Promise<Configuration> {
    const model = this.#model ?? this.#configuration?.featureModelId;
    if (!model) throw notStarted();
    return this.start(model, options);
  }

  /** Aborts everything in flight; no more events. Waiting promises reject with `aborted`. */
  dispose(): void {
    if (this.#disposed) return;
    // Disposed first, so the reset below emits nothing, plans nothing and lets every wait for
    // the queue end.
    this.#status = 'disposed';
    this.#reset();
    const target = globalThis as {removeEventListener?: EventTarget['removeEventListener']};
    target.removeEventListener?.('online', this.#onOnline);
  }

  get #disposed() {
    return this.#status === 'disposed';
  }

  // --- loading ---------------------------------------------------------------------------

  /** `again`: a retry, whose failure stays reported (and shown) until it succeeds. */
  async #load(load: Load, again = false): Promise<Configuration> {
    if (this.#disposed) throw abortedError();
    this.#reset();
    const epoch = this.#epoch;
    this.#status = 'loading';
    if (!again) {
      this.#error = null;
      this.#recoveryAttempt = 0;
    }
    this.#failedLoad = null;
    this.#busy(1);
    try {
      const loading = load();
      // Asked for once the request is on its way (not before it), so the merge is here by
      // the first update.
      this.#merge ??= this.#loadMerge?.().then(
        (module) => (this.#merge = module),
        () => (this.#merge = undefined),
      );
      const body = await loading;
      if (epoch !== this.#epoch) throw abortedError();
      this.#recoveryAttempt = 0;
      this.#status = 'ready';
      this.#error = null;
      this.#busy(-1);
      this.#apply(body, 'api');
      this.#pump();
      return body;
    } catch (error) {
      const failure = toConfiguratorError(error);
      if (epoch !== this.#epoch) throw failure;
      this.#status = this.#configuration ? 'ready' : 'error';
      this.#failedLoad = load;
      this.#busy(-1);
      this.#fail(failure, true);
      throw failure;
    }
  }

  /** A GET answering a configuration: a start, an open. */
  #get(path: string, signal?: AbortSignal, options?: Partial<HttpRequest>): Promise<Configuration> {
    return this._send({method: 'GET', path, query: {lang: this.#lang}, signal, ...options});
  }

  /** Aborts what is in flight and drops every waiting input. */
  #reset() {
    this.#cancelRecovery();
    this.#epoch++;
    this.#abort.abort();
    this.#abort = new AbortController();
    const dropped = this.#inputs();
    this.#conflict = null;
    this.#inflight = null;
    this.#queue = [];
    this.#pausedByError = false;
    this.#held = false;
    this.#requests = 0;
    clearTimeout(this.#holdTimer);
    const error = abortedError();
    for (const input of dropped) for (const waiter of input.waiters) waiter.reject(error);
    this.#changed();
  }

  // --- inputs ----------------------------------------------------------------------------

  async #input(
    kind: InputKind,
    nodeId: string,
    value: number,
    text: string,
    source: ChangeSource = 'user',
    quietMs = 0,
  ): Promise<ChangeResult> {
    if (this.#disposed) throw abortedError();
    if (!this.#configuration && this.#status !== 'loading') throw notStarted();
    return new Promise<ChangeResult>((resolve, reject) => {
      const input: Input = {
        kind,
        nodeId,
        value,
        text,
        source,
        ignoreConflicts: false,
        waiters: [{resolve, reject}],
        holdUntil: 0,
        since: Date.now(),
      };
      if (kind !== 'select') {
        // Latest wins: the waiting input for this node is replaced, and its callers are
        // answered with the result of the one that replaced it.
        const index = this.#queue.findIndex((q) => q.kind === kind && q.nodeId === nodeId);
        if (index >= 0) {
          const replaced = this.#queue.splice(index, 1)[0]!;
          input.waiters.unshift(...replaced.waiters);
          if (replaced.holdUntil > 0) input.since = replaced.since;
        }
      }
      // Only `setValue` and `setText` pass a quiet period.
      if (quietMs > 0) {
        input.holdUntil = Math.min(input.since + maxHoldMs, Date.now() + quietMs);
      } else {
        // Anything else goes in order after what is held, so what is held goes now.
        for (const queued of this.#queue) queued.holdUntil = 0;
      }
      this.#queue.push(input);
      // A new input is also the shopper's way of saying "try again".
      this.#pausedByError = false;
      this.#changed();
      this.#pump();
    });
  }

  /** Sends the next input unless one is in flight or the queue is paused. */
  #pump() {
    if (
      this.#inflight ||
      this.#conflict ||
      this.#pausedByError ||
      this.#held ||
      this.#status !== 'ready' ||
      !this.#configuration
    ) {
      return this.#checkSettled();
    }
    const head = this.#queue[0];
    if (head && head.holdUntil > Date.now()) {
      // Held by its quiet period; whatever follows it waits too, so the order stays. So does
      // `between`: a held input may still be replaced or taken back.
      clearTimeout(this.#holdTimer);
      this.#holdTimer = setTimeout(() => this.#pump(), head.holdUntil - Date.now());
      return this.#checkSettled();
    }
    const hold = this.between?.(head ?? null, this.#configuration);
    if (hold instanceof Promise) {
      this.#held = true;
      const epoch = this.#epoch;
      // The shopper's input waits for it: show that something is under way.
      const waited = !!head;
      if (waited) this.#busy(1);
      const done = () => {
        if (epoch !== this.#epoch) return;
        this.#held = false;
        if (waited) this.#busy(-1);
        else this.#changed();
        this.#pump();
      };
      hold.then(done, done);
      return;
    }
    const input = this.#queue.shift();
    if (!input) return this.#checkSettled();
    // Sending now, for whatever reason: a planned background retry is moot.
    this.#cancelRecovery();
    this.#inflight = input;
    this.#busy(1);
    const epoch = this.#epoch;
    this.#send(input, this.#configuration).then(
      (body) => {
        if (epoch !== this.#epoch) return;
        this.#inflight = null;
        this.#busy(-1);
        this.#answered(input, body);
        this.#pump();
      },
      (error: unknown) => {
        if (epoch !== this.#epoch) return;
        this.#inflight = null;
        this.#busy(-1);
        this.#failed(input, toConfiguratorError(error));
        this.#pump();
      },
    );
  }

  #send(input: Input, configuration: Configuration): Promise<Configuration> {
    const {kind, text} = input;
    // Nothing to ask when the session already speaks it (a lang set before loading).
    if (kind === 'language' && configuration.languageIso === text) {
      return Promise.resolve(configuration);
    }
    const id = encodeURIComponent(configuration.id);
    // Only updates are answered compressed, and only once their merge is here (see `loadMerge`).
    const merge = kind === 'select' || kind === 'value' ? this.#merge : undefined;
    // With `compress`, the answer is merged; null when it could not be.
    const send = (compress?: MergeModule) =>
      this.#http.request({
        method: 'PUT',
        signal: this.#abort.signal,
        notFoundCode: updateNotFound,
        read: (body, status) =>
          compress
            ? readUpdate(body, status, configuration, compress)
            : readConfiguration(body, status),
        ...(kind === 'language'
          ? {path: `/api/3/configurator/${id}/changelanguage`, text}
          : kind === 'text'
            ? {
                path: `${versioned}/${id}/text`,
                json: {featureModelNodeId: input.nodeId, textValue: text} satisfies TextRequirement,
              }
            : {
                path: `/api/3/configurator/${id}`,
                query: {ignoreConflicts: input.ignoreConflicts, compress: compress && true},
                json: requirementOf(input),
              }),
      });
    // A whole answer is read by readConfiguration: never null. A compressed one that could not
    // be merged is asked for again, whole: the update is idempotent.
    const whole = () => send() as Promise<Configuration>;
    return merge && !(merge instanceof Promise)
      ? send(merge).then((answer) => answer ?? whole())
      : whole();
  }

  #answered(input: Input, body: Configuration) {
    this.#recoveryAttempt = 0;
    const conflicts = body.conflicts ?? [];
    if (conflicts.length > 0 && !input.ignoreConflicts && input.kind !== 'language') {
      // The service did not apply it: keep the last confirmed configuration and ask the shopper.
      const pending: PendingConflict = {requirement: requirementOf(input), conflicts};
      this.#conflict = {input, pending};
      this.#changed();
      this.#emit(new SessionConflictEvent(conflicts, pending.requirement));
      return;
    }
    this.#error = null;
    if (input.kind === 'language') this.#lang = body.languageIso || this.#lang;
    const changes = this.#apply(body, input.source);
    const result: ChangeResult = {configuration: body, changes};
    for (const waiter of input.waiters) waiter.resolve(result);
  }

  #failed(input: Input, error: ConfiguratorError) {
    for (const waiter of input.waiters.splice(0)) waiter.reject(error);
    if (error.code === ErrorCode.aborted) return;
    const kept = !refusedCodes.has(error.code);
    if (kept) {
      // Kept at the head, so the order of the shopper's inputs survives the failure.
      this.#queue.unshift(input);
      this.#pausedByError = true;
    }
    this.#fail(error, kept);
  }

  // --- state -----------------------------------------------------------------------------

  /** Takes a confirmed configuration; answers the node ids whose value or text changed. */
  #apply(configuration: Configuration, source: ChangeSource): string[] {
    const state: NodeState = {
      values: normaliseValues(configuration.values),
      // An answer without texts (an older generation) leaves the known texts as they are.
      texts:
        configuration.textValues === undefined
          ? this.#state.texts
          : normaliseTexts(configuration.textValues),
    };
    const changes = this.#configuration ? changedNodes(this.#state, state) : [];
    this.#configuration = configuration;
    this.#state = state;
    this.#changed();
    if (changes.length > 0) this.#emit(new SessionChangeEvent(configuration, changes, source));
    return changes;
  }

  /** `kept`: what failed waits to be sent again (the banner may say the choice is kept). */
  #fail(error: ConfiguratorError, kept: boolean) {
    this.#error = error;
    this.#errorKept = kept;
    // A failure that kept nothing (a refused input, a quote) leaves a planned retry as it is.
    if (kept) this.#planRecovery(error);
    this.#changed();
    this.#emit(new SessionErrorEvent(error));
  }

  // --- recovery --------------------------------------------------------------------------

  /**
   * After a failure that may pass and left something to send again, plans a background retry
   * with a growing backoff. Offline, nothing is planned: the `online` event retries at once.
   */
  #planRecovery(error: ConfiguratorError) {
    this.#cancelRecovery();
    const options = this.#recoveryOptions;
    if (!options || !error.retryable || this.#disposed) return;
    const nav = (globalThis as {navigator?: {onLine?: boolean}}).navigator;
    if (nav?.onLine === false) return;
    // Jittered: pages that lost the same service do not all come back in the same second.
    const delay = backoff(this.#recoveryAttempt, options.baseDelayMs, options.maxDelayMs);
    this.#recoveryAttempt++;
    this.#retryAt = Date.now() + delay;
    const timer = setTimeout(() => {
      this.#cancelRecovery();
      this.retry().catch(() => {});
    }, delay);
    // A plan to retry must not keep a Node process alive.
    (timer as {unref?: () => void}).unref?.();
    this.#recoveryTimer = timer;
  }

  #cancelRecovery() {
    clearTimeout(this.#recoveryTimer);
    if (this.#retryAt === null) return;
    this.#retryAt = null;
    this.#snapshot = null;
  }

  /** One request more (1) or fewer (-1) under way. */
  #busy(change: number) {
    this.#requests = Math.max(0, this.#requests + change);
    this.#changed();
  }

  /** Every input not applied yet, in order: the one in conflict, the one in flight, the queue. */
  #inputs(): Input[] {
    return [this.#conflict?.input, this.#inflight, ...this.#queue].filter(
      (input): input is Input => !!input,
    );
  }

  #pending(): Map<string, PendingInput> {
    const pending = new Map<string, PendingInput>();
    for (const {kind, nodeId, value, text} of this.#inputs()) {
      if (kind !== 'language') {
        pending.set(nodeId, {
          ...pending.get(nodeId),
          ...(kind === 'select' ? {on: value !== 0} : kind === 'value' ? {value} : {text}),
        });
      }
    }
    return pending;
  }

  #changed() {
    this.#snapshot = null;
    this.#emit(new SessionSnapshotEvent(this.snapshot));
    this.#checkSettled();
  }

  #emit(event: Event) {
    if (!this.#disposed) this.dispatchEvent(event);
  }

  /** Resolves when nothing is loading or in flight and the queue is empty or paused. */
  #whenSettled(): Promise<void> {
    return new Promise((resolve) => {
      this.#settledWaiters.push(resolve);
      this.#checkSettled();
    });
  }

  #checkSettled() {
    // Paused (a conflict, a failure) counts as settled: nothing moves until someone acts.
    if (
      this.#disposed ||
      (this.#status !== 'loading' &&
        !this.#inflight &&
        (this.#conflict || this.#pausedByError || !this.#queue.length))
    ) {
      for (const resolve of this.#settledWaiters.splice(0)) resolve();
    }
  }
}

function requirementOf(input: Input): Requirement {
  return {
    featureModelNodeId: input.nodeId,
    value: input.value,
    isSelection: input.kind === 'select',
  };
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
  if (typeof body !== 'object' || body === null || !('compressed' in body)) {
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

const notStarted = () =>
  new ConfiguratorError(ErrorCode.notStarted, 'No session has been started or opened');
