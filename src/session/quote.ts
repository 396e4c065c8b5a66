// The quote request, beside the session rather than in it: a function taking the session, so a
// page that never quotes does not load it (the element's quote screens' chunk does). Built alone
// as dist/product-configurator-quote.js, the package export `product-configurator/session/quote`,
// importing what it shares with the session from the session's own file
// (docs/decisions/0062-capabilities-beside-the-headless-session.md).
import {ConfiguratorError, type ConfiguratorSession} from './index.js';
import type {QuoteRequested} from './quote-requested.js';
import type {QuoteCustomer, QuoteRequest} from '../wire/index.js';

/**
 * Requests a quote for the session's configuration (versioned POST requestquote) once every
 * input is applied; `customer.languageIso` defaults to the session's language. Rejects with
 * `quote_blocked` while mandatory features are unanswered or inputs are unsaved, and with
 * `conflict_pending` while a conflict waits for the shopper. Any success status means the
 * quote was requested: the result names the quotation when the service's answer does. The
 * session shows it as busy, and a failure as its error (`snapshot.error`, the `error` event).
 */
export async function requestQuote(
  session: ConfiguratorSession,
  customer: QuoteCustomer,
  options: {quantity?: number; signal?: AbortSignal} = {},
): Promise<QuoteRequested> {
  const before = session.snapshot;
  if (before.status === 'disposed') throw aborted();
  if (!before.configuration && before.status !== 'loading') throw notStarted();
  // What the shopper typed a moment ago is part of what they ask a quote for.
  session.flush();
  const waiting = await session._settled();
  const {status, configuration, conflict} = session.snapshot;
  if (status === 'disposed') throw aborted();
  if (!configuration) throw notStarted();
  if (conflict) {
    throw new ConfiguratorError('conflict_pending', 'A conflict waits for a decision');
  }
  if (waiting > 0) {
    throw new ConfiguratorError('quote_blocked', 'Some choices are not saved yet');
  }
  const unanswered = configuration.unansweredMandatories ?? [];
  if (unanswered.length > 0) {
    throw new ConfiguratorError('quote_blocked', 'Mandatory features are unanswered', {
      details: {unansweredMandatories: unanswered},
    });
  }
  const body: QuoteRequest = {
    // The quotation speaks the session's language unless the host says otherwise.
    quotationRequest: {languageIso: configuration.languageIso, ...customer},
    configurationIds: [configuration.id],
    quantities: {[configuration.id]: options.quantity ?? 1},
  };
  return session._send(
    {
      method: 'POST',
      path: '/configurator/3/configurator/requestquote',
      json: body,
      signal: options.signal,
      idempotent: false,
      notFoundCode: 'not_found',
      bodyOptional: true,
      read: readQuoteRequested,
    },
    true,
  );
}

/**
 * Reads the answer of a quote request. The seed shows no body for it: any success status means
 * the quote was requested, so an empty or unreadable body is not a failure (sending it again
 * would request a second quotation). Named fields are taken only when they are strings.
 */
export function readQuoteRequested(body: unknown): QuoteRequested {
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    ...fields,
    quotationId: text(fields.quotationId),
    quotationNumber: text(fields.quotationNumber),
    debtorId: text(fields.debtorId),
  };
}

const aborted = () => new ConfiguratorError('aborted', 'The request was cancelled');
const notStarted = () =>
  new ConfiguratorError('not_started', 'No session has been started or opened');
