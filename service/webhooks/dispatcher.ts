import type {Store} from '../store/index.js';
import {retryDelay, type BackoffOptions} from './backoff.js';
import {
  DeliveryStatus,
  webhookCollections,
  type DeliveryAttempt,
  type DeliveryRecord,
  type SubscriptionRecord,
} from './records.js';
import {signDelivery} from './signature.js';
import {
  PrivateTargetError,
  postTo,
  resolveTarget,
  systemResolver,
  untilAborted,
  type Resolver,
} from './transport.js';

export interface DispatcherOptions extends BackoffOptions {
  store: Store;
  /** Attempts before a delivery is given up as `failed` (default 8). */
  maxAttempts?: number;
  /** How long one attempt may take, in ms (default 10000). */
  timeoutMs?: number;
  /** Deliveries in flight at once, to all targets together (default 16). */
  concurrency?: number;
  /**
   * Deliveries in flight at once to one target (the callback URL's host and port; default
   * 2): a target that never answers holds no more than these, and the others go on.
   */
  perTarget?: number;
  /** How long a connection to a target may take to open, in ms (default 3000). */
  connectTimeoutMs?: number;
  /**
   * How long delivered, failed and cancelled deliveries are kept after their last change, in
   * ms (default 7 days); older ones are deleted on start and then every `pruneIntervalMs`.
   */
  retentionMs?: number;
  /** How often finished deliveries past their retention are deleted, in ms (default one hour). */
  pruneIntervalMs?: number;
  /**
   * Whether deliveries may go to loopback, private, link-local and metadata addresses
   * (default false). Checked before every attempt on the address the callback host resolves
   * to, and the connection goes to that checked address.
   */
  allowPrivateTargets?: boolean;
  /** Resolves callback host names (default the system resolver, `dns.lookup`). */
  resolve?: Resolver;
  /** The wall clock (epoch ms): the times recorded on deliveries. */
  now?: () => number;
  /**
   * The clock of every delay (ms from any start, default `performance.now`): a wall clock set
   * back does not hold retries back.
   */
  monotonic?: () => number;
  random?: () => number;
}

/**
 * Delivers the outbox: every pending delivery whose time has come is POSTed to its callback
 * URL, signed, and its attempt recorded; a non-2xx answer, network error or timeout schedules
 * a retry with backoff until `maxAttempts`. Deliveries are at-least-once: a delivery whose
 * success was not recorded (a crash mid-request) is sent again, with the same delivery id.
 * Timers are `unref`'d, so an idle dispatcher never keeps the process alive.
 *
 * The dispatcher keeps an index of the pending deliveries and their due times (read from the
 * store once, on creation; then fed by `track` and its own outcomes), so a pass looks at
 * pending deliveries only, never at the history. The index is a hint: each delivery is
 * re-read from the store before an attempt, and dropped from the index when it is gone or no
 * longer pending. Finished deliveries are pruned after `retentionMs`.
 */
/** Deliveries read per batch of a prune. */
const pruneBatchSize = 500;

export class WebhookDispatcher {
  readonly #store: Store;
  readonly #maxAttempts: number;
  readonly #timeoutMs: number;
  readonly #concurrency: number;
  readonly #perTarget: number;
  readonly #connectTimeoutMs: number;
  readonly #monotonic: () => number;
  /** Attempts in flight per target (`URL.host`). */
  readonly #targets = new Map<string, number>();
  readonly #backoff: BackoffOptions;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #allowPrivateTargets: boolean;
  readonly #resolve: Resolver;
  readonly #retentionMs: number;
  readonly #inFlight = new Map<string, Promise<void>>();
  /** Pending delivery ids and when each is due (on the monotonic clock). */
  readonly #pending = new Map<string, number>();
  readonly #pruneTimer: ReturnType<typeof setInterval>;
  readonly #closing = new AbortController();
  #recordWaiters: Array<() => void> = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;

  constructor(options: DispatcherOptions) {
    this.#store = options.store;
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#concurrency = options.concurrency ?? 16;
    this.#perTarget = options.perTarget ?? 2;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#backoff = {baseDelayMs: options.baseDelayMs, maxDelayMs: options.maxDelayMs};
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#allowPrivateTargets = options.allowPrivateTargets ?? false;
    this.#resolve = options.resolve ?? systemResolver;
    this.#retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
    this.prune();
    // The recorded wall times become delays from now on the monotonic clock.
    const wall = this.#now();
    const start = this.#monotonic();
    for (const delivery of this.#deliveries.find({where: {status: DeliveryStatus.pending}})) {
      const due = Date.parse(delivery.nextAttemptAt ?? '') || 0;
      this.#pending.set(delivery.id, start + Math.max(0, due - wall));
    }
    this.#pruneTimer = setInterval(
      () => {
        try {
          this.prune();
        } catch (error) {
          console.error('Pruning webhook deliveries failed', error);
        }
      },
      options.pruneIntervalMs ?? 60 * 60 * 1000,
    );
    this.#pruneTimer.unref();
  }

  /** Looks for due deliveries now (after a publish, and on start to resume a previous run). */
  wake(): void {
    this.#schedule(0);
  }

  /** Takes new pending deliveries (the outbox's) into the index and looks for due ones. */
  track(deliveryIds: readonly string[]): void {
    for (const id of deliveryIds) if (!this.#pending.has(id)) this.#pending.set(id, 0);
    this.wake();
  }

  /** Drops deliveries from the index (cancelled by an unsubscribe). */
  forget(deliveryIds: readonly string[]): void {
    for (const id of deliveryIds) this.#pending.delete(id);
  }

  /** How many deliveries the index holds as pending. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Deletes delivered, failed and cancelled deliveries last changed more than the retention
   * before `at` (default now); answers how many went. Pending ones are never pruned.
   */
  prune(at: number = this.#now()): number {
    const cutoff = at - this.#retentionMs;
    const deliveries = this.#deliveries;
    // Oldest change first, by the store's index: only the deliveries past the retention are
    // read (and one batch more), not the whole history. Pending ones stay and are stepped over.
    return this.#store.transaction(() => {
      let pruned = 0;
      let kept = 0;
      for (;;) {
        const oldest = deliveries.find({orderBy: 'updatedAt', skip: kept, limit: pruneBatchSize});
        for (const delivery of oldest) {
          if (!(Date.parse(delivery.updatedAt) < cutoff)) return pruned;
          if (delivery.status === DeliveryStatus.pending) kept++;
          else if (deliveries.delete(delivery.id)) pruned++;
        }
        if (oldest.length < pruneBatchSize) return pruned;
      }
    });
  }

  /**
   * Resolves when the next attempt's outcome (or a cancellation) has been recorded. Take the
   * promise before looking at the deliveries, so no record can slip in between.
   */
  nextRecord(): Promise<void> {
    return new Promise((resolve) => this.#recordWaiters.push(resolve));
  }

  /** Resolves once no attempt is in flight (each attempt's outcome is recorded by then). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Stops the timers and aborts attempts in flight; their deliveries stay pending. */
  async close(): Promise<void> {
    this.#closing.abort();
    clearInterval(this.#pruneTimer);
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  get #deliveries() {
    return this.#store.collection<DeliveryRecord>(webhookCollections.deliveries);
  }

  #schedule(delay: number): void {
    if (this.#closing.signal.aborted) return;
    const at = this.#monotonic() + delay;
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      try {
        this.#pass();
      } catch (error) {
        console.error('Webhook dispatch failed; retrying in a second', error);
        this.#schedule(1000);
      }
    }, delay);
    this.#timer.unref();
  }

  #pass(): void {
    if (this.#closing.signal.aborted) return;
    const now = this.#monotonic();
    let next = Infinity;
    for (const [id, due] of this.#pending) {
      if (this.#inFlight.has(id)) continue;
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      // Saturated: the end of an attempt in flight wakes the dispatcher again.
      if (this.#inFlight.size >= this.#concurrency) continue;
      const delivery = this.#deliveries.get(id);
      if (delivery?.status !== DeliveryStatus.pending) {
        this.#pending.delete(id);
        continue;
      }
      // A target at its share waits; the end of one of its attempts wakes the dispatcher.
      const target = targetOf(delivery.callbackUrl);
      const busy = this.#targets.get(target) ?? 0;
      if (busy >= this.#perTarget) continue;
      this.#targets.set(target, busy + 1);
      const attempt = this.#attempt(delivery)
        .catch((error: unknown) => {
          console.error('Webhook delivery could not be recorded; trying again in 5 s', error);
          // A full disk refuses every record: sending again at once would flood the receiver.
          if (this.#pending.has(delivery.id)) {
            this.#pending.set(delivery.id, this.#monotonic() + 5000);
          }
        })
        .finally(() => {
          const left = (this.#targets.get(target) ?? 1) - 1;
          if (left > 0) this.#targets.set(target, left);
          else this.#targets.delete(target);
          this.#inFlight.delete(delivery.id);
          this.wake();
        });
      this.#inFlight.set(delivery.id, attempt);
    }
    if (next < Infinity) this.#schedule(next - now);
  }

  async #attempt(delivery: DeliveryRecord): Promise<void> {
    const subscription = this.#store
      .collection<SubscriptionRecord>(webhookCollections.subscriptions)
      // Deliveries recorded before subscriptions were per application name the identifier.
      .get(delivery.subscriptionId ?? delivery.identifier);
    if (!subscription || subscription.callbackUrl !== delivery.callbackUrl) {
      this.#finish(delivery.id, null, DeliveryStatus.cancelled);
      return;
    }
    const startedAt = this.#now();
    const timestamp = Math.floor(startedAt / 1000);
    const started = this.#monotonic();
    let status: number | null = null;
    let error: string | null = null;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = AbortSignal.any([this.#closing.signal, timeout]);
    try {
      const url = new URL(delivery.callbackUrl);
      const target = await untilAborted(
        resolveTarget(url, {
          resolve: this.#resolve,
          allowPrivateTargets: this.#allowPrivateTargets,
        }),
        signal,
      );
      status = await postTo(url, target, {
        connectTimeoutMs: this.#connectTimeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'configurator-webhooks/1',
          'X-Configurator-Event': delivery.topic,
          'X-Configurator-Delivery': delivery.id,
          'X-Configurator-Timestamp': String(timestamp),
          'X-Configurator-Signature': signDelivery(subscription.secret, timestamp, delivery.body),
        },
        body: delivery.body,
        signal,
      });
      // Only the registered URL is ever called: a redirect is a failed attempt, not followed.
      if (status < 200 || status > 299) error = `The receiver answered ${status}`;
    } catch (cause) {
      // Closing mid-attempt: record nothing; the delivery stays pending for the next run.
      if (this.#closing.signal.aborted) return;
      const reason = cause as Error;
      if (timeout.aborted) error = `No answer within ${this.#timeoutMs} ms`;
      else if (reason instanceof PrivateTargetError) error = `Refused: ${reason.message}`;
      else error = `${reason.message}${reason.cause ? `: ${(reason.cause as Error).message}` : ''}`;
    }
    const attempt: DeliveryAttempt = {
      at: new Date(startedAt).toISOString(),
      status,
      error,
      durationMs: Math.round(this.#monotonic() - started),
    };
    this.#finish(delivery.id, attempt);
  }

  /** Records an attempt (or a cancellation) and decides what comes next. */
  #finish(id: string, attempt: DeliveryAttempt | null, forced?: DeliveryStatus): void {
    if (this.#closing.signal.aborted) return;
    const retryIn = this.#store.transaction(() => {
      const current = this.#deliveries.get(id);
      if (!current || current.status !== DeliveryStatus.pending) return null;
      const attempts = attempt ? [...current.attempts, attempt] : current.attempts;
      const now = this.#now();
      let status: DeliveryStatus = forced ?? DeliveryStatus.pending;
      let nextAttemptAt: string | null = null;
      let delay: number | null = null;
      if (!forced && attempt) {
        if (attempt.error === null) status = DeliveryStatus.delivered;
        else if (attempts.length >= this.#maxAttempts) status = DeliveryStatus.failed;
        else {
          delay = retryDelay(attempts.length, this.#backoff, this.#random);
          nextAttemptAt = new Date(now + delay).toISOString();
        }
      }
      this.#deliveries.put({
        ...current,
        attempts,
        status,
        nextAttemptAt,
        updatedAt: new Date(now).toISOString(),
      });
      return delay;
    });
    if (retryIn === null) this.#pending.delete(id);
    else this.#pending.set(id, this.#monotonic() + retryIn);
    const waiters = this.#recordWaiters;
    this.#recordWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The target a delivery's slots are counted by: its callback URL's host and port. */
function targetOf(callbackUrl: string): string {
  try {
    return new URL(callbackUrl).host.toLowerCase();
  } catch {
    return callbackUrl;
  }
}
