import type {DisplayedPrice} from './price.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorPriceChangeDetail {
  /** The total as the shopper now sees it. */
  price: DisplayedPrice;
  /** The session the price belongs to. */
  configurationId: string;
}

/**
 * Fired after a render that changed what the shopper sees as the price: the first total, a
 * change that moved it, the VAT switch, a language that formats it differently, a restart.
 * Never fired when the displayed price stayed the same (a free option, a text).
 */
export class ConfiguratorPriceChangeEvent extends CustomEvent<ConfiguratorPriceChangeDetail> {
  static readonly eventName = EventName.priceChange;

  constructor(price: DisplayedPrice, configurationId: string) {
    super(ConfiguratorPriceChangeEvent.eventName, eventInit({price, configurationId}));
  }

  /** Same as `detail.price`. */
  get price(): DisplayedPrice {
    return this.detail.price;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.priceChange]: ConfiguratorPriceChangeEvent;
  }
}
