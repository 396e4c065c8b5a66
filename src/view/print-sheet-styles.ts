import {css} from 'lit';

/**
 * The printed sheet (render-print-sheet.ts): never on screen; in print media it takes the
 * widget's place and everything interactive goes, so printing the host page prints the sheet.
 * Sized in millimetres for A4 inside a browser's default page margins (about 10 mm), black on
 * white whatever the theme: a sheet is read on paper.
 */
export const printSheetStyles = css`
  .print-sheet {
    display: none;
  }
  /* The review's "Print / save as PDF" sits at the start of its row, the way on at the end. */
  .form-actions .button[data-action='print'] {
    margin-inline-start: 0;
  }
  @media print {
    /* The space the page reserves for the widget on screen (the loader's min-height, 2600 px on
       a narrow page) would add pages after the sheet. Important, a shadow root's rule wins. */
    :host {
      min-height: 0 !important;
      contain-intrinsic-size: none !important;
    }
    /* Only once the sheet is there: without it the widget prints as it is, never blank. */
    .layout:has(> .print-sheet) {
      display: block;
    }
    .layout:has(> .print-sheet) > :not(.print-sheet) {
      display: none !important;
    }
    .print-sheet {
      display: grid;
      gap: 4mm;
      max-width: 186mm;
      color: #000;
      background: #fff;
      font-size: 9.5pt;
      line-height: 1.3;
      break-inside: avoid;
      print-color-adjust: exact;
    }
  }
  .sheet-head {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 52mm;
    gap: 6mm;
    align-items: start;
  }
  .sheet-product {
    display: grid;
    gap: 3mm;
  }
  .sheet-title {
    margin: 0;
    font-size: 17pt;
    line-height: 1.15;
  }
  .sheet-picture {
    display: block;
    max-width: 100%;
    max-height: 62mm;
    object-fit: contain;
    justify-self: start;
  }
  .sheet-resume {
    display: grid;
    gap: 1.5mm;
    justify-items: center;
    text-align: center;
  }
  .sheet-qr {
    width: 40mm;
    height: 40mm;
  }
  .sheet-resume p {
    margin: 0;
  }
  .sheet-scan {
    font-size: 8pt;
  }
  .sheet-code strong {
    font-family: ui-monospace, monospace;
    font-size: 12pt;
    letter-spacing: 0.08em;
  }
  .sheet-link {
    font-size: 7pt;
    overflow-wrap: anywhere;
  }
  .sheet-choices-title {
    margin: 0;
    font-size: 11pt;
    border-bottom: 0.4mm solid #000;
    padding-bottom: 1mm;
  }
  .two-columns .sheet-choices {
    columns: 2;
    column-gap: 8mm;
  }
  .sheet-step {
    break-inside: avoid;
    margin-bottom: 2.5mm;
  }
  .sheet-step-title {
    margin: 0 0 0.5mm;
    font-size: 9.5pt;
  }
  .sheet-items {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .sheet-item {
    display: grid;
    /* A price column of its own width: the prices line up down the sheet. */
    grid-template-columns: minmax(0, 1fr) minmax(0, auto) minmax(20mm, auto);
    gap: 3mm;
    padding-block: 0.6mm;
    border-bottom: 0.2mm solid #bbb;
  }
  .sheet-value,
  .sheet-name {
    overflow-wrap: anywhere;
  }
  .sheet-path {
    color: #555;
  }
  /* The separator as generated content: the path's text is the review's, word for word. */
  .sheet-path::after {
    content: ' / ';
  }
  .sheet-price {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
  .sheet-prices {
    display: grid;
    gap: 0.8mm;
    margin: 0;
    justify-self: end;
    min-width: 85mm;
  }
  .sheet-prices div {
    display: flex;
    justify-content: space-between;
    gap: 6mm;
  }
  .sheet-prices dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  .sheet-total {
    font-weight: 700;
    font-size: 11pt;
    border-top: 0.4mm solid #000;
    padding-top: 1mm;
  }
`;
