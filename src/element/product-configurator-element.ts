import {LitElement, html, nothing, type CSSResult, type PropertyValues} from 'lit';
import {property, state} from 'lit/decorators.js';
import {SessionController} from '../controllers/session-controller.js';
import {ConfiguratorQuoteRequestedEvent} from '../events/configurator-quote-requested-event.js';
import {errorText} from '../i18n/error-text.js';
import {baseLanguage, hasStrings, loadStrings, stringsFor} from '../i18n/strings-for.js';
import type {Strings} from '../i18n/strings.js';
import {
  ConfiguratorError,
  ErrorCode,
  type ChangeResult,
  type ConfiguratorSession,
  type FetchedToken,
  type QuoteRequested,
  type TokenRequest,
  type SessionSnapshot,
} from '../session/index.js';
import type {Configuration, QuoteCustomer} from '../wire/index.js';
import {renderError, renderSkeleton, type ErrorView} from '../view/render-states.js';
import {isSessionCode} from '../view/session-code.js';
import type {StepHandlers} from '../view/render-steps.js';
import type {ConfigurationView} from '../view/view-model.js';
import type * as ConfigureViewModule from './configure-view.js';
import type {ShopperTools} from '../view/shopper-tools.js';
import type {PictureController} from '../controllers/picture-controller.js';
import {adoptStyles, lazyView, type LazyView} from './lazy-view.js';
import {styles} from './product-configurator-styles.js';

// Not needed for the first render: chunks beside the script-tag entry, loaded when wanted.
// The configure view loads the quote screen and the conflict dialog in turn.
const configureView = lazyView(() => import('./configure-view.js'));

type Screen = 'configure' | 'review' | 'quote' | 'thanks';

/** How long a dragged or typed value waits for the next before it is sent. */
const quietMs = 300;

/**
 * Configures a product against the Configurator and Quotation Service and requests a quote:
 * steps, options, numeric and text inputs, a live price summary, conflict resolution and a
 * quote form, in the shopper's language.
 *
 * @summary An embeddable product configurator with quote requests.
 *
 * @fires {ConfiguratorReadyEvent} configurator-ready - The first configuration of a session has been rendered (again after a restart). `detail`: `configuration`, `price`.
 * @fires {ConfiguratorChangeEvent} configurator-change - The service applied a change and it has been rendered. `detail`: `configuration`, `changes`, `source`, `price`.
 * @fires {ConfiguratorConflictEvent} configurator-conflict - The service answered a requirement with conflicts. `detail`: `conflicts`, `requirement`.
 * @fires {ConfiguratorQuoteSubmitEvent} configurator-quote-submit - The shopper submitted the quote form; cancelable, `preventDefault()` lets the host take over. `detail`: `configurationId`, `customer`.
 * @fires {ConfiguratorQuoteRequestedEvent} configurator-quote-requested - The service accepted the quote request. `detail`: `configurationId`, `quotationId`, `debtorId`, `result`.
 * @fires {ConfiguratorErrorEvent} configurator-error - Loading or applying failed, or the element's settings keep it from starting. `detail`: `code`, `message`, `retryable`, `status`.
 * @fires {ConfiguratorLanguageChangeEvent} configurator-language-change - The session's language changed and the new texts and price labels are rendered. `detail`: `lang`, `configuration`, `price`.
 *
 * @slot header - Content above the configurator, such as a product introduction.
 * @slot quote-footer - Content beside the quote form's submit button, such as terms or a privacy note.
 *
 * @csspart base - The outer layout grid: the frame around everything the element shows.
 * @csspart header - The product heading: its name and description, above the steps.
 * @csspart product-name - The product's name, the element's main heading.
 * @csspart panel - The card in the main column: the steps, the review, the quote form or the thank-you.
 * @csspart summary - The price summary card beside (or below) the panel.
 * @csspart total-bar - The total and quote button kept in view at the bottom of narrow layouts.
 * @csspart dialog - The conflict dialog.
 * @csspart steps - The step tab list.
 * @csspart step-tab - One step tab.
 * @csspart step-tab-selected - The current step's tab (also `step-tab`).
 * @csspart option - One option of a choice: a list row, a card or a chip.
 * @csspart option-selected - A selected option (also `option`).
 * @csspart form - The quote form.
 * @csspart field - A labelled field: a numeric or text feature, or a quote form field.
 * @csspart label - A field's label.
 * @csspart input - A text-like input, a dropdown or a textarea.
 * @csspart button - Every button.
 * @csspart button-primary - The main action of a place: next step, request a quote, submit, accept (also `button`).
 * @csspart price - An option's or a numeric feature's surcharge.
 * @csspart total - The total price line in the summary and the review.
 * @csspart error - An error notice: nothing could be loaded, a change failed, or the quote was not sent.
 * @csspart image - An image from the model: the product, a group, an option card or an image feature.
 *
 * @cssproperty [--configurator-accent=#2f5bea] - Accent colour: selection, primary buttons, focus rings.
 * @cssproperty [--configurator-accent-contrast=#ffffff] - Text on the accent colour.
 * @cssproperty [--configurator-text=#1b1f27] - Main text colour.
 * @cssproperty [--configurator-muted=#596273] - Secondary text colour.
 * @cssproperty [--configurator-surface=#ffffff] - Card background.
 * @cssproperty [--configurator-background=#f5f6f8] - Subtle backgrounds (tab list, sub-options, skeleton).
 * @cssproperty [--configurator-border=#dfe3ea] - Borders and dividers.
 * @cssproperty [--configurator-danger=#b42318] - Errors.
 * @cssproperty [--configurator-success=#157347] - Confirmations.
 * @cssproperty [--configurator-warning=#9a5b00] - Missing mandatory answers.
 * @cssproperty [--configurator-font=inherit] - Font family.
 * @cssproperty [--configurator-radius=12px] - Corner radius of cards; inner elements derive from it.
 * @cssproperty [--configurator-spacing=1rem] - Base spacing unit.
 * @cssproperty [--configurator-sticky-top=1rem] - Offset of the sticky summary (for pages with a fixed header).
 */
export class ProductConfiguratorElement extends LitElement {
  static override styles = styles;

  /** Model identifier: the model's root feature name or its GUID (v3 `new/{IDENTIFIER}`). */
  @property() model = '';

  /**
   * URL on the host's backend that returns an access token (POST, same-origin credentials).
   * Changing it (or `fetchToken`) keeps the session: later tokens come from the new source.
   */
  @property({attribute: 'token-endpoint'}) tokenEndpoint = '';

  /**
   * The service's base URL. Default: the page's origin. Changing it after loading starts a new
   * session there (another service does not know this one's configuration).
   */
  @property({attribute: 'api-url'}) apiUrl = '';

  /**
   * Two-letter language for the model texts and the element's own texts. Default: the nearest
   * `lang` attribute up the page, else English. Changing it changes the session's language.
   */
  @property() override lang = '';

  /**
   * An existing session id or code to resume (a code copies that configuration). When the
   * service does not know it and `model` is set, the error offers to start `model` anew.
   */
  @property() configuration = '';

  /**
   * The link "Share" hands out, with `{code}` standing for the configuration code (for example
   * `https://shop.example/chair?c={code}`). Default: this page with `?configuration=CODE`,
   * which the element opens when its own `configuration` is empty.
   */
  @property({attribute: 'share-url'}) shareUrl = '';

  /**
   * Replaces the token endpoint: a function returning `{accessToken, expiresIn}` (seconds).
   * Read again on every renewal; setting it keeps the session. After the service refused a token (401), it is called with
   * `{rejected}`, the refused token, so the host can tell its backend not to hand it out again.
   */
  @property({attribute: false}) fetchToken:
    ((request?: TokenRequest) => Promise<FetchedToken>) | null = null;

  /**
   * `lazy` starts the session only when the element comes near the viewport, like `loading` on
   * an image; its space is reserved meanwhile. Default `eager`: start as soon as it can.
   */
  @property() loading: 'eager' | 'lazy' = 'eager';

  /**
   * The same as `fetchToken`, under the name frameworks derive from a kebab-case binding (Vue's
   * `:fetch-token="fn"` sets this property when the element is already defined).
   */
  get 'fetch-token'(): ((request?: TokenRequest) => Promise<FetchedToken>) | null {
    return this.fetchToken;
  }
  set 'fetch-token'(value: ((request?: TokenRequest) => Promise<FetchedToken>) | null) {
    this.fetchToken = value;
  }

  @state() private _nearViewport = false;
  @state() private _screen: Screen = 'configure';
  @state() private _activeStep = '';
  @state() private _inclVat = true;
  @state() private _shipTo = false;
  @state() private _errors: Record<string, string> = {};
  @state() private _formError = '';
  @state() private _submitting = false;
  @state() private _quoteResult: QuoteRequested | null = null;
  @state() private _copyStatus = '';
  @state() private _announcement = '';

  #controller = new SessionController(this, {inclVat: () => this._inclVat});
  #tools: ShopperTools | null = null;
  /** The configured product's picture (the configure view's). */
  #picture?: PictureController;
  /** For the lazily loaded views: sets some of this element's reactive state. */
  #set = (state: object) => Object.assign(this, state);
  #draft: Record<string, string> = {};
  /** The language and total last rendered, to announce real changes of the total only. */
  #lastTotal = '';
  #returnFocus: HTMLElement | null = null;
  #viewport: IntersectionObserver | null = null;
  /** The same object every render, so unchanged nodes are not rendered again. */
  #stepHandlers: StepHandlers = {
    select: (id, on) => this.#input(this.#require().select(id, on)),
    // Dragging and typing are held for a quiet moment: one request per gesture.
    setValue: (id, value) => this.#input(this.#require().setValue(id, value, {quietMs})),
    setText: (id, text) => this.#input(this.#require().setText(id, text, {quietMs})),
    flush: () => this.#controller.session?.flush(),
    goToStep: (id, focusTab) => void this.#goToStep(id, focusTab),
    review: () => void this.#showScreen('review'),
  };
  /** The view last rendered; the next one keeps its unchanged parts (see reuseUnchanged). */
  #lastView: ConfigurationView | null = null;
  /** Chunks and dictionaries being loaded; `updateComplete` waits for them and their render. */
  #loads = new Set<Promise<unknown>>();
  /** The texts last rendered, kept while another language's dictionary loads. */
  #shownStrings: Strings | null = null;

  /** The headless session behind the element (null until a model and a token source are set). */
  get session(): ConfiguratorSession | null {
    return this.#controller.session;
  }

  /** The current configuration as the service confirmed it. */
  get value(): Configuration | null {
    return this.#controller.snapshot?.configuration ?? null;
  }

  /** Switches a node on or off. Settles when the service has answered. */
  async select(nodeId: string, on: boolean): Promise<ChangeResult> {
    return this.#require().select(nodeId, on, {source: 'api'});
  }

  /** Sets a numeric node's value. Settles when the service has answered. */
  async setValue(nodeId: string, value: number): Promise<ChangeResult> {
    return this.#require().setValue(nodeId, value, {source: 'api'});
  }

  /** Sets a text node's text. Settles when the service has answered. */
  async setText(nodeId: string, text: string): Promise<ChangeResult> {
    return this.#require().setText(nodeId, text, {source: 'api'});
  }

  /**
   * Requests a quote for the current configuration without the form (no submit event). Fires
   * `configurator-quote-requested` and shows the thank-you on success. The result names the
   * quotation when the service's answer does (`quotationId` is null otherwise). `quantity`
   * (default 1) is how many of this configuration are quoted.
   */
  async requestQuote(
    customer: QuoteCustomer,
    options: {quantity?: number} = {},
  ): Promise<QuoteRequested> {
    const session = this.#require();
    const configurationId = session.id ?? '';
    // The thank-you comes with the quote screen; fetched alongside the request.
    const styled = this.#loadQuoteScreen().catch(() => {});
    const result = await session.requestQuote({languageIso: this.#lang, ...customer}, options);
    await styled;
    this._quoteResult = result;
    this._screen = 'thanks';
    await this.updateComplete;
    const requested = new ConfiguratorQuoteRequestedEvent(configurationId, result);
    this.dispatchEvent(requested);
    return result;
  }

  /**
   * Takes back the last change (up to 20), restoring exactly the state the service had before
   * it. Settles when the service has answered; does nothing when there is nothing to undo.
   */
  async undo(): Promise<Configuration | null> {
    const session = this.#require();
    const history = this.#controller.history;
    return history?.session === session ? history.undo() : session.snapshot.configuration;
  }

  /** Drops the session and starts the same model anew. */
  async restart(): Promise<Configuration> {
    const session = this.#require();
    this._screen = 'configure';
    this._quoteResult = null;
    this._activeStep = '';
    this._errors = {};
    this._formError = '';
    delete this.#draft['quantity'];
    this.#lastTotal = '';
    return session.restart();
  }

  /** A code in this page's address (`?configuration=`), as the default share link puts it. */
  get #pageConfiguration(): string {
    const code = new URLSearchParams(location.search).get('configuration') ?? '';
    return isSessionCode(code) ? code.trim().toUpperCase() : '';
  }

  get #lang(): string {
    const own = baseLanguage(this.lang);
    if (own) return own;
    const inherited = this.parentElement?.closest('[lang]')?.getAttribute('lang');
    return baseLanguage(inherited ?? document.documentElement.lang) || 'en';
  }

  /** The language shown: the one asked for, or the service's where the model lacks it. */
  get #shown(): string {
    const lang = this.#lang;
    const c = this.#controller.snapshot?.configuration;
    // `includes?.`: an answer's `languages` is not checked at the session's boundary.
    return c?.languages?.includes?.(lang) === false ? c.languageIso : lang;
  }

  get #strings(): Strings {
    const lang = this.#shown;
    if (hasStrings(lang)) return stringsFor(lang);
    // An element with nothing to show loads nothing, not even its texts.
    if (this.model.trim() || this.configuration.trim()) this.#track(loadStrings(lang));
    // Until the dictionary is here, the texts stay as they were (English at the very start).
    return this.#shownStrings ?? stringsFor(lang);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#watchViewport();
    // The token and the configuration are requested now, not after a first render. Properties
    // set before the tag was defined (a framework's ref) come back only at the first update, so
    // without a token source yet the first update decides, and reports one missing only then.
    if (this.tokenEndpoint.trim() || this.fetchToken) this.#syncSession();
  }

  /**
   * Waits also for chunks and dictionaries the current screen needs, and their render, so an
   * event dispatched after `updateComplete` describes what the shopper sees.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.#loads.size > 0) {
      await Promise.allSettled([...this.#loads]);
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /** Renders again once `work` settles, and holds `updateComplete` until then. */
  #track(work: Promise<unknown>): void {
    if (this.#loads.has(work)) return;
    this.#loads.add(work);
    const done = () => {
      this.#loads.delete(work);
      this.requestUpdate();
    };
    work.then(done, done);
  }

  /** Loads a lazy view and adds its styles to this element. */
  async #load<T extends {styles: CSSResult}>(view: LazyView<T>): Promise<T> {
    const module = view.module ?? (await view.load());
    adoptStyles(this.renderRoot as ShadowRoot, module.styles);
    return module;
  }

  async #loadQuoteScreen() {
    const cv = configureView.module ?? (await this.#load(configureView));
    return this.#load(cv.quoteScreen);
  }

  /** A lazy view if it is here (styles adopted); otherwise starts loading it and answers null. */
  #use<T extends {styles: CSSResult}>(view: LazyView<T>): T | null {
    if (view.module) {
      adoptStyles(this.renderRoot as ShadowRoot, view.module.styles);
      return view.module;
    }
    // A failed load is tried again when the shopper asks, not on every render.
    if (!view.failed) this.#track(this.#load(view));
    return null;
  }

  #syncSession(): void {
    if (this.#waiting) return;
    // The configure view's code loads alongside the first requests, not after their answers.
    const configuration = this.configuration.trim() || this.#pageConfiguration;
    if ((this.model.trim() || configuration) && !configureView.module) {
      configureView.load().catch(() => {});
    }
    this.#controller.sync({
      model: this.model.trim(),
      configuration,
      apiUrl: (this.apiUrl.trim() || location.origin).replace(/\/+$/, ''),
      tokenEndpoint: this.tokenEndpoint.trim(),
      fetchToken: this.fetchToken,
      lang: this.#lang,
    });
  }

  #require(): ConfiguratorSession {
    const session = this.#controller.session;
    if (!session) {
      throw new ConfiguratorError(ErrorCode.notStarted, 'The configurator has no session yet');
    }
    return session;
  }

  constructor() {
    super();
    // Set before the tag was defined (Vue's `.prop` binding of `fetch-token`), the value is an
    // own property hiding the accessor: take it over, as Lit does for declared properties.
    if (Object.prototype.hasOwnProperty.call(this, 'fetch-token')) {
      const value = (this as Record<string, unknown>)['fetch-token'];
      delete (this as Record<string, unknown>)['fetch-token'];
      this.fetchToken = value as typeof this.fetchToken;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#viewport?.disconnect();
    this.#viewport = null;
  }

  /** Waits for a lazy element to come within half a screen of the viewport; then it may start. */
  #watchViewport() {
    if (this.loading !== 'lazy' || this._nearViewport || this.#viewport || !this.isConnected)
      return;
    if (typeof IntersectionObserver !== 'function') {
      this._nearViewport = true;
      return;
    }
    this.#viewport = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.#viewport?.disconnect();
        this.#viewport = null;
        this._nearViewport = true;
      },
      {rootMargin: '50% 0px'},
    );
    this.#viewport.observe(this);
  }

  /** Whether `loading="lazy"` still holds the start back. */
  get #waiting(): boolean {
    return this.loading === 'lazy' && !this._nearViewport;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('loading')) this.#watchViewport();
    if (changed.has('model') || changed.has('configuration')) {
      // Another product (or configuration): start at its beginning, not on an old form.
      this._screen = 'configure';
      this._activeStep = '';
      this._quoteResult = null;
      this._errors = {};
      this._formError = '';
      this.#lastTotal = '';
    }
    this.#syncSession();
    const configuration = this.#controller.snapshot?.configuration;
    if (configuration) {
      const total = this._inclVat
        ? configuration.totalPriceIncVATLabel
        : configuration.totalPriceExVATLabel;
      // Announce changes of the total only: not the first render, a VAT toggle, or the same
      // amount written the way another language writes it.
      const key = `${configuration.languageIso}\n${total}`;
      const sameLanguage = this.#lastTotal.split('\n')[0] === configuration.languageIso;
      if (this.#lastTotal && key !== this.#lastTotal && sameLanguage && !changed.has('_inclVat')) {
        this._announcement = this.#strings.totalAnnouncement(total);
      }
      this.#lastTotal = key;
    }
  }

  protected override updated(): void {
    const dialog = this.renderRoot.querySelector('dialog');
    const conflict = this.#controller.snapshot?.conflict ?? null;
    if (!dialog) return;
    if (conflict && !dialog.open) {
      const active = (this.renderRoot as ShadowRoot).activeElement;
      this.#returnFocus = active instanceof HTMLElement ? active : null;
      dialog.showModal();
      // Focus the least destructive choice; autofocus in a shadow root is not honoured everywhere.
      dialog.querySelector<HTMLElement>('[data-action="cancel"]')?.focus();
    } else if (!conflict && dialog.open) {
      dialog.close();
      const back = this.#returnFocus;
      this.#returnFocus = null;
      if (back?.isConnected) back.focus();
    }
  }

  override render() {
    const snapshot = this.#controller.snapshot;
    const s = this.#strings;
    // A first render in a language whose dictionary is on its way shows the skeleton, not
    // English texts that change a moment later.
    const textsReady = hasStrings(this.#lang) || this.#shownStrings !== null;
    const configuration = textsReady ? (snapshot?.configuration ?? null) : null;
    const hasTarget = !!(this.model.trim() || this.configuration.trim());
    if (textsReady) this.#shownStrings = s;

    // The configure view's chunk has been on its way since the element connected.
    const cv = configuration ? this.#use(configureView) : configureView.module;
    let body: unknown = nothing;
    let view: ConfigurationView | null = null;
    if (configuration && snapshot && !cv && configureView.failed) {
      // Its chunk could not be loaded (offline): the same notice as a failed load.
      body = renderError(
        {
          title: s.errorTitle,
          message: s.errorLoad,
          reason: s.errors.network,
          canRetry: true,
        },
        true,
        s,
        () => this.#track(this.#load(configureView)),
      );
    } else if (configuration && snapshot && cv) {
      const built = cv.buildViewModel({
        configuration,
        values: snapshot.values,
        texts: snapshot.texts,
        pending: snapshot.pending,
        apiUrl: (this.apiUrl.trim() || location.origin).replace(/\/+$/, ''),
        inclVat: this._inclVat,
        onlyStep: this._screen === 'configure' ? this.#activeStepOf(configuration) : undefined,
      });
      view = cv.reuseUnchanged(this.#lastView, built);
      this.#lastView = view;
      body = this.#renderReady(cv, view, snapshot, s);
    } else if (snapshot?.error && snapshot.error.code !== ErrorCode.aborted) {
      // Also while a retry loads: the shopper keeps the message and the button until it works.
      body = renderError(this.#blockingErrorView(snapshot, snapshot.error, s), true, s, () =>
        this.#retry(),
      );
    } else if (this.#controller.setupError && !this.#waiting) {
      // Only the page's developer can fix the settings: no button to press.
      const view: ErrorView = {
        title: s.errorTitle,
        message: s.errorLoad,
        reason: errorText(this.#controller.setupError, s),
        canRetry: false,
        action: null,
      };
      body = renderError(view, true, s, () => {});
    } else if (hasTarget) {
      body = renderSkeleton(s);
    }

    return html`<div class="layout" part="base" lang=${this.#shown}>
      <div class="header"><slot name="header"></slot></div>
      <div
        class="progress ${snapshot?.busy && configuration ? 'active' : ''}"
        aria-hidden="true"
      ></div>
      ${body} ${this.#renderConflictDialog(snapshot, view, s)}
      <div class="sr-only" aria-live="polite" aria-atomic="true">${this._announcement}</div>
    </div>`;
  }

  /** The step shown: the one chosen, else the first. */
  #activeStepOf(configuration: Configuration): string | undefined {
    const steps = configuration.featureModel.steps;
    return (steps.find((st) => st.id === this._activeStep) ?? steps[0])?.id;
  }

  #renderConflictDialog(
    snapshot: SessionSnapshot | null,
    view: ConfigurationView | null,
    s: Strings,
  ) {
    const conflict = snapshot?.conflict ?? null;
    // Loaded the first time a conflict needs it; until then there is no dialog to close.
    const lazy = configureView.module?.conflictDialog;
    const dialog = !lazy ? null : conflict ? this.#use(lazy) : lazy.module;
    if (!dialog) return nothing;
    return dialog.renderConflictDialog(conflict, view?.names ?? new Map(), this.#lang, s, {
      resolveConflict: (accept) => this.#resolveConflict(accept),
    });
  }

  #renderReady(
    cv: typeof ConfigureViewModule,
    view: ConfigurationView,
    snapshot: SessionSnapshot,
    s: Strings,
  ) {
    const configuration = snapshot.configuration!;
    // Attached before the shopper can change anything, so the first change can be undone.
    const tools = this.#toolsOf(cv);
    const steps = view.steps;
    const active = steps.find((st) => st.id === this._activeStep)?.id ?? steps[0]?.id ?? '';
    const banner =
      // The quote form reports its own failures; elsewhere the banner offers a retry.
      snapshot.error && snapshot.error.code !== ErrorCode.aborted && this._screen === 'configure'
        ? renderError(
            this.#errorView(snapshot, snapshot.error, s, false),
            false,
            s,
            () => this.#retry(),
            () => this.#controller.session?.dismissError(),
          )
        : nothing;

    const quoteScreen = cv.quoteScreen.module;
    const main =
      quoteScreen?.renderQuoteScreens(
        {
          screen: this._screen,
          view,
          configuration,
          lang: this.#lang,
          inclVat: this._inclVat,
          result: this._quoteResult,
          draft: this.#draft,
          shipTo: this._shipTo,
          errors: this._errors,
          formError: this._formError,
          submitting: this._submitting,
        },
        s,
        {
          show: (screen) => void this.#showScreen(screen),
          restart: () => void this.#restartFromThanks(),
          submit: (form) =>
            void quoteScreen.submitQuote({
              form,
              host: this,
              set: this.#set,
              submitting: this._submitting,
              draft: this.#draft,
              lang: this.#lang,
              s,
            }),
          draftInput: (name, value) => {
            this.#draft[name] = value;
            // The line total follows the quantity as it is typed.
            if (name === 'quantity') this.requestUpdate();
            if (this._errors[name]) this._errors = {...this._errors, [name]: ''};
          },
          toggleShipTo: (on) => (this._shipTo = on),
          goToNode: (nodeId, stepId) => void this.#goToNode(nodeId, stepId),
        },
      ) ??
      html`<div class="card configure" part="panel">
        ${cv.renderSteps(steps, active, s, this.#stepHandlers)}
      </div>`;

    const extras = this.#use(cv.extras);
    return html`<div class="main" @focusin=${extras?.keepClearOfTotalBar}>
        <header class="product" part="header">
          <div>
            <h2 class="product-name" part="product-name">${view.product.name}</h2>
            ${
              view.product.descriptionHtml
                ? html`<div class="description">${cv.richText(view.product.descriptionHtml)}</div>`
                : nothing
            }
          </div>
        </header>
        ${banner} ${main}
        ${
          this._screen === 'configure'
            ? cv.renderTotalBar(view, s, () => void this.#showScreen('review'))
            : nothing
        }
      </div>
      <aside class="side" aria-label=${s.summaryTitle}>
        ${cv.renderSummary(
          view,
          {
            busy: snapshot.busy,
            copyStatus: this._copyStatus,
            showQuoteButton: this._screen === 'configure',
            picture:
              extras &&
              (this.#picture ??= new extras.PictureController(this, () => this.#controller)).src,
          },
          s,
          {
            toggleVat: (incl) => (this._inclVat = incl),
            copyCode: () => void tools.copy(view.code),
            shareCode: () => void tools.share(this.shareUrl.trim(), view.code, view.product.name),
            requestQuote: () => void this.#showScreen('review'),
          },
        )}
        ${this._screen === 'configure' ? tools.render(s, snapshot.busy) : nothing}
        ${extras?.renderLanguagePicker(configuration.languages, this.#shown, s, (l) => (this.lang = l))}
      </aside>`;
  }

  /**
   * The message tells the truth about the shopper's change: kept for sending again (then Retry
   * is offered, and the widget says when it tries by itself) or refused and undone.
   */
  #errorView(
    snapshot: SessionSnapshot,
    error: ConfiguratorError,
    s: Strings,
    blocking: boolean,
  ): ErrorView {
    return {
      title: s.errorTitle,
      message: blocking ? s.errorLoad : snapshot.canRetry ? s.errorApply : s.errorRefused,
      reason: errorText(error, s),
      canRetry: blocking || snapshot.canRetry,
      note:
        blocking && snapshot.status === 'loading'
          ? s.loading
          : snapshot.retryAt !== null
            ? s.retrying
            : '',
    };
  }

  /**
   * Nothing loaded. A saved configuration the service does not know never opens however often
   * it is tried, so instead of Retry the shopper may start the element's `model` anew.
   */
  #blockingErrorView(snapshot: SessionSnapshot, error: ConfiguratorError, s: Strings): ErrorView {
    const view = this.#errorView(snapshot, error, s, true);
    // Only the page's developer can let this page in: no button to press.
    if (error.code === ErrorCode.originNotAllowed) return {...view, canRetry: false, action: null};
    if (error.code !== ErrorCode.sessionNotFound || !this.configuration.trim()) return view;
    const model = this.model.trim();
    return {
      ...view,
      message: s.errorSavedNotFound,
      reason: model ? '' : s.errorSavedNotFoundNoModel,
      action: model
        ? {
            label: s.newConfiguration,
            name: 'start-new',
            run: () => this.#controller.startModel().catch(() => {}),
          }
        : null,
    };
  }

  /** UI inputs: failures are shown by the error state and event, never thrown at the page. */
  #input(work: Promise<unknown>) {
    work.catch(() => {});
  }

  #retry() {
    this.#controller.retry().catch(() => {});
  }

  #resolveConflict(accept: boolean) {
    this.#require()
      .resolveConflict(accept)
      .catch(() => {});
  }

  /** Switches screens; `updateComplete` covers loading the screen's chunk. */
  async #showScreen(screen: Screen): Promise<void> {
    const chunk =
      screen === 'quote' || screen === 'review' ? this.#loadQuoteScreen() : Promise.resolve();
    const switched = chunk.then(
      () => {
        // Back to the steps, or away from the quote form: its failure (or one already reported)
        // is old news.
        if (screen === 'configure' || this._screen === 'quote')
          this.#controller.session?.dismissError();
        this._screen = screen;
        this._formError = '';
        return true;
      },
      () => {
        // The screen's chunk could not be loaded (offline): stay, and say why.
        const s = this.#strings;
        this._announcement = `${s.errorTitle} ${s.errors.network}`;
        return false;
      },
    );
    this.#track(switched);
    if (!(await switched)) return;
    await this.updateComplete;
    const target =
      screen === 'quote' || screen === 'review'
        ? this.renderRoot.querySelector<HTMLElement>(`#${screen}-title`)
        : (this.renderRoot.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ??
          this.renderRoot.querySelector<HTMLElement>('.step-title'));
    target?.focus();
  }

  async #goToStep(stepId: string, focusTab: boolean) {
    this.#controller.session?.dismissError();
    this._activeStep = stepId;
    await this.updateComplete;
    if (focusTab)
      this.renderRoot
        .querySelector<HTMLElement>(`#${CSS.escape(configureView.module?.tabId(stepId) ?? '')}`)
        ?.focus();
  }

  async #goToNode(nodeId: string, stepId: string | null) {
    this.#controller.session?.dismissError();
    this._screen = 'configure';
    if (stepId) this._activeStep = stepId;
    await this.updateComplete;
    const node = this.renderRoot.querySelector<HTMLElement>(`[data-node="${CSS.escape(nodeId)}"]`);
    const focusable =
      node?.querySelector<HTMLElement>('h3[tabindex], input:not(:disabled), select, textarea') ??
      null;
    node?.scrollIntoView({block: 'center', behavior: 'smooth'});
    focusable?.focus({preventScroll: true});
  }

  /** Undo, start over, share and resume: the configure view's; a new session gets its own. */
  #toolsOf(cv: typeof ConfigureViewModule) {
    const session = this.#require();
    let tools = this.#tools;
    if (tools?.history.session !== session) {
      tools?.history.detach();
      tools = this.#tools = new cv.ShopperTools(session, this, this.#set);
      this.#controller.history = tools.history;
    }
    return tools;
  }

  /** The thank-you's button goes away: focus moves to the steps rather than the page. */
  async #restartFromThanks() {
    const started = this.restart().catch(() => {});
    await this.#showScreen('configure');
    await started;
  }
}
