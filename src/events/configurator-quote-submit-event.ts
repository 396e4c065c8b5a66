import type {QuoteCustomer, SignedConfigurationAnswer} from '../wire/index.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorQuoteSubmitDetail {
  configurationId: string;
  /** The customer fields as entered; the host may adjust them before `requestQuote`. */
  customer: QuoteCustomer;
  /** The quantity the shopper asked a quote for (1 unless the form's quantity says more). */
  quantity: number;
  /**
   * The configuration's signed statement (`jws`, `expiresAt`), for a host that takes over and
   * passes the price to its server; null when the service gave none.
   */
  signed: SignedConfigurationAnswer | null;
}

/**
 * Fired when the shopper submits the quote form, before anything is sent. Cancelable:
 * `preventDefault()` stops the element from sending the request so the host can take over
 * (for example to add a captcha or route it through its own backend), with the same customer
 * and quantity.
 */
export class ConfiguratorQuoteSubmitEvent extends CustomEvent<ConfiguratorQuoteSubmitDetail> {
  static readonly eventName = EventName.quoteSubmit;

  constructor(
    configurationId: string,
    customer: QuoteCustomer,
    quantity = 1,
    signed: SignedConfigurationAnswer | null = null,
  ) {
    super(
      ConfiguratorQuoteSubmitEvent.eventName,
      eventInit({configurationId, customer, quantity, signed}, true),
    );
  }

  /** Same as `detail.configurationId`. */
  get configurationId(): string {
    return this.detail.configurationId;
  }

  /** Same as `detail.customer`. */
  get customer(): QuoteCustomer {
    return this.detail.customer;
  }

  /** Same as `detail.quantity`. */
  get quantity(): number {
    return this.detail.quantity;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.quoteSubmit]: ConfiguratorQuoteSubmitEvent;
  }
}
