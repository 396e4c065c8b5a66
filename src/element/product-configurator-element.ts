import {LitElement, html} from 'lit';
import {property} from 'lit/decorators.js';

/**
 * Configures a product against the Configurator and Quotation Service.
 */
export class ProductConfiguratorElement extends LitElement {
  /** Model identifier: root feature name or model GUID. */
  @property() model = '';

  override render() {
    return html`<p part="placeholder">${this.model}</p>`;
  }
}
