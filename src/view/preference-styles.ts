import {css} from 'lit';

/**
 * What the shopper's own settings ask of every view: forced colours (Windows high contrast),
 * reduced motion, and a right-to-left page. Loaded with the configure view's later chunk
 * (configure-extras.ts), which arrives with the first configure render, ahead of every later
 * view; the loading skeleton and the error states in the element's own sheet stop their
 * animations themselves. See docs/accessibility.md.
 */
export const preferenceStyles = css`
  /* Amounts and codes read left to right in a right-to-left page too ('€ 40,00', not '40,00 €'):
     without a letter of their own they take the paragraph direction of their first strong
     character, and there is none. The box itself still follows the page (its side, its
     alignment). */
  .price,
  .review-price,
  .price-row dd,
  .total-bar-value,
  .code,
  .quotation-number,
  output {
    unicode-bidi: plaintext;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition-duration: 0s !important;
      scroll-behavior: auto !important;
    }
  }

  /* Forced colours drop backgrounds and shadows: the states they showed get a border or an
     outline in a system colour instead. */
  @media (forced-colors: active) {
    .option.selected {
      border-color: Highlight;
      outline: 1px solid Highlight;
    }
    .option.disabled,
    .option.disabled .option-name {
      border-color: GrayText;
      color: GrayText;
    }
    .tab[aria-selected='true'] {
      border-block-end: 3px solid Highlight;
    }
    .tab-index,
    .badge,
    .code,
    .total-bar {
      border: 1px solid CanvasText;
    }
    .switch-track {
      forced-color-adjust: none;
      background: Canvas;
      border: 1px solid CanvasText;
    }
    .switch-track::after {
      background: CanvasText;
    }
    .switch input:checked + .switch-track {
      background: Highlight;
      border-color: Highlight;
    }
    .switch input:checked + .switch-track::after {
      background: HighlightText;
    }
    .progress.active::after {
      forced-color-adjust: none;
      background: Highlight;
    }
    .button:disabled {
      color: GrayText;
      border-color: GrayText;
    }
  }
`;
