import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import type {ConfigurationView} from './view-model.js';

/**
 * The total and the quote button kept in view at the bottom of narrow layouts. It says whether
 * the total includes VAT, as the summary does, since on a phone the summary is far away.
 * `picture`: the configured product, small, once the configure view's extras are here.
 */
export function renderTotalBar(
  view: ConfigurationView,
  s: Strings,
  requestQuote: () => void,
  picture: unknown = nothing,
): TemplateResult {
  return html`<div class="total-bar" part="total-bar">
    ${picture}
    <div class="total-bar-total">
      <span class="total-bar-label"
        >${s.total}
        <span class="vat-note">${view.summary.inclVat ? s.inclVat : s.exclVat}</span></span
      >
      <strong class="total-bar-value">${view.summary.total}</strong>
    </div>
    <button
      type="button"
      class="button primary small"
      part="button button-primary"
      data-action="quote"
      @click=${requestQuote}
    >
      ${s.requestQuote}
    </button>
  </div>`;
}
