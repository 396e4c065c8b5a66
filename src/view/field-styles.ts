import {css} from 'lit';

/**
 * Labelled inputs, shared by the features' fields (render-node.ts) and the quote form
 * (render-quote-form.ts): the field, its label and the text-like inputs, selects and textareas.
 */
export const fieldStyles = css`
  /* Fields */
  .field {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.35rem;
  }
  .field-label {
    font-weight: 600;
  }
  .optional {
    color: var(--_muted);
    font-weight: 400;
    font-size: 0.875rem;
  }
  input[type='text'],
  input[type='email'],
  input[type='tel'],
  input[type='number'],
  select,
  textarea {
    width: 100%;
    min-height: 2.75rem;
    padding: 0.55rem 0.75rem;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    /* The field's edge is what shows it is a field: 3:1 against the surface (WCAG 1.4.11). */
    border: 1px solid color-mix(in srgb, var(--_text) 55%, var(--_surface));
    border-radius: calc(var(--_radius) - 4px);
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  textarea {
    resize: vertical;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline-offset: 1px;
    border-color: var(--_accent);
  }
  [aria-invalid='true'],
  .invalid input {
    border-color: var(--_danger);
  }
`;
