import {randomBytes} from 'node:crypto';
import {Hono, type Context} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {Errors, ServiceError, badRequest, notFound} from '../errors.js';
import {QuotationTopic} from '../events.js';
import {Fields, readJson} from '../http/index.js';
import type {Store} from '../store/index.js';
import {isPrivateHost} from './private-address.js';
import {
  DeliveryStatus,
  subscriptionKey,
  webhookCollections,
  type DeliveryRecord,
  type SubscriptionRecord,
} from './records.js';

export interface WebhookRoutesOptions {
  store: Store;
  /**
   * Whether callback URLs may name loopback, private, link-local or metadata address literals
   * (and `localhost`); default false.
   */
  allowPrivateTargets?: boolean;
  /** Most subscriptions one integration application may hold (default 100). */
  maxSubscriptions?: number;
  /** Told about every delivery cancelled by an unsubscribe (the dispatcher forgets them). */
  onCancel?: (deliveryIds: readonly string[]) => void;
  now?: () => number;
}

const topics: readonly string[] = Object.values(QuotationTopic);

const bodyFields = ['identifier', 'topic', 'callbackurl', 'secret'];

/**
 * The webhook API, to mount at `/api/2/webhooks`: `POST /` subscribes (201 with the signing
 * secret), `GET /` lists subscriptions (no secrets), `GET /{identifier}` shows one, `DELETE
 * /{identifier}` unsubscribes (204) and cancels its pending deliveries, and `GET
 * /{identifier}/deliveries` lists its deliveries with every attempt. Every operation sees the
 * calling application's subscriptions only: another application's identifier is 404, as if
 * it did not exist.
 */
export function webhookRoutes(options: WebhookRoutesOptions): Hono<AppEnv> {
  const {store, allowPrivateTargets = false, maxSubscriptions = 100, onCancel = () => {}} = options;
  const now = options.now ?? Date.now;
  const subscriptions = () =>
    store.collection<SubscriptionRecord>(webhookCollections.subscriptions);
  const deliveries = () => store.collection<DeliveryRecord>(webhookCollections.deliveries);
  const routes = new Hono<AppEnv>();
  const find = (c: Context<AppEnv>) => {
    const identifier = c.req.param('identifier')!;
    const subscription = subscriptions().get(subscriptionKey(clientOf(c), identifier));
    if (!subscription) throw notFound(`No webhook subscription ${identifier}`, {identifier});
    return subscription;
  };

  routes.post('/', async (c) => {
    const subscription = readSubscription(
      await readJson(c.req.raw),
      clientOf(c),
      allowPrivateTargets,
      now(),
    );
    store.transaction(() => {
      if (subscriptions().get(subscription.id)) {
        throw new ServiceError(
          Errors.conflict,
          `A webhook subscription ${subscription.identifier} exists; delete it first to change it`,
          {identifier: subscription.identifier},
        );
      }
      // Every event is copied to each subscription of its topic: the count bounds that work.
      const held = subscriptions()
        .list()
        .filter((s) => s.clientId === subscription.clientId).length;
      if (held >= maxSubscriptions) {
        throw new ServiceError(
          Errors.tooManySubscriptions,
          `This application holds ${held} webhook subscriptions, the most it may; delete one first`,
          {limit: maxSubscriptions},
        );
      }
      subscriptions().put(subscription);
    });
    c.header(
      'Location',
      `${new URL(c.req.url).pathname.replace(/\/$/, '')}/${encodeURIComponent(subscription.identifier)}`,
    );
    return c.json(publicSubscription(subscription, true), 201);
  });

  routes.get('/', (c) => {
    const clientId = clientOf(c);
    return c.json(
      subscriptions()
        .list()
        .filter((s) => s.clientId === clientId)
        .map((s) => publicSubscription(s)),
    );
  });

  routes.get('/:identifier', (c) => c.json(publicSubscription(find(c))));

  routes.delete('/:identifier', (c) => {
    const cancelled = store.transaction(() => {
      const subscription = find(c);
      subscriptions().delete(subscription.id);
      const at = new Date(now()).toISOString();
      const ids: string[] = [];
      for (const delivery of deliveries().find({
        where: {subscriptionId: subscription.id, status: DeliveryStatus.pending},
      })) {
        deliveries().put({
          ...delivery,
          status: DeliveryStatus.cancelled,
          nextAttemptAt: null,
          updatedAt: at,
        });
        ids.push(delivery.id);
      }
      return ids;
    });
    onCancel(cancelled);
    return c.body(null, 204);
  });

  routes.get('/:identifier/deliveries', (c) => {
    const subscription = find(c);
    return c.json(
      deliveries()
        .find({where: {subscriptionId: subscription.id}})
        .map(publicDelivery),
    );
  });

  return routes;
}

function clientOf(c: Context<AppEnv>): string {
  return c.get('principal').clientId;
}

function readSubscription(
  body: unknown,
  clientId: string,
  allowPrivateTargets: boolean,
  now: number,
): SubscriptionRecord {
  const fields = Fields.of(body);
  const unknown = fields.names().filter((name) => !bodyFields.includes(name.toLowerCase()));
  if (unknown.length > 0) {
    throw invalid(
      `body has properties a subscription does not know: ${unknown.join(', ')}`,
      unknown.map((n) => `body.${n}`),
    );
  }
  const identifier = fields.string('identifier').trim();
  // `.` and `..` are path segments a URL resolves away, so no request could name the
  // subscription again to read or delete it.
  if (
    identifier === '' ||
    identifier.length > 200 ||
    /[/\\?#\s]/.test(identifier) ||
    /^\.\.?$/.test(identifier)
  ) {
    throw invalid(
      'body.identifier must be 1 to 200 characters without spaces, slashes, ? or #, and not . or ..',
      'body.identifier',
    );
  }
  const topic = fields.string('topic');
  if (!topics.includes(topic)) {
    throw invalid(`body.topic must be one of ${topics.join(', ')}`, 'body.topic');
  }
  const callbackUrl = readCallbackUrl(fields.string('callbackUrl'), allowPrivateTargets);
  const secret = fields.nullableString('secret') ?? randomBytes(32).toString('hex');
  if (secret.length < 16)
    throw invalid('body.secret must have at least 16 characters', 'body.secret');
  return {
    id: subscriptionKey(clientId, identifier),
    clientId,
    identifier,
    topic: topic as QuotationTopic,
    callbackUrl,
    secret,
    createdAt: new Date(now).toISOString(),
  };
}

/**
 * An absolute http(s) URL without credentials or fragment (a fragment is never sent, so one
 * is a mistake), at most 2000 characters, and, unless private targets are allowed, not naming
 * a loopback, private, link-local or metadata address literal in any spelling the URL parser
 * accepts, nor `localhost`. Names are not resolved here: the dispatcher checks the addresses
 * they resolve to before every delivery.
 */
function readCallbackUrl(callbackUrl: string, allowPrivateTargets: boolean): string {
  const refuse = (why: string) => invalid(`body.callbackUrl ${why}`, 'body.callbackUrl');
  // Checked on the raw text: the URL parser drops surrounding blanks and an empty fragment.
  if (callbackUrl.length > 2000) throw refuse('must be at most 2000 characters');
  if (/[\s#]/.test(callbackUrl)) throw refuse('must have no blanks and no fragment (#)');
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw refuse('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse('must be an absolute http or https URL');
  }
  if (url.username || url.password || /^[a-z]+:\/\/[^/?]*@/i.test(callbackUrl)) {
    throw refuse('must not carry a user name or password');
  }
  if (!allowPrivateTargets && isPrivateHost(url.hostname)) {
    throw refuse(
      `must not name a loopback, private, link-local or metadata address (${url.hostname}); this service refuses private targets`,
    );
  }
  return callbackUrl;
}

function publicDelivery(delivery: DeliveryRecord) {
  const {id, eventId, identifier, topic, callbackUrl, status, attempts} = delivery;
  const {nextAttemptAt, createdAt, updatedAt} = delivery;
  return {
    id,
    eventId,
    identifier,
    topic,
    callbackUrl,
    status,
    attempts,
    nextAttemptAt,
    createdAt,
    updatedAt,
    payload: JSON.parse(delivery.body) as unknown,
  };
}

function publicSubscription(subscription: SubscriptionRecord, withSecret = false) {
  const {identifier, topic, callbackUrl, secret, createdAt} = subscription;
  return withSecret
    ? {identifier, topic, callbackUrl, secret, createdAt}
    : {identifier, topic, callbackUrl, createdAt};
}

function invalid(message: string, field: string | string[]) {
  return badRequest(Errors.invalidBody, message, Array.isArray(field) ? {fields: field} : {field});
}
