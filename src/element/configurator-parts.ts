import type {ReactiveControllerHost} from 'lit';
import {isServer, nothing} from 'lit';
import {Announcer} from '../controllers/announcer.js';
import {FormController} from '../controllers/form-controller.js';
import {PriceEvent} from '../controllers/price-event.js';
import {ScreenController} from '../controllers/screen-controller.js';
import {SessionController} from '../controllers/session-controller.js';
import {TextsController} from '../controllers/texts-controller.js';
import {ViewportController} from '../controllers/viewport-controller.js';
import {loadStrings} from '../i18n/dictionaries.js';
import type {FirstStrings, Strings} from '../i18n/strings.js';
import {
  ConfiguratorError,
  ErrorCode,
  type FetchedToken,
  type TokenRequest,
} from '../session/index.js';
import {renderError, renderSkeleton} from '../view/render-states.js';
import {isSessionCode} from '../view/session-code.js';
import type {Configuration} from '../wire/index.js';
import type {ElementParts} from './element-parts.js';
import {lazyView, ViewLoader} from './lazy-view.js';

// Not needed for the first render: a chunk beside the script-tag entry, loaded when wanted. The
// configure view loads the quote screens and the conflict dialog in turn.
// English beyond what the entry renders comes with it (see i18n/dictionaries.ts): the view
// never runs without it.
const configureView = lazyView(() =>
  Promise.all([import('./configure-view.js'), loadStrings('en')]).then(([module]) => module),
);

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
 * The element's controllers, made and wired together: the session, the screens, the
 * announcements, the texts, the viewport, the lazily loaded views and, once wanted, the quote
 * flow. The element keeps one and reads as an outline of what it shows.
 */
export class ConfiguratorParts implements ElementParts {
  readonly host: PartsHost;
  readonly views: ViewLoader;
  readonly session: SessionController;
  readonly viewport: ViewportController;
  readonly announcer: Announcer;
  readonly texts: TextsController;
  readonly screens: ScreenController;
  readonly form: FormController;
  quote: ElementParts['quote'] = null;
  /**
   * A code in this page's address (`?configuration=`), as the default share link puts it: read
   * when the element first starts, not on every update, so that a page that writes a code into
   * its own address later (a router keeping the share link) does not move a running
   * configuration to a copy of itself.
   */
  #pageCode: string | undefined;
  /** Whether the shopper sees prices incl. VAT. */
  inclVat = true;

  constructor(host: PartsHost) {
    this.host = host;
    this.views = new ViewLoader(host);
    this.session = new SessionController(host, {inclVat: () => this.inclVat});
    this.viewport = new ViewportController(host, () => host.loading === 'lazy');
    this.announcer = new Announcer(host);
    const track = (work: Promise<unknown>) => this.views.track(work);
    this.texts = new TextsController(
      host,
      track,
      () => !!this.#target,
      () => this.session.snapshot?.configuration ?? null,
    );
    this.screens = new ScreenController(host, {
      prepare: (screen) =>
        screen === 'review' || screen === 'quote' ? this.quoteFlow() : Promise.resolve(),
      track,
      switched: (from, to) => {
        const s = this.texts.strings;
        if (!to) return this.announcer.say(`${s.errorTitle} ${s.errors.network}`);
        // Back to the steps, or away from the form: its failure (or one reported) is old news.
        if (to === 'configure' || from === 'quote') this.session.dismissError();
        this.quote?.flow.dismiss();
      },
      tabId: (stepId) => configureView.module?.tabId(stepId) ?? '',
    });
    this.form = new FormController(host, {
      session: () => this.session.session,
      snapshot: () => this.session.snapshot,
      strings: () => this.texts.complete,
      first: () => this.texts.strings,
      goToNode: (nodeId, stepId) => void this.screens.goToNode(nodeId, stepId),
    });
  }

  get apiUrl(): string {
    return (this.host.apiUrl.trim() || location.origin).replace(/\/+$/, '');
  }

  shareUrl(): string {
    return this.host.shareUrl.trim();
  }

  toggleVat(incl: boolean): void {
    this.inclVat = incl;
    this.host.requestUpdate();
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

  /** Loads the quote screens' chunk (with the configure view's) and makes the quote flow. */
  async quoteFlow(): Promise<NonNullable<ElementParts['quote']>> {
    let module;
    try {
      const cv = configureView.module ?? (await this.views.load(configureView));
      module = await this.views.load(cv.quoteScreen);
    } catch {
      // Offline, or the chunks are gone from the server: a reason callers know how to read.
      throw new ConfiguratorError(ErrorCode.network, 'The quote screens could not be loaded', {
        retryable: true,
      });
    }
    this.quote ??= {
      module,
      flow: new module.QuoteController(this.host, this.session, module.rules, {
        requested: () => this.screens.reset('thanks'),
        signed: () => this.form.statement(),
      }),
    };
    return this.quote;
  }

  /** Hands the element's settings to the session controller, unless a lazy start waits. */
  sync(): void {
    // A server render (Lit's SSR) has no page address and must not start requests: it renders
    // the first state, and the browser starts the session once the element hydrates.
    if (isServer || this.viewport.waiting) return;
    const host = this.host;
    if (this.#pageCode === undefined) {
      const page = new URLSearchParams(location.search).get('configuration') ?? '';
      this.#pageCode = isSessionCode(page) ? page.trim().toUpperCase() : '';
    }
    const configuration = host.configuration.trim() || this.#pageCode;
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
    if ((host.model.trim() || configuration) && !configureView.module) {
      configureView.load().catch(() => {});
    }
  }

  /** Before a render: a changed total is announced. */
  announceTotal(): void {
    const configuration = this.session.snapshot?.configuration;
    if (!configuration) return;
    this.announcer.total(configuration, this.inclVat, (total) =>
      this.texts.strings.totalAnnouncement(total),
    );
  }

  /** Whether the configure view (with the rest of English) could not be loaded. */
  get viewFailed(): boolean {
    return configureView.failed;
  }

  /**
   * The configure view, once its chunk and the complete texts (`full`) are here; offline, the
   * same notice as a failed load.
   */
  renderConfigured(s: FirstStrings, full: Strings | null): unknown {
    const cv = this.views.use(configureView);
    const configuration = this.session.snapshot?.configuration;
    if (cv && full && configuration) {
      this.session.shows(configuration);
      return cv.renderConfigured(this, full);
    }
    if (!configureView.failed) return renderSkeleton(s);
    const notice = {title: s.errorTitle, message: s.errorLoad, reason: s.errors.network};
    return renderError({...notice, canRetry: true}, true, s, () =>
      this.views.track(this.views.load(configureView)),
    );
  }

  /** The conflict dialog, which comes with the configure view. */
  renderConflict(full: Strings | null): unknown {
    return (full && configureView.module?.renderConflict(this, full)) ?? nothing;
  }

  /** After a render: opens or closes the conflict dialog; a changed price is announced. */
  updated(): void {
    configureView.module?.syncConflictDialog(this);
    // The total is on screen once the configure view is (the skeleton shows none).
    if (!configureView.module) return;
    this.#priceEvent ??= new PriceEvent(this.host);
    this.#priceEvent.rendered(this.session.snapshot?.configuration, this.inclVat);
  }

  #priceEvent: PriceEvent | null = null;

  get #target(): string {
    return this.host.model.trim() || this.host.configuration.trim();
  }
}
