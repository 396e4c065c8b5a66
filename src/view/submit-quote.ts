// Sending the quote form: validation, the cancelable submit event, the request and what the
// form says after it. In the quote screen's chunk: the form is showing, so it is loaded.
import {ConfiguratorQuoteSubmitEvent} from '../events/configurator-quote-submit-event.js';
import {errorText} from '../i18n/error-text.js';
import type {Strings} from '../i18n/strings.js';
import type {ConfiguratorSession} from '../session/configurator-session.js';
import {ConfiguratorError} from '../session/errors.js';
import type {QuoteCustomer} from '../wire/index.js';
import {customerFromForm, quantityOf, validateQuoteForm} from './quote-form-data.js';

/** What sending needs of the element (its own members). */
export interface QuoteFormHost extends EventTarget {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  readonly session: ConfiguratorSession | null;
  requestQuote(customer: QuoteCustomer, options: {quantity?: number}): Promise<unknown>;
}

/** The element's state the form sets. */
export interface QuoteFormSetState {
  _errors?: Record<string, string>;
  _formError?: string;
  _submitting?: boolean;
}

export interface QuoteSubmission {
  form: HTMLFormElement;
  host: QuoteFormHost;
  set(state: QuoteFormSetState): void;
  /** A request is on its way already. */
  submitting: boolean;
  /** The values typed so far (with the quantity); emptied once the quote was requested. */
  draft: Record<string, string>;
  lang: string;
  s: Strings;
}

export async function submitQuote(q: QuoteSubmission): Promise<void> {
  const {form, host, set, s} = q;
  const session = host.session;
  // One request at a time, however the form gets submitted again meanwhile.
  if (q.submitting || !session) return;
  const errors = validateQuoteForm(form, s);
  set({_errors: errors});
  const first = Object.keys(errors)[0];
  if (first) {
    set({_formError: s.formInvalid});
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
    return;
  }
  if ((session.snapshot.configuration?.unansweredMandatories ?? []).length > 0) return;
  const customer = customerFromForm(form, {languageIso: q.lang});
  const submit = new ConfiguratorQuoteSubmitEvent(session.id ?? '', customer);
  host.dispatchEvent(submit);
  set({_formError: ''});
  if (submit.defaultPrevented) return;
  set({_submitting: true});
  try {
    await host.requestQuote(customer, {quantity: quantityOf(q.draft['quantity'] ?? '1') ?? 1});
    for (const name of Object.keys(q.draft)) delete q.draft[name];
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>('#thanks-title')?.focus();
  } catch (error) {
    const e = error instanceof ConfiguratorError ? error : null;
    set({_formError: `${s.errorQuote} ${e ? errorText(e, s) : ''}`.trim()});
  } finally {
    set({_submitting: false});
  }
}
