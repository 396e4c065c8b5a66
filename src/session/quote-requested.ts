/** What the widget knows once the service accepted a quote request. */
export interface QuoteRequested {
  /** The quotation the service created, when its answer names it. */
  quotationId: string | null;
  /** The quotation's number for people (`Q-000012`), when the answer names it. */
  quotationNumber: string | null;
  /** The CRM account the service created, when its answer names it. */
  debtorId: string | null;
  /** The answer's other fields as sent (none when the service sent no body). */
  [field: string]: unknown;
}
