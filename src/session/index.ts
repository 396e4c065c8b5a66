export {
  ConfiguratorSession,
  type Between,
  type ChangeResult,
  type InputOptions,
  type MergeModule,
  type NextInput,
  type RecoveryOptions,
  type SessionOptions,
} from './configurator-session.js';
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
export type {RetryOptions} from './http-client.js';
export type {QuoteRequested} from '../events/quote-requested.js';
export type {ChangeSource} from '../events/change-source.js';
export {normaliseTexts, normaliseValues} from './values.js';
export {
  ConflictType,
  DisplayType,
  FeatureType,
  NodeType,
  type Configuration,
  type ConfigurationValues,
  type Conflict,
  type Currency,
  type ErrorBody,
  type FeatureModel,
  type FeatureNode,
  type LeasePrice,
  type LeasePriceLabel,
  type QuoteCustomer,
  type QuoteRequest,
  type QuoteRequestResult,
  type Requirement,
  type Step,
  type TextRequirement,
} from '../wire/index.js';
