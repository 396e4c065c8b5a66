// The bridge from the element's events to a page's `dataLayer` (`analytics="ga4"`): loaded
// only by an element that asks for it, so pages without analytics pay no bytes for it.
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {
  conflictMet,
  leadGenerated,
  stepReached,
  viewItem,
  type DataLayerPush,
} from '../analytics/ga4.js';
import {ConsentModeReader, watchConsent, type DataLayer} from '../analytics/consent-mode.js';
import {EventName} from '../events/event-names.js';
import type {Configuration} from '../wire/index.js';

/** What the controller reads of the element. */
export interface AnalyticsHost extends ReactiveControllerHost, HTMLElement {
  analytics: string | null;
  analyticsConsent: string | null;
  readonly value: Configuration | null;
}

/**
 * Events waiting for consent, at most this many: the start of the funnel is kept, a very long
 * session without an answer to the banner stops adding to it.
 */
export const queueLimit = 100;

/**
 * Pushes the journey to `window.dataLayer` while the shopper consents. Before an answer, the
 * events wait in memory (nothing leaves the page) and are pushed in order once consent is
 * granted; a refusal drops them. See docs/decisions/ (analytics after consent).
 */
export class AnalyticsController implements ReactiveController {
  #host: AnalyticsHost;
  #reader = new ConsentModeReader();
  #waiting: DataLayerPush[][] = [];
  #watched: {layer: DataLayer; stop: () => void} | null = null;
  /** The configuration whose `view_item` was pushed (or queued). */
  #viewed = '';
  /** The quantity of the last quote form submitted, by configuration id. */
  #quantity = {configurationId: '', quantity: 1};

  constructor(host: AnalyticsHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    const host = this.#host;
    for (const [type, listener] of this.#listeners) host.addEventListener(type, listener);
    this.#watch();
    // Loaded after the configuration was shown: its `configurator-ready` has passed.
    const shown = host.value;
    if (shown) this.#view(shown);
  }

  hostDisconnected(): void {
    const host = this.#host;
    for (const [type, listener] of this.#listeners) host.removeEventListener(type, listener);
    this.#watched?.stop();
    this.#watched = null;
  }

  /** Watches the page's data layer, again when the page replaced the array. */
  #watch(): DataLayer {
    const current = layer();
    if (this.#watched?.layer !== current) {
      this.#watched?.stop();
      this.#watched = {layer: current, stop: watchConsent(current, () => this.#decide())};
    }
    return current;
  }

  /** The attributes may have changed: consent given or withdrawn. */
  hostUpdate(): void {
    this.#decide();
  }

  #listeners: [string, (e: Event) => void][] = [
    [
      EventName.ready,
      (e) => this.#view((e as HTMLElementEventMap['configurator-ready']).configuration),
    ],
    [
      EventName.step,
      (e) => {
        const configuration = this.#host.value;
        const step = (e as HTMLElementEventMap['configurator-step']).detail;
        if (configuration) this.#send(stepReached(step, configuration));
      },
    ],
    [
      EventName.conflict,
      (e) => {
        const configuration = this.#host.value;
        const {requirement, conflicts} = (e as HTMLElementEventMap['configurator-conflict']).detail;
        if (configuration) this.#send(conflictMet(requirement, conflicts, configuration));
      },
    ],
    [
      EventName.quoteSubmit,
      (e) => {
        // Only the quantity: the customer fields stay out of analytics.
        const {configurationId, quantity} = (e as HTMLElementEventMap['configurator-quote-submit'])
          .detail;
        this.#quantity = {configurationId, quantity};
      },
    ],
    [
      EventName.quoteRequested,
      (e) => {
        const configuration = this.#host.value;
        const {configurationId} = (e as HTMLElementEventMap['configurator-quote-requested']).detail;
        const quantity =
          this.#quantity.configurationId === configurationId ? this.#quantity.quantity : 1;
        if (configuration) this.#send(leadGenerated(configuration, quantity));
      },
    ],
  ];

  #view(configuration: Configuration): void {
    if (configuration.id === this.#viewed) return;
    this.#viewed = configuration.id;
    this.#send(viewItem(configuration));
  }

  #send(pushes: DataLayerPush[]): void {
    if (!this.#on) return;
    if (this.#waiting.length < queueLimit) this.#waiting.push(pushes);
    this.#decide();
  }

  /** Pushes what waits if consent is granted, drops it if refused, else keeps it waiting. */
  #decide(): void {
    // A removed element may still render once (its session closing): it reports nothing.
    if (!this.#host.isConnected) return;
    const consent = this.#consent();
    if (consent === 'unsaid') return;
    const waiting = this.#waiting;
    this.#waiting = [];
    if (consent === 'denied' || !this.#on) return;
    const target = layer();
    for (const pushes of waiting) for (const push of pushes) target.push(push);
  }

  /** `analytics="ga4"` still holds (a removed attribute reads null). */
  get #on(): boolean {
    return (this.#host.analytics ?? '').trim().toLowerCase() === 'ga4';
  }

  #consent(): 'granted' | 'denied' | 'unsaid' {
    // The page's own word wins: it may know what consent mode does not.
    const own = (this.#host.analyticsConsent ?? '').trim().toLowerCase();
    if (own === 'granted' || own === 'denied') return own;
    return this.#reader.state(this.#host.isConnected ? this.#watch() : layer());
  }
}

/** The page's `dataLayer`, made as Tag Manager's snippet makes it when there is none yet. */
function layer(): DataLayer {
  const page = window as unknown as {dataLayer?: DataLayer};
  if (!Array.isArray(page.dataLayer)) page.dataLayer = [];
  return page.dataLayer;
}
