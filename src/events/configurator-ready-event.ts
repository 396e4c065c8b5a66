import type {Configuration} from '../wire/index.js';
import type {DisplayedPrice} from './price.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorReadyDetail {
  /** The configuration as the service returned it. */
  configuration: Configuration;
  /** The total as the shopper sees it. */
  price: DisplayedPrice;
}

/**
 * Fired once per service session when its first configuration has been rendered: after the
 * start or open, and again after `restart()` (which starts a new session).
 */
export class ConfiguratorReadyEvent extends CustomEvent<ConfiguratorReadyDetail> {
  static readonly eventName = EventName.ready;

  constructor(configuration: Configuration, price: DisplayedPrice) {
    super(ConfiguratorReadyEvent.eventName, eventInit({configuration, price}));
  }

  /** Same as `detail.configuration`. */
  get configuration(): Configuration {
    return this.detail.configuration;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.ready]: ConfiguratorReadyEvent;
  }
}
