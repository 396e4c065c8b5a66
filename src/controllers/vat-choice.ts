import type {ReactiveControllerHost} from 'lit';

/**
 * Whether the shopper sees prices incl. VAT (the summary's toggle): read by the views, the
 * total's announcement and the prices the public events carry. Per element, and kept across
 * sessions: a shopper who chose prices excl. VAT keeps seeing them after a restart.
 */
export class VatChoice {
  readonly #host: ReactiveControllerHost;
  #inclVat = true;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  get inclVat(): boolean {
    return this.#inclVat;
  }

  /** The shopper's choice: renders the prices the other way. */
  set(incl: boolean): void {
    this.#inclVat = incl;
    this.#host.requestUpdate();
  }
}
