import type {ErrorCode} from '../session/error-code.js';
import {EventName, eventInit} from './event-names.js';
export interface ConfiguratorErrorDetail {
  /** Stable code, documented in docs/widget-errors.md (for example `network`, `unauthorized`). */
  code: ErrorCode;
  /** For people; not stable. */
  message: string;
  /** Whether trying again may succeed. */
  retryable: boolean;
  /** The HTTP status, or null when no response arrived. */
  status: number | null;
}

/** Fired when loading or applying failed. The shopper's choices are kept for a retry. */
export class ConfiguratorErrorEvent extends CustomEvent<ConfiguratorErrorDetail> {
  static readonly eventName = EventName.error;

  constructor(init: ConfiguratorErrorDetail) {
    super(
      ConfiguratorErrorEvent.eventName,
      eventInit({
        code: init.code,
        message: init.message,
        retryable: init.retryable,
        status: init.status,
      }),
    );
  }

  /** Same as `detail.code`. */
  get code(): ErrorCode {
    return this.detail.code;
  }

  /** Same as `detail.message`. */
  get message(): string {
    return this.detail.message;
  }

  /** Same as `detail.retryable`. */
  get retryable(): boolean {
    return this.detail.retryable;
  }

  /** Same as `detail.status`. */
  get status(): number | null {
    return this.detail.status;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.error]: ConfiguratorErrorEvent;
  }
}
