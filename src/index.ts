export {ProductConfiguratorElement} from './element/product-configurator-element.js';
export * from './events/index.js';
export * from './session/index.js';
export {ConflictType, DisplayType, FeatureType, NodeType} from './wire/index.js';
export {UndoHistory, copy} from './session/undo-history.js';
export {requestQuote} from './session/quote.js';
export {image, type ImageOptions} from './session/image.js';
export {publishableKeyTokenSource} from './session/publishable-key-source.js';
export {stringsFor, supportedLanguages, type Strings} from './i18n/index.js';
