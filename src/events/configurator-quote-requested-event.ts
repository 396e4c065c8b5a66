import type {QuoteRequested} from '../session/answers.js';

/**
 * Fired when the service accepted a quote request. Carries what the service returned; the
 * service may answer without a body, and then only `configurationId` is known.
 */
export class ConfiguratorQuoteRequestedEvent extends Event {
  static readonly eventName = 'configurator-quote-requested' as const;
  readonly configurationId: string;
  /** The quotation the service created (the reference to show the shopper); null when unnamed. */
  readonly quotationId: string | null;
  /** The CRM account the service created from the customer fields; null when unnamed. */
  readonly debtorId: string | null;
  /** The service's whole answer, including fields this version does not name. */
  readonly result: QuoteRequested;

  constructor(configurationId: string, result: QuoteRequested) {
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
