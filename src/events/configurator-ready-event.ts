import type {Configuration} from '../session/wire.js';

/**
 * Fired once per service session when its first configuration has been rendered: after the
 * start or open, and again after `restart()` (which starts a new session).
 */
export class ConfiguratorReadyEvent extends Event {
  static readonly eventName = 'configurator-ready' as const;
  /** The configuration as the service returned it. */
  readonly configuration: Configuration;

  constructor(configuration: Configuration) {
    super(ConfiguratorReadyEvent.eventName, {bubbles: true, composed: true});
    this.configuration = configuration;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-ready': ConfiguratorReadyEvent;
  }
}
