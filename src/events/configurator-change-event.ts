import type {ChangeSource} from '../session/change-source.js';
import type {Configuration} from '../wire/index.js';
import type {DisplayedPrice} from './price.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorChangeDetail {
  /** The configuration after the change. */
  configuration: Configuration;
  /** Node ids whose value or text changed. */
  changes: readonly string[];
  /** `'user'`: the shopper in the UI; `'api'`: the host through a method, or the session. */
  source: ChangeSource;
  /** The total as the shopper now sees it. */
  price: DisplayedPrice;
}

/**
 * Fired after the service applied a change and the element rendered it. Never fired for a
 * change that changed nothing.
 */
export class ConfiguratorChangeEvent extends CustomEvent<ConfiguratorChangeDetail> {
  static readonly eventName = EventName.change;

  constructor(
    configuration: Configuration,
    changes: readonly string[],
    source: ChangeSource,
    price: DisplayedPrice,
  ) {
    super(ConfiguratorChangeEvent.eventName, eventInit({configuration, changes, source, price}));
  }

  /** Same as `detail.configuration`. */
  get configuration(): Configuration {
    return this.detail.configuration;
  }

  /** Same as `detail.changes`. */
  get changes(): readonly string[] {
    return this.detail.changes;
  }

  /** Same as `detail.source`. */
  get source(): ChangeSource {
    return this.detail.source;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.change]: ConfiguratorChangeEvent;
  }
}
