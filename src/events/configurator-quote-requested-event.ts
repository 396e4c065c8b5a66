import type {SignedConfigurationAnswer} from '../wire/index.js';
import type {QuoteRequested} from '../session/quote-requested.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorQuoteRequestedDetail {
  configurationId: string;
  /** The quotation the service created (the reference to show the shopper); null when unnamed. */
  quotationId: string | null;
  /** The CRM account the service created from the customer fields; null when unnamed. */
  debtorId: string | null;
  /** The service's whole answer, including fields this version does not name. */
  result: QuoteRequested;
  /** The quoted configuration's signed statement; null when the service gave none. */
  signed: SignedConfigurationAnswer | null;
}

/**
 * Fired when the service accepted a quote request. Carries what the service returned; the
 * service may answer without a body, and then only `configurationId` is known.
 */
export class ConfiguratorQuoteRequestedEvent extends CustomEvent<ConfiguratorQuoteRequestedDetail> {
  static readonly eventName = EventName.quoteRequested;

  constructor(
    configurationId: string,
    result: QuoteRequested,
    signed: SignedConfigurationAnswer | null = null,
  ) {
    super(
      ConfiguratorQuoteRequestedEvent.eventName,
      eventInit({
        configurationId,
        quotationId: result.quotationId,
        debtorId: result.debtorId,
        result,
        signed,
      }),
    );
  }

  /** Same as `detail.configurationId`. */
  get configurationId(): string {
    return this.detail.configurationId;
  }

  /** Same as `detail.quotationId`. */
  get quotationId(): string | null {
    return this.detail.quotationId;
  }

  /** Same as `detail.debtorId`. */
  get debtorId(): string | null {
    return this.detail.debtorId;
  }

  /** Same as `detail.result`. */
  get result(): QuoteRequested {
    return this.detail.result;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.quoteRequested]: ConfiguratorQuoteRequestedEvent;
  }
}
