import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import type {Bill, BillLine} from './bill.js';
import {renderBackButton} from './render-back-button.js';
import type {ConfigurationView, NodeView} from './view-model.js';

/** One choice the shopper made, as the review lists it. */
export interface ReviewItem {
  id: string;
  name: string;
  /** The chosen option's name, the typed text or the number with its unit; '' for an option. */
  value: string;
  priceLabel: string;
  /** From the bill: the groups above it, the quotation's wording, and an open mandatory. */
  path?: string[];
  text?: string;
  unanswered?: boolean;
}

export interface ReviewState {
  lang: string;
  quantity: number;
  /** The service's totals as labels, both ways. */
  totalInclVat: string;
  totalExclVat: string;
  /** The total times the quantity, '' when it is 1. */
  lineTotal: string;
  /** The configuration's bill (./bill.ts): the lines the review lists. */
  bill?: Bill;
}

export interface ReviewHandlers {
  back(): void;
  next(): void;
  goToNode(nodeId: string, stepId: string): void;
  /** "Print / save as PDF": the configuration's sheet (render-print-sheet.ts). */
  print?: () => void;
}

/** The shopper's choices below some nodes, in the order the steps show them. */
export function reviewItems(nodes: readonly NodeView[], lang: string): ReviewItem[] {
  const items: ReviewItem[] = [];
  const pending = [...nodes].reverse();
  // Without recursion: a deep model cannot exhaust the stack.
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.kind === 'group') {
      pending.push(...[...node.children].reverse());
    } else if (node.kind === 'choice') {
      const chosen = node.options.filter((o) => o.selected);
      const nested: NodeView[] = [];
      for (const o of chosen) {
        items.push({
          id: o.id,
          name: node.control === 'checkbox' ? o.name : node.label,
          value: node.control === 'checkbox' ? '' : o.name,
          priceLabel: o.priceLabel,
        });
        nested.push(...o.children);
      }
      pending.push(...nested.reverse());
    } else if (node.kind === 'number' && !node.disabled && node.value !== 0) {
      // Zero of something optional (spare parts) is no choice; a dimension never reads zero.
      const number = new Intl.NumberFormat(lang).format(node.value);
      items.push({
        id: node.id,
        name: node.name,
        value: node.unit ? `${number} ${node.unit}` : number,
        priceLabel: node.priceLabel,
      });
    } else if (node.kind === 'text' && node.value.trim()) {
      items.push({id: node.id, name: node.name, value: node.value, priceLabel: ''});
    }
  }
  return items;
}

/** A bill's line as the review lists it: its path names the group, its amount what it adds. */
const fromBill = (line: BillLine): ReviewItem => ({
  id: line.id,
  name: line.name,
  value: line.value,
  priceLabel: line.amountLabel,
  path: line.path,
  text: line.text,
  unanswered: line.unanswered,
});

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
  const bill = state.bill;
  const steps = view.steps
    .map((step) => ({
      step,
      items: bill
        ? bill.lines.filter((l) => l.stepId === step.id).map(fromBill)
        : reviewItems(step.nodes, state.lang),
    }))
    .filter((entry) => entry.items.length > 0);
  return html`<section class="review card" part="panel" aria-labelledby="review-title">
    ${renderBackButton(s.back, () => on.back())}
    <h2 id="review-title" class="section-title" tabindex="-1">${s.reviewTitle}</h2>
    ${steps.map(
      ({step, items}) =>
        html`<section class="review-step" data-step=${step.id}>
          <h3 class="review-step-title">${step.title}</h3>
          <ul class="review-items">
            ${items.map(
              (item) =>
                html`<li
                  class=${item.unanswered ? 'review-item unanswered' : 'review-item'}
                  data-node=${item.id}
                  data-line=${item.text ?? ''}
                >
                  ${
                    item.path?.length
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
                    >${item.unanswered ? s.notAnswered : item.priceLabel}</span
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
