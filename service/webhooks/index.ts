export {retryDelay, type BackoffOptions} from './backoff.js';
export {WebhookDispatcher, type DispatcherOptions} from './dispatcher.js';
export {WebhookOutbox, type OutboxOptions} from './outbox.js';
export {isPrivateHost} from './private-address.js';
export {DeliveryStatus, subscriptionKey, webhookCollections} from './records.js';
export type {DeliveryAttempt, DeliveryRecord, SubscriptionRecord} from './records.js';
export {signDelivery, signatureVersion, verifyDelivery} from './signature.js';
export {webhookRoutes, type WebhookRoutesOptions} from './webhook-routes.js';
export {Webhooks, type WebhookOptions} from './webhooks.js';
