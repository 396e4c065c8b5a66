import type {ReactiveControllerHost} from 'lit';
import {isServer} from 'lit';
import {Announcer} from '../controllers/announcer.js';
import {ErrorAnnouncer} from '../controllers/error-announcer.js';
import type {ConfigureController} from '../controllers/configure-controller.js';
import {FormPart} from '../controllers/form-part.js';
import {ScreenController} from '../controllers/screen-controller.js';
import {SessionController} from '../controllers/session-controller.js';
import {SessionEvents} from '../controllers/session-events.js';
import {SettingsCheck} from '../controllers/settings-check.js';
import {TextsController} from '../controllers/texts-controller.js';
import {VatChoice} from '../controllers/vat-choice.js';
import {ViewportController} from '../controllers/viewport-controller.js';
import type {FetchedToken, TokenRequest} from '../session/index.js';
import type {ConfigurationView} from '../view/view-model.js';
import type {Configuration} from '../wire/index.js';
import {ConfigureViews} from './configure-views.js';
import type {ElementParts, QuoteParts} from './element-parts.js';
import {ViewLoader} from './lazy-view.js';
import {PageCode} from './page-code.js';

/** The element's settings the parts read. */
export interface PartsHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  model: string;
  configuration: string;
  apiUrl: string;
  shareUrl: string;
  tokenEndpoint: string;
  fetchToken: ((request?: TokenRequest) => Promise<FetchedToken>) | null;
  publishableKey: string;
  loading: 'eager' | 'lazy';
  name: string;
  required: boolean;
}

/**
 * The element's controllers, each in a named field for its concern, made and wired together:
 * the settings check, the session and the bridge from its events, the screens, the
 * announcements, the texts, the viewport, the form, the VAT choice, and the lazily loaded views
 * with the controllers that come with them. The element keeps one and reads as an outline of
 * what it shows.
 */
export class ConfiguratorParts implements ElementParts {
  readonly host: PartsHost;
  readonly views: ViewLoader;
  readonly settings: SettingsCheck;
  readonly session: SessionController;
  readonly events: SessionEvents;
  readonly vat: VatChoice;
  readonly viewport: ViewportController;
  readonly announcer: Announcer;
  /** Says each error notice once, as it first shows. */
  readonly errorNotices: ErrorAnnouncer;
  readonly texts: TextsController;
  readonly screens: ScreenController;
  readonly form: FormPart;
  readonly lazy: ConfigureViews;
  readonly pageCode = new PageCode();

  constructor(host: PartsHost) {
    this.host = host;
    this.views = new ViewLoader(host);
    this.vat = new VatChoice(host);
    const settings = (this.settings = new SettingsCheck(host));
    this.session = new SessionController(host, {
      judge: (config, running) => settings.judge(config, running),
    });
    this.events = new SessionEvents(host, this.session, {
      inclVat: () => this.vat.inclVat,
      undo: () => this.lazy.history,
      failed: (error) => settings.explain(error),
    });
    this.viewport = new ViewportController(host, () => host.loading === 'lazy');
    this.announcer = new Announcer(host);
    this.errorNotices = new ErrorAnnouncer(host, (text) => this.announcer.say(text));
    const track = (work: Promise<unknown>) => this.views.track(work);
    this.texts = new TextsController(
      host,
      track,
      () => !!this.#target,
      () => this.session.snapshot?.configuration ?? null,
    );
    this.screens = new ScreenController(host, {
      prepare: (screen) =>
        screen === 'review' || screen === 'quote' ? this.lazy.quoteFlow() : Promise.resolve(),
      track,
      switched: (from, to) => {
        const s = this.texts.strings;
        if (!to) return this.announcer.say(`${s.errorTitle} ${s.errors.network}`);
        // Back to the steps, or away from the form: its failure (or one reported) is old news.
        if (to === 'configure' || from === 'quote') this.session.dismissError();
        this.quote?.flow.dismiss();
      },
      tabId: (stepId) => this.lazy.tabId(stepId),
    });
    this.form = new FormPart(
      host,
      {
        session: () => this.session.session,
        snapshot: () => this.session.snapshot,
        strings: () => this.texts.complete,
        first: () => this.texts.strings,
        goToNode: (nodeId, stepId) => void this.screens.goToNode(nodeId, stepId),
      },
      track,
    );
    this.lazy = new ConfigureViews(this, this.form);
  }

  get apiUrl(): string {
    return (this.host.apiUrl.trim() || location.origin).replace(/\/+$/, '');
  }

  shareUrl(): string {
    return this.host.shareUrl.trim();
  }

  get configure(): ConfigureController<ConfigurationView> {
    return this.lazy.configure;
  }

  get quote(): QuoteParts | null {
    return this.lazy.quote;
  }

  /** Another product, configuration or a restart: its beginning, not an old form or total. */
  reset(restart = false): void {
    this.screens.reset();
    this.quote?.flow.reset(restart);
    this.announcer.forgetTotal();
  }

  async restart(): Promise<Configuration> {
    this.session.require();
    this.reset(true);
    return this.session.restart();
  }

  /** The element's `undo()`: nothing to undo before the configure view keeps a history. */
  async undo(): Promise<Configuration | null> {
    const session = this.session.require();
    return this.lazy.loaded ? this.configure.undo() : session.snapshot.configuration;
  }

  /** Hands the element's settings to the session controller, unless a lazy start waits. */
  sync(): void {
    // A server render (Lit's SSR) has no page address and must not start requests: it renders
    // the first state, and the browser starts the session once the element hydrates.
    if (isServer || this.viewport.waiting) return;
    const host = this.host;
    const configuration = host.configuration.trim() || this.pageCode.read();
    this.session.sync({
      model: host.model.trim(),
      configuration,
      apiUrl: this.apiUrl,
      tokenEndpoint: host.tokenEndpoint.trim(),
      fetchToken: host.fetchToken,
      publishableKey: host.publishableKey.trim(),
      lang: this.texts.lang,
    });
    // The configure view's code loads alongside the first requests, not after their answers;
    // asked for once they are on their way (an `import()` costs the main thread a moment).
    if (host.model.trim() || configuration) this.lazy.preload();
  }

  /** Before a render: a changed total is announced. */
  announceTotal(): void {
    const configuration = this.session.snapshot?.configuration;
    if (!configuration) return;
    this.announcer.total(configuration, this.vat.inclVat, (total) =>
      this.texts.strings.totalAnnouncement(total),
    );
  }

  get #target(): string {
    return this.host.model.trim() || this.host.configuration.trim();
  }
}
