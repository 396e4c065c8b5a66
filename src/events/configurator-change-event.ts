import type {ChangeSource} from '../session/session-events.js';
import type {Configuration} from '../session/wire.js';

/**
 * Fired after the service applied a change and the element rendered it. Never fired for a
 * change that changed nothing.
 */
export class ConfiguratorChangeEvent extends Event {
  static readonly eventName = 'configurator-change' as const;
  /** The configuration after the change. */
  readonly configuration: Configuration;
  /** Node ids whose value or text changed. */
  readonly changes: readonly string[];
  /** `'user'`: the shopper in the UI; `'api'`: the host through a method, or the session. */
  readonly source: ChangeSource;

  constructor(configuration: Configuration, changes: readonly string[], source: ChangeSource) {
    super(ConfiguratorChangeEvent.eventName, {bubbles: true, composed: true});
    this.configuration = configuration;
    this.changes = changes;
    this.source = source;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-change': ConfiguratorChangeEvent;
  }
}
