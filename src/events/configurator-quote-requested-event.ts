import type {QuoteRequestResult} from '../session/wire.js';

/** Fired when the service accepted a quote request. Carries what the service returned. */
export class ConfiguratorQuoteRequestedEvent extends Event {
  static readonly eventName = 'configurator-quote-requested' as const;
  readonly configurationId: string;
  /** The quotation the service created: the reference to show the shopper. */
  readonly quotationId: string;
  /** The CRM account the service created from the customer fields. */
  readonly debtorId: string;
  /** The service's whole answer, including fields this version does not name. */
  readonly result: QuoteRequestResult;

  constructor(configurationId: string, result: QuoteRequestResult) {
    super(ConfiguratorQuoteRequestedEvent.eventName, {bubbles: true, composed: true});
    this.configurationId = configurationId;
    this.quotationId = result.quotationId;
    this.debtorId = result.debtorId;
    this.result = result;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-quote-requested': ConfiguratorQuoteRequestedEvent;
  }
}
