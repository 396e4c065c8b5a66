import {randomBytes} from 'node:crypto';
import {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import {ErrorCode, ServiceError, badRequest, notFound} from '../errors.js';
import {QuotationTopic} from '../events.js';
import {Fields, readJson} from '../http/index.js';
import type {Store} from '../store/index.js';
import {
  DeliveryStatus,
  webhookCollections,
  type DeliveryRecord,
  type SubscriptionRecord,
} from './records.js';

export interface WebhookRoutesOptions {
  store: Store;
  now?: () => number;
}

const topics: readonly string[] = Object.values(QuotationTopic);
const bodyFields = ['identifier', 'topic', 'callbackurl', 'secret'];

/**
 * The webhook API, to mount at `/api/2/webhooks`: `POST /` subscribes (201 with the signing
 * secret), `GET /` lists subscriptions (no secrets), `GET /{identifier}` shows one, `DELETE
 * /{identifier}` unsubscribes (204) and cancels its pending deliveries, and `GET
 * /{identifier}/deliveries` lists its deliveries with every attempt.
 */
export function webhookRoutes(options: WebhookRoutesOptions): Hono<AppEnv> {
  const {store} = options;
  const now = options.now ?? Date.now;
  const subscriptions = () =>
    store.collection<SubscriptionRecord>(webhookCollections.subscriptions);
  const deliveries = () => store.collection<DeliveryRecord>(webhookCollections.deliveries);
  const routes = new Hono<AppEnv>();
  const find = (identifier: string) => {
    const subscription = subscriptions().get(identifier);
    if (!subscription) throw notFound(`No webhook subscription ${identifier}`, {identifier});
    return subscription;
  };

  routes.post('/', async (c) => {
    const subscription = readSubscription(await readJson(c.req.raw), now());
    store.transaction(() => {
      if (subscriptions().get(subscription.id)) {
        throw new ServiceError(
          409,
          ErrorCode.conflict,
          `A webhook subscription ${subscription.identifier} exists; delete it first to change it`,
          {identifier: subscription.identifier},
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

  routes.get('/', (c) =>
    c.json(
      subscriptions()
        .list()
        .map((s) => publicSubscription(s)),
    ),
  );

  routes.get('/:identifier', (c) => c.json(publicSubscription(find(c.req.param('identifier')))));

  routes.delete('/:identifier', (c) => {
    const identifier = c.req.param('identifier');
    store.transaction(() => {
      find(identifier);
      subscriptions().delete(identifier);
      const at = new Date(now()).toISOString();
      for (const delivery of deliveries().list()) {
        if (delivery.identifier === identifier && delivery.status === DeliveryStatus.pending) {
          deliveries().put({
            ...delivery,
            status: DeliveryStatus.cancelled,
            nextAttemptAt: null,
            updatedAt: at,
          });
        }
      }
    });
    return c.body(null, 204);
  });

  routes.get('/:identifier/deliveries', (c) => {
    const identifier = find(c.req.param('identifier')).identifier;
    return c.json(
      deliveries()
        .list()
        .filter((delivery) => delivery.identifier === identifier)
        .map(({body, ...delivery}) => ({...delivery, payload: JSON.parse(body) as unknown})),
    );
  });

  return routes;
}

function readSubscription(body: unknown, now: number): SubscriptionRecord {
  const fields = Fields.of(body);
  const unknown = fields.names().filter((name) => !bodyFields.includes(name.toLowerCase()));
  if (unknown.length > 0) {
    throw invalid(
      `body has properties a subscription does not know: ${unknown.join(', ')}`,
      unknown.map((n) => `body.${n}`),
    );
  }
  const identifier = fields.string('identifier').trim();
  if (identifier === '' || identifier.length > 200 || /[/\\?#\s]/.test(identifier)) {
    throw invalid(
      'body.identifier must be 1 to 200 characters without spaces, slashes, ? or #',
      'body.identifier',
    );
  }
  const topic = fields.string('topic');
  if (!topics.includes(topic)) {
    throw invalid(`body.topic must be one of ${topics.join(', ')}`, 'body.topic');
  }
  const callbackUrl = fields.string('callbackUrl');
  let url: URL | undefined;
  try {
    url = new URL(callbackUrl);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password
  ) {
    throw invalid(
      'body.callbackUrl must be an absolute http or https URL without user name or password',
      'body.callbackUrl',
    );
  }
  const secret = fields.nullableString('secret') ?? randomBytes(32).toString('hex');
  if (secret.length < 16)
    throw invalid('body.secret must have at least 16 characters', 'body.secret');
  return {
    id: identifier,
    identifier,
    topic: topic as QuotationTopic,
    callbackUrl,
    secret,
    createdAt: new Date(now).toISOString(),
  };
}

function publicSubscription(subscription: SubscriptionRecord, withSecret = false) {
  const {identifier, topic, callbackUrl, secret, createdAt} = subscription;
  return withSecret
    ? {identifier, topic, callbackUrl, secret, createdAt}
    : {identifier, topic, callbackUrl, createdAt};
}

function invalid(message: string, field: string | string[]) {
  return badRequest(
    ErrorCode.invalidBody,
    message,
    Array.isArray(field) ? {fields: field} : {field},
  );
}
