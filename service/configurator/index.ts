export {Configurator, chosenOptions, defaultLanguage} from './configurator.js';
export type {
  ConfiguratorOptions,
  LinkedConfigurationModel,
  ModelSummary,
  ServedConfiguration,
  StartOptions,
} from './configurator.js';
export {featureModelItems} from './feature-models.js';
export type {FeatureModelItem} from './feature-models.js';
export {featureItems, registerFeatureDataRoutes} from './features-data.js';
export type {FeatureItem} from './features-data.js';
export {languageForChange, languageFromQuery, requestedLanguage} from './language.js';
export {ModelCatalog} from './model-catalog.js';
export {modelImagesDir, registerModelImageRoutes} from './model-images.js';
export {registerConfiguratorRoutes} from './routes.js';
export {isSessionCode, newSessionCode} from './session-code.js';
export {serviceSettings} from './settings.js';
export type {ServiceSettings, SettingsLanguage} from './settings.js';
export {Sessions} from './sessions.js';
export type {SessionRecord} from './sessions.js';
export {configuratorVersions} from './versioned-routes.js';
