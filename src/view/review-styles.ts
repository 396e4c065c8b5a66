import {css} from 'lit';

/**
 * The review before the quote form (render-review.ts). Its prices use the summary's rows
 * (summary-styles.ts) and its button row the quote form's (quote-form-styles.ts).
 */
export const reviewStyles = css`
  /* Review */
  .review {
    display: grid;
    gap: var(--_space);
  }
  .review > .button.link {
    justify-self: start;
  }
  .review h2:focus {
    outline: none;
  }
  .review-step-title {
    margin: 0 0 0.3rem;
    font-size: 0.875rem;
  }
  .review-items {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.15rem;
  }
  .review-item {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto;
    align-items: baseline;
    gap: 0.75rem;
    padding-block: 0.2rem;
    border-bottom: 1px solid var(--_border);
  }
  .review-item .button.link {
    justify-self: start;
    min-height: 24px;
    text-align: start;
  }
  .review-value {
    overflow-wrap: anywhere;
  }
  /* The groups above a choice: they tell two choices of the same name apart. */
  .review-path {
    grid-column: 1 / -1;
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .review-item.unanswered .review-price {
    color: var(--_danger);
    font-weight: 600;
  }
  .review-price {
    color: var(--_muted);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;
