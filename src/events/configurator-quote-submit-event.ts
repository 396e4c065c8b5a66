import type {QuoteCustomer} from '../session/wire.js';

/**
 * Fired when the shopper submits the quote form, before anything is sent. Cancelable:
 * `preventDefault()` stops the element from sending the request so the host can take over
 * (for example to add a captcha or route it through its own backend).
 */
export class ConfiguratorQuoteSubmitEvent extends Event {
  static readonly eventName = 'configurator-quote-submit' as const;
  readonly configurationId: string;
  /** The customer fields as entered; the host may adjust them before `requestQuote`. */
  readonly customer: QuoteCustomer;

  constructor(configurationId: string, customer: QuoteCustomer) {
    super(ConfiguratorQuoteSubmitEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    this.configurationId = configurationId;
    this.customer = customer;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-quote-submit': ConfiguratorQuoteSubmitEvent;
  }
}
