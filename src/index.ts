export {ProductConfiguratorElement} from './element/product-configurator-element.js';
