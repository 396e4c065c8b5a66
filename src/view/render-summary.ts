import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import type {ConfigurationView} from './view-model.js';

export interface SummaryHandlers {
  toggleVat(inclVat: boolean): void;
  copyCode(): void;
  shareCode(): void;
  requestQuote(): void;
}

export interface SummaryState {
  busy: boolean;
  /** Result of the last copy, shown in a status line. */
  copyStatus: string;
  /** The quote button is hidden while the quote form or thank-you is shown. */
  showQuoteButton: boolean;
  /** The configured product's picture, once loaded; the model's own image until then. */
  picture?: string | null;
}

/** The price summary (the service's own labels), VAT toggle, session code and quote button. */
export function renderSummary(
  view: ConfigurationView,
  state: SummaryState,
  s: Strings,
  on: SummaryHandlers,
): TemplateResult {
  const {summary} = view;
  const vat = summary.inclVat ? s.inclVat : s.exclVat;
  const picture = state.picture || view.product.imageUrl;
  return html`<section class="summary card" part="summary" aria-labelledby="summary-title">
    ${
      picture
        ? html`<img
            class="product-image"
            part="image"
            src=${picture}
            alt=${view.product.name}
            data-configured=${state.picture ? 'true' : 'false'}
          />`
        : nothing
    }
    <p class="eyebrow">${s.summaryTitle}</p>
    <h2 class="summary-title" id="summary-title">${view.product.name}</h2>
    <dl class="prices" aria-busy=${state.busy ? 'true' : 'false'}>
      <div class="price-row">
        <dt>${s.basePrice}</dt>
        <dd data-price="base">${summary.base}</dd>
      </div>
      <div class="price-row">
        <dt>${s.optionsPrice}</dt>
        <dd data-price="options">${summary.options}</dd>
      </div>
      <div class="price-row total" part="total">
        <dt>${s.total} <span class="vat-note">${vat}</span></dt>
        <dd data-price="total">${summary.total}</dd>
      </div>
    </dl>
    ${
      summary.lease.length
        ? html`<p class="lease">
            ${s.leaseFrom(summary.lease[0]!.label, summary.lease[0]!.months)}
          </p>`
        : nothing
    }
    <label class="switch">
      <input
        type="checkbox"
        role="switch"
        .checked=${summary.inclVat}
        @change=${(e: Event) => on.toggleVat((e.target as HTMLInputElement).checked)}
      />
      <span class="switch-track" aria-hidden="true"></span>
      <span>${s.pricesInclVat}</span>
    </label>
    ${
      state.showQuoteButton
        ? html`<button
            type="button"
            class="button primary block"
            part="button button-primary"
            data-action="quote"
            @click=${() => on.requestQuote()}
          >
            ${s.requestQuote}
          </button>`
        : nothing
    }
    ${view.code ? renderCode(view.code, state, s, on) : nothing}
  </section>`;
}

function renderCode(code: string, state: SummaryState, s: Strings, on: SummaryHandlers) {
  return html`<div class="code-box">
    <p class="code-title" id="code-title">${s.codeTitle}</p>
    <div class="code-row">
      <code class="code" aria-labelledby="code-title">${code}</code>
      <button
        type="button"
        class="button ghost small"
        part="button"
        data-action="copy"
        @click=${() => on.copyCode()}
      >
        ${s.copy}
      </button>
      <button
        type="button"
        class="button ghost small"
        part="button"
        data-action="share"
        @click=${() => on.shareCode()}
      >
        ${s.share}
      </button>
    </div>
    <p class="hint">${s.codeHint}</p>
    <p class="copy-status" role="status">${state.copyStatus}</p>
  </div>`;
}
