export {compileModel, nodeIdByKey, nodeKeyById} from './compiled-model.js';
export type {CompiledModel} from './compiled-model.js';
export type {ModelDefinition} from './model-definition.js';
export type {SessionState} from './session-state.js';
export {applyRequirement, initialState} from './apply-requirement.js';
export {applyText} from './apply-text.js';
export {renderConfiguration, renderConfigurationChanges} from './render-configuration.js';
export {EngineError} from './engine-error.js';
export {
  configurationPieces,
  encodeConfiguration,
  isSharedPiece,
  serializeConfiguration,
} from './serialize-configuration.js';
export {prepareConfiguration, writeConfiguration, type PreparedAnswer} from './one-pass-answer.js';
export {brotliPieces} from './brotli-answer.js';
export {gzipPieces} from './gzip-pieces.js';
export {decodeState, encodeState, isStoredState, type StoredState} from './stored-state.js';
export {stateFingerprint} from './configuration-fingerprint.js';
export {pictureKey, renderStepImage, stepImage, type StepImage} from './step-image.js';
export {priceEffects, type PriceEffect} from './price-effects.js';
export {
  mostEffectsInAnswer,
  stepEffects,
  stepIndexOf,
  stepRequirements,
  withStepEffects,
  type StepEffect,
} from './step-effects.js';
