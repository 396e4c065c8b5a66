export {ProductConfiguratorElement} from './element/product-configurator-element.js';
export * from './events/index.js';
export * from './session/index.js';
export {UndoHistory} from './session/undo-history.js';
export {stringsFor, supportedLanguages, type Strings} from './i18n/index.js';
