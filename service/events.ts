/** The quotation moments the service announces to webhook subscribers. */
export const QuotationTopic = {
  requested: 'quotation.requested',
  submitted: 'quotation.submitted',
  accepted: 'quotation.accepted',
  verified: 'quotation.verified',
} as const;
export type QuotationTopic = (typeof QuotationTopic)[keyof typeof QuotationTopic];

export interface QuotationEventContent {
  quotationId: string;
  userId: string;
}

/**
 * Where routes announce quotation events. Publishing must not wait for delivery: the webhook
 * outbox records the event in the same store transaction as the change that caused it.
 */
export interface EventPublisher {
  publish(topic: QuotationTopic, content: QuotationEventContent): void;
}

/** Drops events: for tests and runs that have no subscribers. */
export const noEvents: EventPublisher = {publish() {}};
