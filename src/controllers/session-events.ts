import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ConfiguratorChangeEvent} from '../events/configurator-change-event.js';
import {ConfiguratorConflictEvent} from '../events/configurator-conflict-event.js';
import {ConfiguratorErrorEvent} from '../events/configurator-error-event.js';
import {ConfiguratorLanguageChangeEvent} from '../events/configurator-language-change-event.js';
import {displayedPrice} from '../events/price.js';
import {ConfiguratorReadyEvent} from '../events/configurator-ready-event.js';
import {
  type ConfiguratorError,
  type ConfiguratorSession,
  type SessionChangeEvent,
  type SessionConflictEvent,
  type SessionErrorEvent,
} from '../session/index.js';
import type {Configuration} from '../wire/index.js';
import type {SessionSource} from './session-controller.js';

type Host = ReactiveControllerHost & HTMLElement;

/** What an undo under way tells the events it causes (see UndoHistory). */
export interface UndoState {
  readonly undoing: boolean;
  readonly undoSource: 'user' | 'api';
}

export interface SessionEventsOptions {
  /** Whether the shopper sees prices incl. VAT: event payloads carry the price on screen. */
  inclVat(): boolean;
  /** The session's undo, once the configure view that owns it has loaded. */
  undo(): UndoState | null;
  /** A failure the session reported (not an abort), before the page hears of it. */
  failed(error: ConfiguratorError): void;
}

/** The session's events the bridge listens to. */
const news = ['snapshot', 'change', 'conflict', 'error'] as const;

/**
 * The bridge from the session's events to the element's public events: renders on every
 * snapshot, and dispatches `configurator-ready`, `-change`, `-conflict`, `-error` and
 * `-language-change` once the element has rendered what each reports. Listens to the session
 * its source runs while the element is connected, and to the next one when it is replaced.
 */
export class SessionEvents implements ReactiveController {
  readonly #host: Host;
  readonly #sessions: SessionSource;
  readonly #options: SessionEventsOptions;
  #unwatch: (() => void) | null = null;
  /** The session listened to. */
  #attached: ConfiguratorSession | null = null;
  /** The configuration `configurator-ready` last announced; a restart brings a new one. */
  #readyId: string | null = null;
  /**
   * The session `#readyId` belongs to. Another one (even made while the element was away, as
   * its return does before the controllers hear of it) has its start announced; a move keeps it.
   */
  #of: ConfiguratorSession | null = null;
  /** The language of the configuration last rendered, to tell a language switch. */
  #shownLanguage = '';
  /** The configuration the render under way shows in the configure view, if it shows one. */
  #rendering: Configuration | null = null;
  /** A `configurator-ready` sent once a render shows its configuration (see #afterRender). */
  #readyWhenShown: {id: string; send: () => void} | null = null;
  /** The configuration whose first render was already put in a task of its own. */
  #yieldedFor = '';

  constructor(host: Host, sessions: SessionSource, options: SessionEventsOptions) {
    this.#host = host;
    this.#sessions = sessions;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#unwatch ??= this.#sessions.watch((session) => this.#attach(session));
    this.#attach(this.#sessions.session);
  }

  hostDisconnected(): void {
    this.#unwatch?.();
    this.#unwatch = null;
    this.#attach(null);
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

  /**
   * Whether the coming render is the first to show a new configuration, once per configuration:
   * the element then renders it in a task after the answer's (docs/decisions/0101).
   */
  firstShowDue(): boolean {
    const waiting = this.#readyWhenShown;
    if (!waiting || waiting.id === this.#yieldedFor) return false;
    this.#yieldedFor = waiting.id;
    return true;
  }

  hostUpdated(): void {
    const waiting = this.#readyWhenShown;
    if (!waiting || this.#rendering?.id !== waiting.id) return;
    this.#readyWhenShown = null;
    // After the update that committed it, not inside it.
    queueMicrotask(waiting.send);
  }

  #attach(session: ConfiguratorSession | null) {
    if (session === this.#attached) return;
    for (const type of news) this.#attached?.removeEventListener(type, this.#on);
    this.#attached = session;
    if (!session) return;
    if (session !== this.#of) this.#readyId = null;
    this.#of = session;
    for (const type of news) session.addEventListener(type, this.#on);
  }

  readonly #on = (event: Event) => {
    const session = this.#attached;
    if (!session) return;
    switch (event.type) {
      case 'snapshot':
        return this.#snapshot(session);
      case 'change':
        return this.#change(session, event as SessionChangeEvent);
      case 'conflict': {
        const {conflicts, requirement} = event as SessionConflictEvent;
        return this.#afterRender(
          session,
          () => new ConfiguratorConflictEvent(conflicts, requirement),
        );
      }
      case 'error':
        return this.#error(session, (event as SessionErrorEvent).error);
    }
  };

  #snapshot(session: ConfiguratorSession) {
    this.#host.requestUpdate();
    const configuration = session.snapshot.configuration;
    if (!configuration) return;
    // An undo reopens an earlier copy under another id: the same product, not a new start.
    if (this.#options.undo()?.undoing) this.#readyId = configuration.id;
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
  }

  #change(session: ConfiguratorSession, event: SessionChangeEvent) {
    const {configuration, changes} = event;
    if (changes.length === 0) return;
    // An undo reopens a copy (the session calls that an `api` change); it is the change of
    // whoever asked for the undo: the shopper's button or the page.
    const undo = this.#options.undo();
    const source = undo?.undoing ? undo.undoSource : event.source;
    this.#afterRender(
      session,
      () => new ConfiguratorChangeEvent(configuration, changes, source, this.#price(configuration)),
    );
  }

  #error(session: ConfiguratorSession, error: ConfiguratorError) {
    if (error.code === 'aborted') return;
    this.#options.failed(error);
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
  }

  #price(configuration: Configuration) {
    return displayedPrice(configuration, this.#options.inclVat());
  }

  /**
   * Dispatches once the element has rendered what the event reports, unless the session was
   * replaced since. With `shownId` (`configurator-ready`), as soon as a committed render shows
   * that configuration in the configure view: the shopper can act then, and the updates queued
   * behind it (the start task's own, the extras arriving) are not waited for. The element's
   * `updateComplete` still sends it when no render shows it (the configure view failed to load).
   */
  #afterRender(session: ConfiguratorSession, make: () => Event, shownId?: string) {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      if (this.#readyWhenShown?.send === send) this.#readyWhenShown = null;
      if (this.#sessions.session === session) this.#host.dispatchEvent(make());
    };
    if (shownId !== undefined) this.#readyWhenShown = {id: shownId, send};
    void this.#host.updateComplete.then(send);
  }
}
