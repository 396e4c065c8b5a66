import {css} from 'lit';

/** The quote form's styles (render-quote-form.ts); its fields' look is in field-styles.ts. */
export const quoteFormStyles = css`
  /* Quote form */
  /* Columns that may be narrower than their content: large text wraps, the form stays put. */
  .quote {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
  }
  .section-title {
    font-size: 1.25rem;
    line-height: 1.25;
  }
  .lead {
    color: var(--_muted);
  }
  form {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) * 1.25);
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    font-size: 1rem;
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
    font-size: 0.875rem;
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
    margin-inline-start: auto;
  }
  .quote > .button.link {
    justify-self: start;
  }
  /* The notice listing unanswered mandatory features */
  .notice ul {
    margin: 0.25rem 0 0;
    padding-inline-start: 1.2rem;
  }
  .notice.warning {
    color: var(--_text);
    border-color: color-mix(in srgb, var(--_warning) 45%, var(--_surface));
    background: color-mix(in srgb, var(--_warning) 8%, var(--_surface));
  }
  .muted {
    color: var(--_muted);
    font-weight: 400;
  }
  /* The quantity quoted and what it comes to */
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
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;
