import type {Store} from '../store/index.js';
import {WebhookDispatcher, type DispatcherOptions} from './dispatcher.js';
import {WebhookOutbox} from './outbox.js';
import {webhookRoutes} from './webhook-routes.js';

/** Delivery settings of the webhook machinery; tests shorten the backoff. */
export type WebhookOptions = Omit<DispatcherOptions, 'store' | 'now'>;

/**
 * The webhook machinery of one app: the outbox (the app's `EventPublisher`), the dispatcher
 * that delivers it, and the HTTP routes. Creating it resumes deliveries a previous run left
 * pending; `close()` stops the dispatcher (close it before the store).
 */
export class Webhooks {
  readonly outbox: WebhookOutbox;
  readonly dispatcher: WebhookDispatcher;
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, options: WebhookOptions & {now?: () => number} = {}) {
    const {now = Date.now, ...delivery} = options;
    this.#store = store;
    this.#now = now;
    this.dispatcher = new WebhookDispatcher({...delivery, store, now});
    this.outbox = new WebhookOutbox({store, now, onPublish: () => this.dispatcher.wake()});
    this.dispatcher.wake();
  }

  /** The routes to mount at `/api/2/webhooks`. */
  routes() {
    return webhookRoutes({store: this.#store, now: this.#now});
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
