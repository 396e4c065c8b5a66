export {compileModel, nodeIdByKey, nodeKeyById} from './compiled-model.js';
export type {CompiledModel, CompiledNode, CompiledStep, RequiresEdge} from './compiled-model.js';
export type {
  LeaseTerm,
  LocalText,
  ModelDefinition,
  NodeDefinition,
  PictureView,
  RuleTarget,
  StepDefinition,
} from './model-definition.js';
export type {SessionState} from './session-state.js';
export {
  applyRequirement,
  applyText,
  initialState,
  maxTextLength,
  roundToStep,
  type ApplyOptions,
  type ApplyResult,
} from './apply-requirement.js';
export {
  renderConfiguration,
  renderConfigurationChanges,
  unansweredMandatories,
  type RenderOptions,
} from './render-configuration.js';
export {EngineError, type EngineErrorCode} from './engine-error.js';
export {
  configurationPieces,
  encodeConfiguration,
  isSharedPiece,
  serializeConfiguration,
} from './serialize-configuration.js';
export {brotliPieces} from './brotli-answer.js';
export {gzipPieces} from './gzip-pieces.js';
export {stateFingerprint} from './configuration-fingerprint.js';
export {escapeXml, renderStepImage, type StepImageOptions} from './step-image.js';
export {guidFor} from './guid.js';
export {findModel, sampleModels} from '../models/catalog.js';
export {generateLargeModel, type LargeModelOptions} from '../models/large-model.js';
