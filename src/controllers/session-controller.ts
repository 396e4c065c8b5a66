import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {
  ConfiguratorError,
  ConfiguratorSession,
  type ChangeResult,
  type SessionOptions,
  type SessionSnapshot,
} from '../session/index.js';
import type {StartWithToken} from '../session/start-with-token.js';
import {EventName} from '../events/event-names.js';
import type {Configuration} from '../wire/index.js';
import {ElementTokens} from './element-tokens.js';
import {LoadTask, type Load} from './load-task.js';
import type {SessionConfig, SettingsVerdict} from './settings-check.js';
import {whenIdle} from './when-idle.js';

export type {SessionConfig} from './settings-check.js';

type Host = ReactiveControllerHost & HTMLElement;

/** How long a dragged or typed value waits for the next before it is sent. */
export const quietMs = 300;

/** The session one controller runs, and news of its replacement, for the controllers beside it. */
export interface SessionSource {
  readonly session: ConfiguratorSession | null;
  /** Calls `replaced` whenever another session (or none) takes over; answers the undo. */
  watch(replaced: (session: ConfiguratorSession | null) => void): () => void;
}

export interface SessionControllerOptions {
  /** Judges the element's settings: what to run, or why not (see SettingsCheck). */
  judge(settings: SessionConfig, running: boolean): SettingsVerdict;
  /** Makes a session; a test hands in a fake. */
  create?(options: SessionOptions): ConfiguratorSession;
}

/**
 * Owns the element's {@link ConfiguratorSession}: creates it once a model (or a configuration
 * to resume) and a token source are known, replaces it when they change, and takes every
 * command the element and its views give. What the session reports reaches the page through
 * SessionEvents; controllers that keep something per session {@link watch} for replacements.
 *
 * Loading a configuration (the start, an open, a restart, a retry of a failed load) runs as
 * the {@link start} task: the element renders its pending, complete and error states, and a
 * newer load aborts the one it supersedes through the task's signal.
 *
 * Moving the element (disconnected and connected again in the same task) keeps the session;
 * really leaving the page disposes it, aborting whatever is in flight. Coming back resumes the
 * same session by id.
 */
export class SessionController implements ReactiveController, SessionSource {
  readonly #host: Host;
  readonly #options: SessionControllerOptions;
  #session: ConfiguratorSession | null = null;
  /** Identifies what the current session was made for; a different key needs a new session. */
  #key = '';
  /** The element's settings as last received (the token source reads them on every call). */
  #settings: SessionConfig | null = null;
  #disposalQueued = false;
  /** The id of a session disposed because the element left the page, reopened on return. */
  #resume: {key: string; id: string} | null = null;
  readonly #watchers = new Set<(session: ConfiguratorSession | null) => void>();
  /** The endpoint source in use, kept while its URL stays so its cached token is reused. */
  readonly #tokens = new ElementTokens(() => this.#settings);
  /** A start offered to the token endpoint's next request (decision 75), cancelled with it. */
  #early: StartWithToken | null = null;

  /** Loading the session's configuration: its state is rendered. */
  readonly start: LoadTask;

  constructor(host: Host, options: SessionControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
    this.start = new LoadTask(host);
  }

  /** The current session, if any. */
  get session(): ConfiguratorSession | null {
    return this.#session;
  }

  get snapshot(): SessionSnapshot | null {
    return this.#session?.snapshot ?? null;
  }

  watch(replaced: (session: ConfiguratorSession | null) => void): () => void {
    this.#watchers.add(replaced);
    return () => this.#watchers.delete(replaced);
  }

  hostConnected(): void {
    this.#disposalQueued = false;
    // Back after a real removal: the next update recreates the session (resuming it by id).
    if (!this.#session && this.#settings) this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    // A move is a disconnect and a connect in the same task: wait before disposing.
    this.#disposalQueued = true;
    queueMicrotask(() => {
      if (!this.#disposalQueued || this.#host.isConnected) return;
      this.#disposalQueued = false;
      const id = this.#session?.id;
      if (id) this.#resume = {key: this.#key, id};
      this.#dispose();
    });
  }

  /**
   * Called from the element's `willUpdate` with its current properties, so that attributes set
   * in any order within one task lead to one decision.
   */
  sync(settings: SessionConfig): void {
    const previousLang = this.#settings?.lang;
    this.#settings = settings;
    if (!this.#host.isConnected) return;
    const verdict = this.#options.judge(settings, !!this.#session);
    if (verdict === 'keep') return;
    if (verdict === 'stop') {
      if (this.#session) this.#dispose();
      return;
    }
    const config = verdict.run;
    // The token source is not part of the key: it only says where tokens come from, so a new
    // one takes over the running session (see ElementTokens.source) and the shopper keeps their
    // choices.
    const key = JSON.stringify([config.apiUrl, config.model, config.configuration]);
    if (this.#session && key === this.#key) {
      if (previousLang === config.lang || config.lang === this.#session.lang) return;
      if (this.#session.snapshot.configuration) {
        this.#session.changeLanguage(config.lang).catch(() => {});
        return;
      }
      // Nothing loaded yet: starting again in the new language is the simplest correct thing.
    }
    this.#dispose();
    this.#create(config, key);
  }

  /** The session, or the `not_started` error the public methods reject with. */
  require(): ConfiguratorSession {
    const session = this.#session;
    if (!session) {
      throw new ConfiguratorError('not_started', 'The configurator has no session yet');
    }
    return session;
  }

  /** Switches a node on or off; `api` marks a call of the element's method, not a click. */
  select(nodeId: string, on: boolean, source: 'user' | 'api' = 'user'): Promise<ChangeResult> {
    return this.require().select(nodeId, on, {source});
  }

  /** Sets a number; the shopper's dragging and typing is held a quiet moment (one request). */
  setValue(nodeId: string, value: number, source: 'user' | 'api' = 'user'): Promise<ChangeResult> {
    return this.require().setValue(nodeId, value, source === 'user' ? {quietMs} : {source});
  }

  /** Sets a text, held like a number while typed. */
  setText(nodeId: string, text: string, source: 'user' | 'api' = 'user'): Promise<ChangeResult> {
    return this.require().setText(nodeId, text, source === 'user' ? {quietMs} : {source});
  }

  /** Sends what is held now: the shopper let go of a slider or left a field. */
  flush(): void {
    this.#session?.flush();
  }

  /** The shopper's answer to the conflict dialog. */
  resolveConflict(accept: boolean): Promise<unknown> {
    return this.require().resolveConflict(accept);
  }

  /** The shopper moved on from a failure that trying again would not fix. */
  dismissError(): void {
    this.#session?.dismissError();
  }

  /** Drops the configuration and starts the same model anew. */
  async restart(): Promise<Configuration> {
    const session = this.require();
    return this.#load((signal) => session.restart({signal})) as Promise<Configuration>;
  }

  /** Tries again after a failure: the failed load, or the kept inputs. */
  retry(): Promise<void> {
    const session = this.#session;
    if (!session) return Promise.resolve();
    // Nothing loaded: the retry is the load, shown as one.
    if (!session.snapshot.configuration) return this.#load(() => session.retry()).then(() => {});
    return session.retry();
  }

  /**
   * Starts the element's `model` afresh in the current session, for a configuration to resume
   * that the service does not know: the shopper's way out of a code that will never open.
   */
  startModel(): Promise<void> {
    const session = this.#session;
    const model = this.#settings?.model;
    if (!session || !model) return Promise.resolve();
    return this.#load((signal) => session.start(model, {signal})).then(() => {});
  }

  /**
   * Runs a load as the start task and settles with it: the task renders it, the caller learns
   * how it went (failures reach the page as `configurator-error` and the error state).
   */
  #load(load: Load): Promise<unknown> {
    let outcome!: Promise<unknown>;
    void this.start.run((signal) => (outcome = load(signal)));
    return outcome;
  }

  /** Settles once the element is ready (its first screen shown) and the page is idle. */
  #shown(): Promise<void> {
    return new Promise((resolve) =>
      this.#host.addEventListener(EventName.ready, () => whenIdle(resolve), {once: true}),
    );
  }

  #create(config: SessionConfig, key: string) {
    const resume = this.#resume?.key === key ? this.#resume.id : null;
    this.#resume = null;
    const opening = resume ?? config.configuration;
    const early = this.#tokens.offer(
      config,
      opening ? {configuration: opening} : {model: config.model},
      config.lang,
    );
    const options: SessionOptions = {
      apiUrl: config.apiUrl,
      tokenSource: this.#tokens.source,
      lang: config.lang,
      // A chunk beside the entry. Until it is here updates ask for whole answers, so nothing
      // the shopper does waits for it: it is asked for once the configuration is on screen
      // (`configurator-ready`) and the page is idle, never among the first screen's requests.
      loadMerge: () => this.#shown().then(() => import('../session/merge-configuration.js')),
      ...(early && {fetch: early.fetch}),
    };
    const session = this.#options.create?.(options) ?? new ConfiguratorSession(options);
    this.#session = session;
    this.#key = key;
    this.#early = early;
    this.#replaced();
    // Failures reach the page as `configurator-error` and the error state.
    this.#load((signal) =>
      opening ? session.open(opening, {signal}) : session.start(config.model, {signal}),
    ).catch(() => {});
    this.#host.requestUpdate();
  }

  #dispose() {
    const session = this.#session;
    this.#early?.cancel();
    this.#early = null;
    this.#session = null;
    this.#key = '';
    // Told before the session goes, so what watched it lets go of a session still whole.
    if (session) this.#replaced();
    session?.dispose();
    this.#host.requestUpdate();
  }

  #replaced() {
    for (const replaced of this.#watchers) replaced(this.#session);
  }
}
