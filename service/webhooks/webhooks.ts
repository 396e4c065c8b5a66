import type {Store} from '../store/index.js';
import {WebhookDispatcher, type DispatcherOptions} from './dispatcher.js';
import {WebhookOutbox} from './outbox.js';
import {webhookRoutes} from './webhook-routes.js';

/** Settings of the webhook machinery: delivery (tests shorten the backoff) and subscriptions. */
export type WebhookOptions = Omit<DispatcherOptions, 'store' | 'now'> & {
  /**
   * Whether callback URLs may name loopback, private or link-local address literals (and
   * `localhost`). Default true: the reference service runs next to its receivers. Set false
   * where the service faces the internet, so subscriptions cannot aim it at internal hosts.
   */
  allowPrivateTargets?: boolean;
};

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
  readonly #allowPrivateTargets: boolean;

  constructor(store: Store, options: WebhookOptions & {now?: () => number} = {}) {
    const {now = Date.now, allowPrivateTargets = true, ...delivery} = options;
    this.#store = store;
    this.#now = now;
    this.#allowPrivateTargets = allowPrivateTargets;
    this.dispatcher = new WebhookDispatcher({...delivery, store, now});
    this.outbox = new WebhookOutbox({
      store,
      now,
      onPublish: (ids) => this.dispatcher.track(ids),
    });
    this.dispatcher.wake();
  }

  /** The routes to mount at `/api/2/webhooks`. */
  routes() {
    return webhookRoutes({
      store: this.#store,
      now: this.#now,
      allowPrivateTargets: this.#allowPrivateTargets,
      onCancel: (ids) => this.dispatcher.forget(ids),
    });
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
