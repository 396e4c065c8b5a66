import {html, nothing, svg, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {billSteps, type Bill} from './bill.js';
import type {ConfigurationView} from './view-model.js';

/** What the printed sheet shows beside the view model. */
export interface PrintSheetState {
  lang: string;
  /** The configured picture, else the model's image. */
  picture: string | null;
  /** The configuration's bill (./bill.ts), the one the review lists. */
  bill: Bill;
  /** The service's totals as labels, both ways. */
  totalInclVat: string;
  totalExclVat: string;
  /** The link that resumes this configuration; the QR code encodes it. */
  link: string;
  /** The QR code's dark modules (rows of columns), once its chunk is here; null until then. */
  qr: readonly (readonly boolean[])[] | null;
}

/** Lines from which the choices' list is set in two columns, to stay on one A4 page. */
export const twoColumnsFrom = 22;

/**
 * The QR code as one SVG path of unit squares, a quiet zone of four modules around it (the
 * minimum the QR standard asks for). Drawn from the modules, never from markup a library made.
 */
export function renderQr(modules: readonly (readonly boolean[])[], label: string): TemplateResult {
  const size = modules.length;
  let d = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return html`<svg
    class="sheet-qr"
    role="img"
    aria-label=${label}
    viewBox="-4 -4 ${size + 8} ${size + 8}"
    shape-rendering="crispEdges"
    data-size=${size}
  >
    ${svg`<rect x="-4" y="-4" width=${size + 8} height=${size + 8} fill="#fff"></rect>
      <path d=${d} fill="#000"></path>`}
  </svg>`;
}

/**
 * The configuration as one A4 page: its picture, every choice with its price, the totals both
 * ways, the code and a QR code of the link that resumes it. Rendered in the shadow root for
 * print media only (print-sheet-styles.ts), so printing the host page prints this sheet in
 * place of the interactive widget. Model texts are text, never markup.
 */
export function renderPrintSheet(
  view: ConfigurationView,
  state: PrintSheetState,
  s: Strings,
): TemplateResult {
  // The review's own grouping of the bill's lines: the sheet and the review cannot disagree.
  const sections = billSteps(view.steps, state.bill);
  const lines = sections.reduce((n, section) => n + section.lines.length + 1, 0);
  return html`<article
    class="print-sheet ${lines >= twoColumnsFrom ? 'two-columns' : ''}"
    data-lines=${lines}
  >
    <header class="sheet-head">
      <div class="sheet-product">
        <h2 class="sheet-title">${view.product.name}</h2>
        ${
          state.picture
            ? html`<img class="sheet-picture" src=${state.picture} alt=${view.product.name} />`
            : nothing
        }
      </div>
      <div class="sheet-resume">
        ${state.qr ? renderQr(state.qr, s.sheetScan) : nothing}
        <p class="sheet-scan">${s.sheetScan}</p>
        <p class="sheet-code">
          <span>${s.codeTitle}</span> <strong data-sheet="code">${view.code}</strong>
        </p>
        <p class="sheet-link" data-sheet="link">${state.link}</p>
      </div>
    </header>
    <h3 class="sheet-choices-title">${s.sheetChoices}</h3>
    <div class="sheet-choices">
      ${sections.map(
        ({step, lines}) =>
          html`<section class="sheet-step" data-step=${step.id}>
            <h4 class="sheet-step-title">${step.title}</h4>
            <ul class="sheet-items">
              ${lines.map(
                (line) =>
                  html`<li
                    class=${line.unanswered ? 'sheet-item unanswered' : 'sheet-item'}
                    data-node=${line.id}
                    data-line=${line.text}
                  >
                    <span class="sheet-name"
                      >${
                        line.path.length
                          ? html`<span class="sheet-path">${line.path.join(' / ')}</span>`
                          : nothing
                      }<span class="sheet-label">${line.name}</span></span
                    >
                    <span class="sheet-value">${line.value}</span>
                    <span class="sheet-price"
                      >${line.unanswered ? s.notAnswered : line.amountLabel}</span
                    >
                  </li>`,
              )}
            </ul>
          </section>`,
      )}
    </div>
    <dl class="sheet-prices">
      <div>
        <dt>${s.basePrice}</dt>
        <dd>${view.summary.base}</dd>
      </div>
      <div>
        <dt>${s.optionsPrice}</dt>
        <dd>${view.summary.options}</dd>
      </div>
      <div>
        <dt>${s.total} ${s.exclVat}</dt>
        <dd data-sheet="excl">${state.totalExclVat}</dd>
      </div>
      <div class="sheet-total">
        <dt>${s.total} ${s.inclVat}</dt>
        <dd data-sheet="incl">${state.totalInclVat}</dd>
      </div>
    </dl>
  </article>`;
}
