// The quote flow: loaded with the quote screens' chunk, when the shopper first opens the review
// (or the host requests a quote), never before the first render.
import {Task, TaskStatus} from '@lit/task';
import type {ReactiveControllerHost} from 'lit';
import {ConfiguratorQuoteRequestedEvent} from '../events/configurator-quote-requested-event.js';
import {ConfiguratorQuoteSubmitEvent} from '../events/configurator-quote-submit-event.js';
import {errorText} from '../i18n/error-text.js';
import type {Strings} from '../i18n/strings.js';
import {ConfiguratorError, type QuoteRequested} from '../session/index.js';
import {requestQuote} from '../session/quote.js';
import type {QuoteCustomer, SignedConfigurationAnswer} from '../wire/index.js';
import type {SessionController} from './session-controller.js';

type Host = ReactiveControllerHost &
  EventTarget & {
    readonly renderRoot: HTMLElement | DocumentFragment;
    readonly updateComplete: Promise<boolean>;
  };

/** The form's data rules (the quote form's view owns its fields). */
export interface QuoteFormRules {
  /** Field name to message, for each invalid field. */
  validate(form: HTMLFormElement, s: Strings): Record<string, string>;
  customer(form: HTMLFormElement, defaults: {languageIso: string}): QuoteCustomer;
  /** The typed quantity as a whole number of at least 1, or null. */
  quantity(typed: string): number | null;
}

export interface QuoteOptions {
  /** The quote was requested: show the thank-you. */
  requested(): void;
  /** The configuration's signed statement for the quote events, null when there is none. */
  signed?(): Promise<SignedConfigurationAnswer | null>;
}

type Send = (signal: AbortSignal) => Promise<QuoteRequested>;

/**
 * Owns the quote flow: the form's typed values, its validation, the quantity, sending (the
 * cancelable `configurator-quote-submit`, then the request as the {@link sending} task), and
 * `configurator-quote-requested` once the thank-you is rendered. A newer request aborts the one
 * it supersedes.
 */
export class QuoteController {
  /** The values typed so far, with the quantity; emptied once the quote was requested. */
  readonly draft: Record<string, string> = {};
  shipTo = false;
  /** Field name to message. */
  errors: Record<string, string> = {};
  /** The request; the quote screens render its pending, complete and error states. */
  readonly sending: Task<[Send], QuoteRequested>;
  #host: Host;
  #session: SessionController;
  #rules: QuoteFormRules;
  #options: QuoteOptions;
  /** The form's own message (invalid fields). */
  #invalid = '';
  /** A failed request the shopper has moved on from: no longer shown. */
  #dismissed: unknown = undefined;

  constructor(
    host: Host,
    session: SessionController,
    rules: QuoteFormRules,
    options: QuoteOptions,
  ) {
    this.#host = host;
    this.#session = session;
    this.#rules = rules;
    this.#options = options;
    this.sending = new Task(host, {task: ([send], {signal}) => send(signal), autoRun: false});
  }

  /** The quantity typed, as text. */
  get quantity(): string {
    return this.draft['quantity'] ?? '1';
  }

  /** The request is on its way. */
  get submitting(): boolean {
    return this.sending.status === TaskStatus.PENDING;
  }

  /** The quote requested last, for the thank-you. */
  get result(): QuoteRequested | null {
    return this.sending.render({complete: (result) => result}) ?? null;
  }

  /** The form's message: invalid fields, or why the request failed. */
  formError(s: Strings): string {
    if (this.#invalid) return this.#invalid;
    return (
      this.sending.render({
        error: (error) =>
          error === this.#dismissed
            ? ''
            : `${s.errorQuote} ${error instanceof ConfiguratorError ? errorText(error, s) : ''}`.trim(),
      }) ?? ''
    );
  }

  /** A typed value; the line total follows the quantity as it is typed. */
  input(name: string, value: string): void {
    this.draft[name] = value;
    if (this.errors[name]) this.errors = {...this.errors, [name]: ''};
    this.#host.requestUpdate();
  }

  toggleShipTo(on: boolean): void {
    this.shipTo = on;
    this.#host.requestUpdate();
  }

  /** The shopper left the form: its message is old news. */
  dismiss(): void {
    this.#invalid = '';
    this.#dismissed = this.sending.error;
  }

  /** A new product or a restart: no messages; `quantity` also forgets the quantity. */
  reset(quantity: boolean): void {
    this.dismiss();
    this.errors = {};
    if (quantity) delete this.draft['quantity'];
  }

  /**
   * Sends the quote form: one request at a time, however the form gets submitted again
   * meanwhile. Invalid fields are marked and the first gets focus; a host that prevents the
   * submit event takes over.
   */
  async submit(form: HTMLFormElement, s: Strings, lang: string): Promise<void> {
    const session = this.#session.session;
    if (this.submitting || !session) return;
    const errors = this.#rules.validate(form, s);
    this.errors = errors;
    this.#host.requestUpdate();
    const first = Object.keys(errors)[0];
    if (first) {
      this.#invalid = s.formInvalid;
      await this.#host.updateComplete;
      this.#host.renderRoot.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    if ((session.snapshot.configuration?.unansweredMandatories ?? []).length > 0) return;
    const customer = this.#rules.customer(form, {languageIso: lang});
    const quantity = this.#rules.quantity(this.quantity) ?? 1;
    // For a host that takes over: the price its server can trust without asking again.
    const signed = (await this.#options.signed?.()) ?? null;
    const submit = new ConfiguratorQuoteSubmitEvent(session.id ?? '', customer, quantity, signed);
    this.#host.dispatchEvent(submit);
    this.dismiss();
    if (submit.defaultPrevented) return;
    try {
      await this.request(customer, quantity, lang);
    } catch {
      // The form shows the sending task's error.
      return;
    }
    // A second quote in this visit does not ask again for who the shopper is and where they
    // live (WCAG 2.2, 3.3.7 redundant entry): only what belonged to this request goes.
    delete this.draft['quantity'];
    delete this.draft['remarks'];
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('#thanks-title')?.focus();
  }

  /**
   * Requests the quote (the form's, or the host's own without the form). Shows the thank-you,
   * then fires `configurator-quote-requested`.
   */
  async request(customer: QuoteCustomer, quantity: number, lang: string): Promise<QuoteRequested> {
    const configurationId = this.#session.session?.id ?? '';
    // Async, so that a missing session rejects rather than throws.
    const send: Send = async (signal) =>
      requestQuote(this.#session.require(), {languageIso: lang, ...customer}, {quantity, signal});
    let outcome!: Promise<QuoteRequested>;
    void this.sending.run([(signal) => (outcome = send(signal))]);
    const result = await outcome;
    const signed = (await this.#options.signed?.()) ?? null;
    this.#options.requested();
    await this.#host.updateComplete;
    this.#host.dispatchEvent(new ConfiguratorQuoteRequestedEvent(configurationId, result, signed));
    return result;
  }
}
