import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {billSteps, type Bill} from './bill.js';
import {renderBackButton} from './render-back-button.js';
import type {ConfigurationView} from './view-model.js';

export interface ReviewState {
  lang: string;
  quantity: number;
  /** The service's totals as labels, both ways. */
  totalInclVat: string;
  totalExclVat: string;
  /** The total times the quantity, '' when it is 1. */
  lineTotal: string;
  /** The configuration's bill (./bill.ts): the lines the review lists, as the sheet does. */
  bill: Bill;
}

export interface ReviewHandlers {
  back(): void;
  next(): void;
  goToNode(nodeId: string, stepId: string): void;
  /** "Print / save as PDF": the configuration's sheet (render-print-sheet.ts). */
  print?: () => void;
}

/**
 * The review before the quote: every choice grouped by step, each a link back to it, then the
 * service's prices and the quantity. Model texts are rendered as text, never as markup.
 */
export function renderReview(
  view: ConfigurationView,
  state: ReviewState,
  s: Strings,
  on: ReviewHandlers,
): TemplateResult {
  const {summary} = view;
  const steps = billSteps(view.steps, state.bill);
  return html`<section class="review card" part="panel" aria-labelledby="review-title">
    ${renderBackButton(s.back, () => on.back())}
    <h2 id="review-title" class="section-title" tabindex="-1">${s.reviewTitle}</h2>
    ${steps.map(
      ({step, lines}) =>
        html`<section class="review-step" data-step=${step.id}>
          <h3 class="review-step-title">${step.title}</h3>
          <ul class="review-items">
            ${lines.map(
              (item) =>
                html`<li
                  class=${item.unanswered ? 'review-item unanswered' : 'review-item'}
                  data-node=${item.id}
                  data-line=${item.text}
                >
                  ${
                    item.path.length
                      ? html`<span class="review-path">${item.path.join(' / ')}</span>`
                      : nothing
                  }
                  <button
                    type="button"
                    class="button link"
                    part="button"
                    data-action="edit"
                    @click=${() => on.goToNode(item.id, step.id)}
                  >
                    ${item.name}
                  </button>
                  ${item.value ? html`<span class="review-value">${item.value}</span>` : nothing}
                  <span class="review-price"
                    >${item.unanswered ? s.notAnswered : item.amountLabel}</span
                  >
                </li>`,
            )}
          </ul>
        </section>`,
    )}
    <dl class="prices">
      <div class="price-row">
        <dt>${s.basePrice}</dt>
        <dd>${summary.base}</dd>
      </div>
      <div class="price-row">
        <dt>${s.optionsPrice}</dt>
        <dd>${summary.options}</dd>
      </div>
      <div class="price-row">
        <dt>${s.total} <span class="vat-note">${s.exclVat}</span></dt>
        <dd data-price="review-excl">${state.totalExclVat}</dd>
      </div>
      <div class="price-row total" part="total">
        <dt>${s.total} <span class="vat-note">${s.inclVat}</span></dt>
        <dd data-price="review-incl">${state.totalInclVat}</dd>
      </div>
      <div class="price-row">
        <dt>${s.quantity}</dt>
        <dd data-review="quantity">${state.quantity}</dd>
      </div>
      ${
        state.lineTotal
          ? html`<div class="price-row total">
              <dt>
                ${s.lineTotal(state.quantity)}
                <span class="vat-note">${summary.inclVat ? s.inclVat : s.exclVat}</span>
              </dt>
              <dd data-price="line-total">${state.lineTotal}</dd>
            </div>`
          : nothing
      }
    </dl>
    <div class="form-actions">
      ${
        on.print
          ? html`<button
              type="button"
              class="button secondary"
              part="button"
              data-action="print"
              @click=${on.print}
            >
              ${s.printSheet}
            </button>`
          : nothing
      }
      <button
        type="button"
        class="button primary"
        part="button button-primary"
        data-action="continue"
        @click=${() => on.next()}
      >
        ${s.toDetails}
      </button>
    </div>
  </section>`;
}
