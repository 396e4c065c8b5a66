import {Task} from '@lit/task';
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ConfiguratorChangeEvent} from '../events/configurator-change-event.js';
import {ConfiguratorConflictEvent} from '../events/configurator-conflict-event.js';
import {ConfiguratorErrorEvent} from '../events/configurator-error-event.js';
import {ConfiguratorLanguageChangeEvent} from '../events/configurator-language-change-event.js';
import {displayedPrice} from '../events/price.js';
import {ConfiguratorReadyEvent} from '../events/configurator-ready-event.js';
import {
  ConfiguratorError,
  ConfiguratorSession,
  ErrorCode,
  type ChangeResult,
  type SessionChangeEvent,
  type SessionConflictEvent,
  type SessionErrorEvent,
  type SessionSnapshot,
} from '../session/index.js';
import type {UndoHistory} from '../session/undo-history.js';
import type {Configuration} from '../wire/index.js';
import {ElementTokens, tokenSourceKind, type TokenSettings} from './element-tokens.js';
import {explainSetupMistake} from './setup-hints.js';
import {pageScriptsRan} from './page-scripts.js';

/** What the element knows that decides which session it needs. */
export interface SessionConfig extends TokenSettings {
  model: string;
  /** A session id or code to resume instead of starting anew. */
  configuration: string;
  apiUrl: string;
  lang: string;
}

type Host = ReactiveControllerHost & HTMLElement;

/** A start, an open, a restart or a retry of a failed load, aborted by the signal. */
type Load = (signal: AbortSignal) => Promise<unknown>;

/** How long a dragged or typed value waits for the next before it is sent. */
const quietMs = 300;

/**
 * Owns the element's {@link ConfiguratorSession}: creates it once a model (or a configuration
 * to resume) and a token source are known, replaces it when they change, takes every command
 * the element and its views give, renders on every snapshot and re-dispatches the session's
 * news as the element's public events, after the element has rendered them.
 *
 * Loading a configuration (the start, an open, a restart, a retry of a failed load) runs as
 * the {@link start} task: the element renders its pending, complete and error states, and a
 * newer load aborts the one it supersedes through the task's signal.
 *
 * Moving the element (disconnected and connected again in the same task) keeps the session;
 * really leaving the page disposes it, aborting whatever is in flight. Coming back resumes the
 * same session by id.
 */
export class SessionController implements ReactiveController {
  #host: Host;
  #session: ConfiguratorSession | null = null;
  /** The session's undo, once the configure view that owns it has loaded. */
  history: UndoHistory | null = null;
  /** Identifies what the current session was made for; a different key needs a new session. */
  #key = '';
  #config: SessionConfig | null = null;
  /** The configuration `configurator-ready` last announced; a restart brings a new one. */
  #readyId: string | null = null;
  /** The configuration the render under way shows in the configure view, if it shows one. */
  #rendering: Configuration | null = null;
  /** A `configurator-ready` sent once a render shows its configuration (see #afterRender). */
  #readyWhenShown: {id: string; send: () => void} | null = null;
  #disposalQueued = false;
  /** The id of a session disposed because the element left the page, reopened on return. */
  #resume: {key: string; id: string} | null = null;
  #detach: (() => void) | null = null;
  /** The endpoint source in use, kept while its URL stays so its cached token is reused. */
  readonly #tokens = new ElementTokens(() => this.#config);
  /** A mistake in the element's settings that keeps it from starting, shown and reported once. */
  #setupError: ConfiguratorError | null = null;
  /** Looks at the settings again once the page's scripts have run (see `pageScriptsRan`). */
  #lookAgain = () => this.#host.requestUpdate();
  /** The origin refusals already explained in the console, so each is written once. */
  #warned = new Set<string>();

  /** Whether the shopper sees prices incl. VAT: event payloads carry the price on screen. */
  #inclVat: () => boolean;
  /** The language of the configuration last rendered, to tell a language switch. */
  #shownLanguage = '';

  /** Loading the session's configuration; its value is not used, its status is rendered. */
  readonly start: Task<[Load], unknown>;

  constructor(host: Host, options: {inclVat?: () => boolean} = {}) {
    this.#host = host;
    this.#inclVat = options.inclVat ?? (() => true);
    host.addController(this);
    this.start = new Task(host, {task: ([load], {signal}) => load(signal), autoRun: false});
  }

  /** The session, or the `not_started` error the public methods reject with. */
  require(): ConfiguratorSession {
    const session = this.#session;
    if (!session) {
      throw new ConfiguratorError(ErrorCode.notStarted, 'The configurator has no session yet');
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

  /**
   * Takes back the last change through the configure view's undo history; before that has
   * loaded there is nothing to undo.
   */
  undo(): Promise<Configuration | null> {
    const session = this.require();
    const history = this.history;
    return history?.session === session
      ? history.undo()
      : Promise.resolve(session.snapshot.configuration);
  }

  /** Drops the configuration and starts the same model anew. */
  async restart(): Promise<Configuration> {
    const session = this.require();
    return this.#load((signal) => session.restart({signal})) as Promise<Configuration>;
  }

  /** The current session, if any. */
  get session(): ConfiguratorSession | null {
    return this.#session;
  }

  get snapshot(): SessionSnapshot | null {
    return this.#session?.snapshot ?? null;
  }

  /** Why the element cannot start (`no_token_source`, `invalid_api_url`), if it cannot. */
  get setupError(): ConfiguratorError | null {
    return this.#setupError;
  }

  /**
   * Called by the render that shows `configuration` in the configure view: the shopper can act
   * on it once that render is committed.
   */
  shows(configuration: Configuration): void {
    this.#rendering = configuration;
  }

  hostUpdate(): void {
    this.#rendering = null;
  }

  hostUpdated(): void {
    const waiting = this.#readyWhenShown;
    if (!waiting || this.#rendering?.id !== waiting.id) return;
    this.#readyWhenShown = null;
    // After the update that committed it, not inside it.
    queueMicrotask(waiting.send);
  }

  hostConnected(): void {
    this.#disposalQueued = false;
    // Back after a real removal: the next update recreates the session (resuming it by id).
    if (!this.#session && this.#config) this.#host.requestUpdate();
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
    let config = settings;
    const previousLang = this.#config?.lang;
    this.#config = config;
    if (!this.#host.isConnected) return;
    const token = tokenSourceKind(config);
    const target = config.configuration || config.model;
    if (!target) {
      this.#reportSetup(null);
      if (this.#session) this.#dispose();
      return;
    }
    const apiUrl = serviceUrl(config.apiUrl);
    if (apiUrl === null) {
      if (this.#session) this.#dispose();
      this.#reportSetup(
        new ConfiguratorError(
          ErrorCode.invalidApiUrl,
          `api-url "${config.apiUrl}" is not a URL: give the service's absolute http(s) URL, like https://configurator.example`,
        ),
      );
      return;
    }
    if (!token) {
      // A running session keeps its last token source; only a start needs one.
      if (!this.#session && pageScriptsRan(this.#lookAgain)) {
        this.#reportSetup(
          new ConfiguratorError(
            ErrorCode.noTokenSource,
            this.#host.hasAttribute('fetch-token')
              ? 'fetchToken must be set as a property (a function); the fetch-token attribute is ignored'
              : "Set token-endpoint to your backend's token URL, the fetchToken property to a function, or publishable-key to a key the service issued for this page",
          ),
        );
      }
      return;
    }
    this.#reportSetup(null);
    config = {...config, apiUrl};
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
    const model = this.#config?.model;
    if (!session || !model) return Promise.resolve();
    return this.#load((signal) => session.start(model, {signal})).then(() => {});
  }

  /**
   * Runs a load as the start task and settles with it: the task renders it, the caller learns
   * how it went (failures reach the page as `configurator-error` and the error state).
   */
  #load(load: Load): Promise<unknown> {
    let outcome!: Promise<unknown>;
    void this.start.run([
      (signal) => {
        outcome = load(signal);
        return outcome;
      },
    ]);
    return outcome;
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
    const session = new ConfiguratorSession({
      apiUrl: config.apiUrl,
      tokenSource: this.#tokens.source,
      lang: config.lang,
      // A chunk beside the entry, loaded when the session starts or opens.
      loadMerge: () => import('../session/merge-configuration.js'),
      ...(early && {fetch: early.fetch}),
    });
    this.#session = session;
    this.#key = key;
    this.#readyId = null;

    const onSnapshot = () => {
      this.#host.requestUpdate();
      const configuration = session.snapshot.configuration;
      if (!configuration) return;
      // An undo reopens an earlier copy under another id: the same product, not a new start.
      if (this.history?.undoing) this.#readyId = configuration.id;
      if (configuration.id !== this.#readyId) {
        this.#readyId = configuration.id;
        this.#shownLanguage = configuration.languageIso;
        this.#afterRender(
          session,
          () => new ConfiguratorReadyEvent(configuration, this.#price(configuration)),
          configuration.id,
        );
      } else if (configuration.languageIso && configuration.languageIso !== this.#shownLanguage) {
        this.#shownLanguage = configuration.languageIso;
        this.#afterRender(
          session,
          () =>
            new ConfiguratorLanguageChangeEvent(
              configuration.languageIso,
              configuration,
              this.#price(configuration),
            ),
        );
      }
    };
    const onChange = (e: Event) => {
      const {configuration, changes} = e as SessionChangeEvent;
      if (changes.length === 0) return;
      // An undo reopens a copy (the session calls that an `api` change); it is the change of
      // whoever asked for the undo: the shopper's button or the page.
      const history = this.history;
      const source = history?.undoing ? history.undoSource : (e as SessionChangeEvent).source;
      this.#afterRender(
        session,
        () =>
          new ConfiguratorChangeEvent(configuration, changes, source, this.#price(configuration)),
      );
    };
    const onConflict = (e: Event) => {
      const {conflicts, requirement} = e as SessionConflictEvent;
      this.#afterRender(session, () => new ConfiguratorConflictEvent(conflicts, requirement));
    };
    const onError = (e: Event) => {
      const error: ConfiguratorError = (e as SessionErrorEvent).error;
      if (error.code === ErrorCode.aborted) return;
      explainSetupMistake(error, config, this.#warned);
      this.#afterRender(
        session,
        () =>
          new ConfiguratorErrorEvent({
            code: error.code,
            message: error.message,
            retryable: error.retryable,
            status: error.status,
          }),
      );
    };
    session.addEventListener('snapshot', onSnapshot);
    session.addEventListener('change', onChange);
    session.addEventListener('conflict', onConflict);
    session.addEventListener('error', onError);
    this.#detach = () => {
      early?.cancel();
      session.removeEventListener('snapshot', onSnapshot);
      session.removeEventListener('change', onChange);
      session.removeEventListener('conflict', onConflict);
      session.removeEventListener('error', onError);
    };

    // Failures reach the page as `configurator-error` and the error state.
    this.#load((signal) =>
      opening ? session.open(opening, {signal}) : session.start(config.model, {signal}),
    ).catch(() => {});
    this.#host.requestUpdate();
  }

  #price(configuration: Configuration) {
    return displayedPrice(configuration, this.#inclVat());
  }

  /** Shows a settings mistake and reports it once; `null` clears it. */
  #reportSetup(error: ConfiguratorError | null) {
    const previous = this.#setupError;
    // The same mistake found again on a later update keeps its first report (and its event).
    if (error && previous?.code === error.code && previous.message === error.message) return;
    this.#setupError = error;
    if (!error) return;
    console.warn(`<product-configurator> ${error.code}: ${error.message}`);
    void this.#host.updateComplete.then(() => {
      if (this.#setupError !== error) return;
      this.#host.dispatchEvent(
        new ConfiguratorErrorEvent({
          code: error.code,
          message: error.message,
          retryable: false,
          status: null,
        }),
      );
    });
  }

  /**
   * Dispatches once the element has rendered what the event reports, unless replaced since.
   * With `shownId` (`configurator-ready`), as soon as a committed render shows that
   * configuration in the configure view: the shopper can act then, and the updates queued
   * behind it (the start task's own, the extras arriving) are not waited for. The element's
   * `updateComplete` still sends it when no render shows it (the configure view failed to load).
   */
  #afterRender(session: ConfiguratorSession, make: () => Event, shownId?: string) {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      if (this.#readyWhenShown?.send === send) this.#readyWhenShown = null;
      if (this.#session === session) this.#host.dispatchEvent(make());
    };
    if (shownId !== undefined) this.#readyWhenShown = {id: shownId, send};
    void this.#host.updateComplete.then(send);
  }

  #dispose() {
    this.#detach?.();
    this.#detach = null;
    this.history?.detach();
    this.history = null;
    this.#session?.dispose();
    this.#session = null;
    this.#key = '';
    this.#host.requestUpdate();
  }
}

/**
 * The service's base URL without a trailing slash, or null when `value` is not one: an
 * absolute http(s) URL, or a path on the page's origin. `localhost:8787` (no scheme) parses
 * as a URL of the scheme `localhost:` and is refused too.
 */
function serviceUrl(value: string): string | null {
  if (!/^(https?:\/\/|\/)/i.test(value)) return null;
  try {
    const url = new URL(value, document.baseURI);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
