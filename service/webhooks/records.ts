import type {QuotationTopic} from '../events.js';

/**
 * A webhook subscription (collection `webhooks`). Identifiers are unique per integration
 * application, so the record's id is `subscriptionKey(clientId, identifier)`.
 */
export interface SubscriptionRecord {
  /** `subscriptionKey(clientId, identifier)`. */
  id: string;
  /** The integration application that subscribed; only it can see or remove the subscription. */
  clientId: string;
  identifier: string;
  topic: QuotationTopic;
  callbackUrl: string;
  /** The HMAC key deliveries are signed with; only the creation answer shows it. */
  secret: string;
  createdAt: string;
}

export const DeliveryStatus = {
  /** Not yet delivered; the dispatcher tries at `nextAttemptAt`. */
  pending: 'pending',
  /** A 2xx answer arrived. */
  delivered: 'delivered',
  /** Every attempt failed; no more tries. */
  failed: 'failed',
  /** The subscription was removed before delivery. */
  cancelled: 'cancelled',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

/** One try to deliver. */
export interface DeliveryAttempt {
  /** When it started (ISO). */
  at: string;
  /** The receiver's HTTP status; null when none arrived (network error, timeout). */
  status: number | null;
  /** Why it failed; null on success. */
  error: string | null;
  durationMs: number;
}

/** One event for one subscription: the outbox row (collection `webhookdeliveries`). */
export interface DeliveryRecord {
  /** The delivery id, sent as `X-Configurator-Delivery`; the same on every attempt. */
  id: string;
  /** The `applicationevents` record of the event. */
  eventId: string;
  /** The subscription's record id (`subscriptionKey`). */
  subscriptionId: string;
  identifier: string;
  topic: QuotationTopic;
  callbackUrl: string;
  /** The exact body sent on every attempt: `{topic, content: {quotationId, userId}}`. */
  body: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (ISO); null once delivered, failed or cancelled. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Collection names of the webhook machinery. */
export const webhookCollections = {
  subscriptions: 'webhooks',
  deliveries: 'webhookdeliveries',
  events: 'applicationevents',
} as const;

/** The record id of an application's subscription; the JSON array form keeps every pair apart. */
export function subscriptionKey(clientId: string, identifier: string): string {
  return JSON.stringify([clientId, identifier]);
}
