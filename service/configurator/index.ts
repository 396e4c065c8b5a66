export {Configurator, defaultLanguage} from './configurator.js';
export {featureModelItems} from './feature-models.js';
export {languageFromQuery} from './language.js';
export {registerModelImageRoutes} from './model-images.js';
export {registerConfiguratorRoutes} from './routes.js';
export {configurationAnswer} from './configuration-response.js';
export {readRequirement} from './request-body.js';
