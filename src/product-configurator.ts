import {ProductConfiguratorElement} from './element/product-configurator-element.js';

export {ProductConfiguratorElement};

// Loading the script twice must be harmless.
if (!customElements.get('product-configurator')) {
  customElements.define('product-configurator', ProductConfiguratorElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'product-configurator': ProductConfiguratorElement;
  }
}
