import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';

export interface ThankYouView {
  /** Null when the service's answer named no quotation (the seed shows it no body). */
  quotationId: string | null;
  /** The number people quote (`Q-000012`); shown instead of the id when the answer names it. */
  quotationNumber: string | null;
  code: string;
}

export function renderThankYou(
  view: ThankYouView,
  s: Strings,
  restart: () => void,
): TemplateResult {
  return html`<section class="thanks card" part="panel" aria-labelledby="thanks-title">
    <div class="thanks-icon" aria-hidden="true">✓</div>
    <h2 id="thanks-title" class="section-title" tabindex="-1">${s.thanksTitle}</h2>
    <p class="lead">${s.thanksBody}</p>
    <dl class="reference">
      ${
        // The number is what people quote; a service that sends none still gets a reference.
        view.quotationNumber || view.quotationId
          ? html`<dt>${s.reference}</dt>
              <dd>
                <strong class="quotation-number"
                  >${view.quotationNumber ?? view.quotationId}</strong
                >
              </dd>`
          : nothing
      }
      ${
        view.code
          ? html`<dt>${s.codeTitle}</dt>
              <dd><code>${view.code}</code></dd>`
          : nothing
      }
    </dl>
    <button
      type="button"
      class="button secondary"
      part="button"
      data-action="restart"
      @click=${restart}
    >
      ${s.newConfiguration}
    </button>
  </section>`;
}
