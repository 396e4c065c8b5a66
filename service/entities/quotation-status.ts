import {QuotationTopic} from '../events.js';

/**
 * Where a quotation is in its life. The seed names four moments (the webhook topics) and no
 * states; these are the smallest set that gives each topic one honest move (docs/entities.md).
 */
export const QuotationStatus = {
  /** Created through the entity API (or add-to-quotation) and still being put together. */
  draft: 'draft',
  /** Requested by a customer in the showroom (request quote). */
  requested: 'requested',
  /** Sent to the customer by the seller. */
  submitted: 'submitted',
  /** Accepted by the customer. */
  accepted: 'accepted',
  /** Checked and confirmed by the seller's back office: final. */
  verified: 'verified',
} as const;
export type QuotationStatus = (typeof QuotationStatus)[keyof typeof QuotationStatus];

export const quotationStatuses: readonly QuotationStatus[] = Object.values(QuotationStatus);

/**
 * The statuses in which a quotation is still being put together: its lines, totals and
 * currency may change (by add to quotation or the entity API). Past them they are what was
 * sent to the customer.
 */
export const openStatuses: ReadonlySet<string> = new Set([
  QuotationStatus.draft,
  QuotationStatus.requested,
]);

/** The statuses a quotation may be created in, with the topic announcing that creation. */
export const initialStatuses: ReadonlyMap<QuotationStatus, QuotationTopic | null> = new Map([
  [QuotationStatus.draft, null],
  [QuotationStatus.requested, QuotationTopic.requested],
]);

/** Every allowed move, `from -> to`, with the topic it fires. */
const moves: ReadonlyMap<string, QuotationTopic> = new Map([
  [`${QuotationStatus.draft}->${QuotationStatus.submitted}`, QuotationTopic.submitted],
  [`${QuotationStatus.requested}->${QuotationStatus.submitted}`, QuotationTopic.submitted],
  [`${QuotationStatus.submitted}->${QuotationStatus.accepted}`, QuotationTopic.accepted],
  [`${QuotationStatus.accepted}->${QuotationStatus.verified}`, QuotationTopic.verified],
]);

/** The topic a move fires, or `undefined` when the move is not allowed. */
export function moveTopic(from: string, to: string): QuotationTopic | undefined {
  return moves.get(`${from}->${to}`);
}

/** The explicit operations `POST /api/2/quotations/{id}/{operation}` and their target status. */
export const QuotationOperation = {
  submit: QuotationStatus.submitted,
  accept: QuotationStatus.accepted,
  verify: QuotationStatus.verified,
} as const;
export type QuotationOperation = keyof typeof QuotationOperation;
