import {LitElement, html, type PropertyValues} from 'lit';
import type {ChangeResult, ConfiguratorSession, FetchedToken} from '../session/index.js';
import type {QuoteRequested, TokenRequest} from '../session/index.js';
import {yieldToMain} from '../controllers/yield-to-main.js';
import type {Configuration, QuoteCustomer, SignedConfigurationAnswer} from '../wire/index.js';
import {ConfiguratorParts} from './configurator-parts.js';
import {styles} from './product-configurator-styles.js';
import {renderStart} from './render-start.js';

/**
 * Configures a product against the Configurator and Quotation Service and requests a quote:
 * steps, options, numeric and text inputs, a live price summary, conflict resolution and a
 * quote form, in the shopper's language.
 *
 * @summary An embeddable product configurator with quote requests.
 *
 * @fires {ConfiguratorReadyEvent} configurator-ready - The first configuration of a session has been rendered, its step on screen for the shopper to act on (again after a restart; on the first screen the step's first nodes, its rest and then the summary column following a frame apart, which `updateComplete` waits for). `detail`: `configuration`, `price`.
 * @fires {ConfiguratorChangeEvent} configurator-change - The service applied a change and it has been rendered. `detail`: `configuration`, `changes`, `source`, `price`.
 * @fires {ConfiguratorConflictEvent} configurator-conflict - The service answered a requirement with conflicts. `detail`: `conflicts`, `requirement`.
 * @fires {ConfiguratorQuoteSubmitEvent} configurator-quote-submit - The shopper submitted the quote form; cancelable, `preventDefault()` lets the host take over. `detail`: `configurationId`, `customer`, `quantity`.
 * @fires {ConfiguratorQuoteRequestedEvent} configurator-quote-requested - The service accepted the quote request. `detail`: `configurationId`, `quotationId`, `debtorId`, `result`.
 * @fires {ConfiguratorErrorEvent} configurator-error - Loading or applying failed, or the element's settings keep it from starting. `detail`: `code`, `message`, `retryable`, `status`.
 * @fires {ConfiguratorLanguageChangeEvent} configurator-language-change - The session's language changed and the new texts and price labels are rendered. `detail`: `lang`, `configuration`, `price`.
 * @fires {ConfiguratorStepEvent} configurator-step - The shopper sees another step of the journey: a model step, the review or the quote form (after `configurator-ready`, once per step shown). `detail`: `screen`, `index`, `stepId`, `name`, `stepCount`, `review`.
 * @fires {ConfiguratorPriceChangeEvent} configurator-price-change - What the shopper sees as the price changed and is rendered: the first total, a change, the VAT switch, a language, a restart; never when it stayed the same. `detail`: `price`, `configurationId`.
 *
 * @slot header - Content above the configurator, such as a product introduction.
 * @slot quote-footer - Content beside the quote form's submit button, such as terms or a privacy note.
 *
 * @csspart base - The outer layout grid: the frame around everything the element shows.
 * @csspart header - The product heading: its name and description, above the steps.
 * @csspart product-name - The product's name, the element's main heading.
 * @csspart panel - The card in the main column: the steps, the review, the quote form or the thank-you.
 * @csspart summary - The price summary card beside (or below) the panel.
 * @csspart total-bar - The total, the configured picture (small) and the quote button kept in view at the bottom of narrow layouts.
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
 * @csspart error - An error notice: nothing could be loaded, a change failed, or a quote lacks answers or was not sent.
 * @csspart image - An image from the model: the product (in the summary and the total bar), a group, an option card or an image feature.
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
  // Lit's static declaration rather than its decorators: the same reactive properties and
  // attributes without the decorators' helpers in the first screen's code.
  static override properties = {
    model: {},
    tokenEndpoint: {attribute: 'token-endpoint'},
    apiUrl: {attribute: 'api-url'},
    lang: {},
    configuration: {},
    shareUrl: {attribute: 'share-url'},
    fetchToken: {attribute: false},
    publishableKey: {attribute: 'publishable-key'},
    loading: {},
    name: {},
    required: {type: Boolean, reflect: true},
    disabled: {type: Boolean, reflect: true},
    analytics: {},
    analyticsConsent: {attribute: 'analytics-consent'},
  };
  /** A form control (ElementInternals): see docs/commerce.md. */
  static formAssociated = true;

  /** Model identifier: the model's root feature name or its GUID (v3 `new/{IDENTIFIER}`). */
  model = '';

  /**
   * URL on the host's backend that returns an access token (POST, same-origin credentials).
   * Changing it (or `fetchToken`) keeps the session: later tokens come from the new source.
   */
  tokenEndpoint = '';

  /**
   * The service's base URL. Default: the page's origin. Changing it after loading starts a new
   * session there (another service does not know this one's configuration).
   */
  apiUrl = '';

  /**
   * Two-letter language for the model texts and the element's own texts. Default: the nearest
   * `lang` attribute up the page, else English. Changing it changes the session's language.
   */
  override lang = '';

  /**
   * An existing session id or code to resume (a code copies that configuration). When the
   * service does not know it and `model` is set, the error offers to start `model` anew.
   */
  configuration = '';

  /**
   * The link "Share" hands out, with `{code}` standing for the configuration code (for example
   * `https://shop.example/chair?c={code}`). Default: this page with `?configuration=CODE`,
   * which the element opens when its own `configuration` is empty.
   */
  shareUrl = '';

  /**
   * Replaces the token endpoint: a function returning `{accessToken, expiresIn}` (seconds).
   * Read again on every renewal; setting it keeps the session. After the service refused a token (401), it is called with
   * `{rejected}`, the refused token, so the host can tell its backend not to hand it out again.
   */
  fetchToken: ((request?: TokenRequest) => Promise<FetchedToken>) | null = null;

  /**
   * A publishable key (`pk_...`) for pages with no backend: the service at `api-url` exchanges
   * it for a shopper token, for pages on an origin the key lists. Used when neither
   * `fetchToken` nor `token-endpoint` is set.
   */
  publishableKey = '';

  /**
   * `lazy` starts the session only when the element comes near the viewport, like `loading` on
   * an image; its space is reserved meanwhile. Default `eager`: start as soon as it can.
   */
  loading: 'eager' | 'lazy' = 'eager';

  /**
   * The form field name. In a form, the form data holds `{name}` (the configuration id),
   * `{name}-code` (its code) and, once the configuration is complete and saved, `{name}-signed`
   * (the service's signed statement of it, which the host's server verifies).
   */
  name = '';

  /** The form may not be submitted without a configuration. */
  required = false;

  /** Out of the form's data and validation, and not operable (as is a disabled fieldset's). */
  disabled = false;

  /**
   * `ga4` pushes the shopper's journey to `window.dataLayer` as Google Analytics 4 events
   * (`view_item`, the configurator's steps, `generate_lead`) once the shopper consented, never
   * with personal data (docs/analytics.md). Its code is loaded only when set.
   */
  analytics: '' | 'ga4' = '';

  /**
   * The shopper's answer to the page's consent banner: `granted` lets `analytics` push, and
   * `denied` stops it whatever else says so. Unset, Google consent mode decides: its
   * `analytics_storage` in `dataLayer` (nothing is pushed while it is denied or unsaid).
   */
  analyticsConsent: '' | 'granted' | 'denied' = '';

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

  #parts = new ConfiguratorParts(this);
  #analytics: Promise<unknown> | null = null;

  /** The headless session behind the element (null until a model and a token source are set). */
  get session(): ConfiguratorSession | null {
    return this.#parts.session.session;
  }

  /** The current configuration as the service confirmed it. */
  get value(): Configuration | null {
    return this.#parts.session.snapshot?.configuration ?? null;
  }

  /** Switches a node on or off. Settles when the service has answered. */
  async select(nodeId: string, on: boolean): Promise<ChangeResult> {
    return this.#parts.session.select(nodeId, on, 'api');
  }

  /** Sets a numeric node's value. Settles when the service has answered. */
  async setValue(nodeId: string, value: number): Promise<ChangeResult> {
    return this.#parts.session.setValue(nodeId, value, 'api');
  }

  /** Sets a text node's text. Settles when the service has answered. */
  async setText(nodeId: string, text: string): Promise<ChangeResult> {
    return this.#parts.session.setText(nodeId, text, 'api');
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
    this.#parts.session.require();
    const {flow} = await this.#parts.lazy.quoteFlow();
    return flow.request(customer, options.quantity ?? 1, this.#parts.texts.shown);
  }

  /**
   * Takes back the last change (up to 20), restoring exactly the state the service had before
   * it. Settles when the service has answered; does nothing when there is nothing to undo.
   */
  async undo(): Promise<Configuration | null> {
    return this.#parts.undo();
  }

  /** Drops the session and starts the same model anew. */
  async restart(): Promise<Configuration> {
    return this.#parts.restart();
  }

  /**
   * The service's signed statement of the complete configuration (`jws`, `expiresAt`) once
   * every change is saved, for a host's server to verify with `verifyConfiguration`. Rejects
   * with `quote_blocked` while mandatory features are unanswered, `conflict_pending` during a
   * conflict.
   */
  async getSignedConfiguration(): Promise<SignedConfigurationAnswer> {
    const session = this.#parts.session.require();
    // Its code comes with the call: a page that never asks for a statement does not load it.
    const {fetchSignedConfiguration} = await import('../session/signed.js');
    return fetchSignedConfiguration(session);
  }

  /** The form the element belongs to (its ancestor, or the one its `form` attribute names). */
  get form(): HTMLFormElement | null {
    return this.#parts.form.internals.form;
  }

  /** The element's validity, as a native control's. */
  get validity(): ValidityState {
    return this.#parts.form.internals.validity;
  }

  /** Why the element is invalid, in its language; '' when it is valid. */
  get validationMessage(): string {
    return this.#parts.form.internals.validationMessage;
  }

  /** Whether the form checks the element (false while disabled). */
  get willValidate(): boolean {
    return this.#parts.form.internals.willValidate;
  }

  /** Whether the element is valid; fires `invalid` (and brings the shopper along) when not. */
  checkValidity(): boolean {
    return this.#parts.form.internals.checkValidity();
  }

  /** Reports the validity; when invalid, brings the shopper to the first thing left to do. */
  reportValidity(): boolean {
    return this.#parts.form.internals.reportValidity();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.#parts.form.setDisabled(disabled);
  }

  /** @internal `form.reset()` starts the model anew. */
  formResetCallback(): void {
    if (this.model.trim() && this.session) this.restart().catch(() => {});
  }

  /** @internal A restored form (back navigation) reopens the configuration it held. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (mode === 'restore' && typeof state === 'string' && state) this.configuration = state;
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

  override connectedCallback(): void {
    // The token and the configuration are requested first: before Lit's own connecting (the
    // shadow root and its styles), the first render and the chunks' imports, each of which
    // would otherwise delay the first request. Properties set before the tag was defined (a
    // framework's ref) come back only at the first update, so without a token source yet the
    // first update decides, and reports one missing only then.
    if (this.tokenEndpoint.trim() || this.fetchToken || this.publishableKey.trim()) {
      this.#parts.sync();
    }
    super.connectedCallback();
  }

  /**
   * Waits also for chunks and dictionaries the current screen needs, and their render, so an
   * event dispatched after `updateComplete` describes what the shopper sees.
   */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.#parts.views.settled(() => super.getUpdateComplete());
  }

  /**
   * The element's first render (its skeleton) waits for the task that connected it to end, and
   * the render that first shows a configuration for the answer's task: the page's main thread
   * is free between them (docs/decisions/0101 and 0107).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated && !this.#parts.events.firstShowDue()) return super.scheduleUpdate();
    return yieldToMain().then(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('loading')) this.#parts.viewport.watch();
    if (changed.has('model') || changed.has('configuration')) this.#parts.reset();
    this.#parts.sync();
    this.#parts.announceTotal();
  }

  protected override updated(): void {
    this.#parts.lazy.updated();
    // Its own chunk, loaded only by an element that asks for analytics (docs/analytics.md).
    if (this.analytics && !this.#analytics) {
      this.#analytics = import('../controllers/analytics-controller.js').then(
        (m) => new m.AnalyticsController(this),
      );
      this.#parts.views.track(this.#analytics);
    }
  }

  override render() {
    const parts = this.#parts;
    const snapshot = parts.session.snapshot;
    const {s, full} = parts.texts.take();
    // Without the complete texts only a failed load of the view that brings them is shown.
    const loaded = (full !== null || parts.lazy.failed) && !!snapshot?.configuration;
    const start = {
      model: this.model.trim(),
      configuration: this.configuration.trim(),
      loaded,
      setup: parts.settings.error,
      views: parts.views,
    };
    return html`<div
      class="layout"
      part="base"
      lang=${parts.texts.shown}
      ?inert=${this.disabled || parts.form.disabled}
    >
      <div class="header"><slot name="header"></slot></div>
      <div class="progress ${snapshot?.busy && loaded ? 'active' : ''}" aria-hidden="true"></div>
      ${renderStart(parts.session, {...start, waiting: parts.viewport.waiting}, s, () =>
        parts.lazy.render(s, full),
      )}
      ${parts.lazy.renderConflict(full)}
      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">
        ${parts.announcer.text}
      </div>
    </div>`;
  }
}
