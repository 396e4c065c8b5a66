export {ConfiguratorSession} from './configurator-session.js';
export type {
  Between,
  ChangeResult,
  InputOptions,
  MergeModule,
  NextInput,
  RecoveryOptions,
  SessionOptions,
} from './session-options.js';
export type {
  PendingConflict,
  PendingInput,
  SessionSnapshot,
  SessionStatus,
} from './session-snapshot.js';
export {
  SessionChangeEvent,
  SessionConflictEvent,
  SessionErrorEvent,
  SessionSnapshotEvent,
  type SessionEventMap,
} from './session-events.js';
export {ConfiguratorError, ErrorCode, type ConfiguratorErrorOptions} from './errors.js';
export {
  endpointTokenSource,
  functionTokenSource,
  type AccessToken,
  type FetchedToken,
  type TokenRequest,
  type TokenSource,
  type TokenSourceOptions,
} from './token-source.js';
/**
 * The shared token cache, for the publishable-key source beside the session file.
 * @internal
 */
export {sharedTokenSource} from './token-source.js';
export type {RetryOptions} from './http-client.js';
export type {QuoteRequested} from './quote-requested.js';
export type {ChangeSource} from './change-source.js';
export {normaliseTexts, normaliseValues} from './values.js';
// The wire's numeric codes as names are values of their own file beside the session,
// `product-configurator/session/wire`; their types are here.
export type {
  ConflictType,
  DisplayType,
  FeatureType,
  NodeType,
  Configuration,
  ConfigurationValues,
  Conflict,
  Currency,
  ErrorBody,
  FeatureModel,
  FeatureNode,
  LeasePrice,
  LeasePriceLabel,
  QuoteCustomer,
  QuoteRequest,
  QuoteRequestResult,
  Requirement,
  Step,
  TextRequirement,
} from '../wire/index.js';
