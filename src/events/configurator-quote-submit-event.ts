import type {QuoteCustomer} from '../wire/index.js';
import {EventName} from './event-names.js';

export interface ConfiguratorQuoteSubmitDetail {
  configurationId: string;
  /** The customer fields as entered; the host may adjust them before `requestQuote`. */
  customer: QuoteCustomer;
}

/**
 * Fired when the shopper submits the quote form, before anything is sent. Cancelable:
 * `preventDefault()` stops the element from sending the request so the host can take over
 * (for example to add a captcha or route it through its own backend).
 */
export class ConfiguratorQuoteSubmitEvent extends CustomEvent<ConfiguratorQuoteSubmitDetail> {
  static readonly eventName = EventName.quoteSubmit;

  constructor(configurationId: string, customer: QuoteCustomer) {
    super(ConfiguratorQuoteSubmitEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: {configurationId, customer},
    });
  }

  /** Same as `detail.configurationId`. */
  get configurationId(): string {
    return this.detail.configurationId;
  }

  /** Same as `detail.customer`. */
  get customer(): QuoteCustomer {
    return this.detail.customer;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.quoteSubmit]: ConfiguratorQuoteSubmitEvent;
  }
}
