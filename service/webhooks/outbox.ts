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
  /**
   * Called after a publish with the deliveries it recorded, once its transaction may have
   * committed (hands them to the dispatcher; a rolled-back one is then simply not found).
   */
  onPublish?: (deliveryIds: readonly string[]) => void;
}

/**
 * The durable outbox and the app's `EventPublisher`. Publishing records the event (as an
 * `applicationevents` entity) and one pending delivery per subscription to the topic, whichever
 * application made it (the service holds one tenant's quotations), inside the
 * caller's store transaction when there is one: the event is kept if and only if the change
 * that caused it is. Delivery happens later, by the dispatcher.
 */
export class WebhookOutbox implements EventPublisher {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #onPublish: (deliveryIds: readonly string[]) => void;

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
    const ids: string[] = [];
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
        const id = randomUUID();
        ids.push(id);
        deliveries.put({
          id,
          eventId,
          subscriptionId: subscription.id,
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
    if (ids.length > 0) setImmediate(() => this.#onPublish(ids));
  }
}
