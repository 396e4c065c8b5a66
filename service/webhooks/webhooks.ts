import type {Store} from '../store/index.js';
import {WebhookDispatcher, type DispatcherOptions} from './dispatcher.js';
import {WebhookOutbox} from './outbox.js';
import {webhookRoutes} from './webhook-routes.js';

/** Settings of the webhook machinery: delivery (tests shorten the backoff) and subscriptions. */
export type WebhookOptions = Omit<DispatcherOptions, 'store' | 'now'> & {
  /**
   * Whether webhooks may target loopback, private, link-local and metadata addresses (and
   * `localhost`): refused by default, both on subscribing (address literals) and before
   * every delivery (the address the host resolves to). `WEBHOOKS_ALLOW_PRIVATE_TARGETS=1`
   * turns it on for `npm start`, for local development and tests.
   */
  allowPrivateTargets?: boolean;
  /** Most subscriptions one integration application may hold (default 100). */
  maxSubscriptions?: number;
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
  readonly #maxSubscriptions: number | undefined;

  constructor(store: Store, options: WebhookOptions & {now?: () => number} = {}) {
    const {now = Date.now, allowPrivateTargets = false, maxSubscriptions, ...delivery} = options;
    this.#store = store;
    this.#now = now;
    this.#allowPrivateTargets = allowPrivateTargets;
    this.#maxSubscriptions = maxSubscriptions;
    this.dispatcher = new WebhookDispatcher({...delivery, allowPrivateTargets, store, now});
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
      maxSubscriptions: this.#maxSubscriptions,
      onCancel: (ids) => this.dispatcher.forget(ids),
    });
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
