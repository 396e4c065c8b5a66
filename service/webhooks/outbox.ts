import {randomUUID} from 'node:crypto';
import type {EventPublisher, QuotationEventContent, QuotationTopic} from '../events.js';
import type {Store} from '../store/index.js';
import {
  DeliveryStatus,
  webhookCollections,
  type DeliveryRecord,
  type SubscriptionRecord,
} from './records.js';

export interface OutboxOptions {
  store: Store;
  now?: () => number;
  /** Called after a publish, once its transaction may have committed (wakes the dispatcher). */
  onPublish?: () => void;
}

/**
 * The durable outbox and the app's `EventPublisher`. Publishing records the event (as an
 * `applicationevents` entity) and one pending delivery per subscriber of the topic, inside the
 * caller's store transaction when there is one: the event is kept if and only if the change
 * that caused it is. Delivery happens later, by the dispatcher.
 */
export class WebhookOutbox implements EventPublisher {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #onPublish: () => void;

  constructor(options: OutboxOptions) {
    this.#store = options.store;
    this.#now = options.now ?? Date.now;
    this.#onPublish = options.onPublish ?? (() => {});
  }

  publish(topic: QuotationTopic, content: QuotationEventContent): void {
    const at = new Date(this.#now()).toISOString();
    const body = JSON.stringify({
      topic,
      content: {quotationId: content.quotationId, userId: content.userId},
    });
    this.#store.transaction(() => {
      const eventId = randomUUID();
      this.#store
        .collection<{id: string} & Record<string, unknown>>(webhookCollections.events)
        .put({
          id: eventId,
          name: topic,
          description: null,
          quotationId: content.quotationId,
          userId: content.userId,
          occurredAt: at,
          createdAt: at,
          updatedAt: at,
        });
      const deliveries = this.#store.collection<DeliveryRecord>(webhookCollections.deliveries);
      for (const subscription of this.#store
        .collection<SubscriptionRecord>(webhookCollections.subscriptions)
        .list()) {
        if (subscription.topic !== topic) continue;
        deliveries.put({
          id: randomUUID(),
          eventId,
          identifier: subscription.identifier,
          topic,
          callbackUrl: subscription.callbackUrl,
          body,
          status: DeliveryStatus.pending,
          attempts: [],
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }
    });
    // Deferred: inside an outer transaction the rows are not committed yet.
    setImmediate(this.#onPublish);
  }
}
