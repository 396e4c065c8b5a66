import {css} from 'lit';

/** The review's, the quote form's and the thank-you's styles: loaded with them, not before. */
export const quoteScreenStyles = css`
  /* Quote form */
  .quote,
  .thanks {
    display: grid;
    gap: var(--_space);
  }
  .lead {
    color: var(--_muted);
  }
  form {
    display: grid;
    gap: calc(var(--_space) * 1.25);
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    font-size: 1.05rem;
    padding: 0;
    margin-bottom: 0.75rem;
  }
  .form-grid {
    display: grid;
    gap: 0.9rem;
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
  .form-grid > .field {
    grid-column: span 6;
  }
  @container (min-width: 560px) {
    .form-grid > .span-2 {
      grid-column: span 2;
    }
    .form-grid > .span-3 {
      grid-column: span 3;
    }
    .form-grid > .span-4 {
      grid-column: span 4;
    }
  }
  .field-error {
    color: var(--_danger);
    font-size: 0.85rem;
    font-weight: 600;
  }
  .check {
    display: flex;
    gap: 0.6rem;
    align-items: center;
    font-weight: 600;
    cursor: pointer;
  }
  .check input {
    width: 1.15rem;
    height: 1.15rem;
    accent-color: var(--_accent);
  }
  .form-actions {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: var(--_space);
    flex-wrap: wrap;
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }
  .form-actions .button {
    margin-left: auto;
  }
  .quote > .button.link {
    justify-self: start;
  }

  /* Thank you */
  .thanks {
    text-align: center;
    justify-items: center;
    padding-block: calc(var(--_space) * 3);
  }
  .thanks-icon {
    display: grid;
    place-items: center;
    width: 3.5rem;
    height: 3.5rem;
    border-radius: 50%;
    font-size: 1.6rem;
    font-weight: 800;
    color: var(--_success);
    background: color-mix(in srgb, var(--_success) 14%, var(--_surface));
  }
  .thanks h2:focus {
    outline: none;
  }
  .reference {
    display: grid;
    grid-template-columns: auto auto;
    gap: 0.35rem 1rem;
    margin: 0.5rem 0;
    padding: 0.9rem 1.2rem;
    background: var(--_background);
    border-radius: calc(var(--_radius) - 4px);
    text-align: left;
  }
  .reference dt {
    color: var(--_muted);
  }
  .reference dd {
    margin: 0;
    font-weight: 700;
    word-break: break-all;
  }
  .quotation-number {
    font-size: 1.25rem;
    letter-spacing: 0.02em;
  }

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
    font-size: 0.95rem;
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
    text-align: left;
  }
  .review-value {
    overflow-wrap: anywhere;
  }
  .review-price {
    color: var(--_muted);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .quantity-row {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.5rem 1rem;
  }
  .quantity-row input {
    width: 7rem;
  }
  .line-total {
    padding-bottom: 0.6rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
