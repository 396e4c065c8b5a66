/** Fired when loading or applying failed. The shopper's choices are kept for a retry. */
export class ConfiguratorErrorEvent extends Event {
  static readonly eventName = 'configurator-error' as const;
  /** Stable code, documented in docs/errors.md (for example `network`, `unauthorized`). */
  readonly code: string;
  /** For people; not stable. */
  readonly message: string;
  /** Whether trying again may succeed. */
  readonly retryable: boolean;
  /** The HTTP status, or null when no response arrived. */
  readonly status: number | null;

  constructor(init: {code: string; message: string; retryable: boolean; status: number | null}) {
    super(ConfiguratorErrorEvent.eventName, {bubbles: true, composed: true});
    this.code = init.code;
    this.message = init.message;
    this.retryable = init.retryable;
    this.status = init.status;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-error': ConfiguratorErrorEvent;
  }
}
