export {retryDelay} from './backoff.js';
export {WebhookOutbox} from './outbox.js';
export {isPrivateAddress} from './private-address.js';
export {subscriptionKey, webhookCollections} from './records.js';
export type {SubscriptionRecord} from './records.js';
export {signDelivery, verifyDelivery} from './signature.js';
export type {ResolvedAddress} from './transport.js';
export {Webhooks, type WebhookOptions} from './webhooks.js';
