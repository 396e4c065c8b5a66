import {css} from 'lit';

/** Styles of the configure view's later chunk (see src/element/configure-extras.ts). */
export const extrasStyles = css`
  /* Focus never ends under the narrow layout's sticky total bar (WCAG 2.2, 2.4.11). */
  .main :focus {
    scroll-margin-bottom: var(--_bar-space, 0px);
  }
  /* An incompatible option stays operable: choosing it asks what would have to change. */
  .option.disabled .option-label {
    cursor: pointer;
  }
  .range-error {
    margin: 0.25rem 0 0;
    color: var(--_danger);
    font-size: 0.875rem;
  }
  .range-error:empty,
  .round-note:empty {
    display: none;
  }
  .round-note {
    margin: 0.25rem 0 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .language-picker {
    display: grid;
    gap: 0.25rem;
    justify-items: start;
  }
  .language-select {
    min-height: 2.25rem;
    padding: 0.3rem 0.6rem;
    font: inherit;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 6px);
    background: var(--_surface);
    color: var(--_text);
  }
`;
