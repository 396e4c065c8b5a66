import {css} from 'lit';

/**
 * The summary column (render-summary.ts): its card and heading, the VAT switch and the session
 * code. Price rows are the configure view's (price-styles.ts).
 */
export const summaryStyles = css`
  .eyebrow {
    color: var(--_muted);
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  /* Summary */
  .summary {
    display: grid;
    gap: var(--_space);
  }
  .summary-title {
    font-size: 1.25rem;
    margin-top: -0.5rem;
  }
  /* The whole line is the switch's target, at least 24 px high (WCAG 2.5.8). */
  .switch {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    min-height: 2rem;
    cursor: pointer;
    font-size: 0.875rem;
    position: relative;
  }
  .switch input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    cursor: pointer;
  }
  .switch-track {
    flex: none;
    position: relative;
    width: 2.5rem;
    height: 1.4rem;
    border-radius: 999px;
    /* Off, the track still stands out from the surface by 3:1 (WCAG 1.4.11). */
    background: color-mix(in srgb, var(--_text) 55%, var(--_surface));
    transition: background 0.15s;
  }
  /* The knob moves along the line's direction: to the left in a right-to-left page. */
  .switch-track::after {
    content: '';
    position: absolute;
    inset-block-start: 0.2rem;
    inset-inline-start: 0.2rem;
    width: 1rem;
    height: 1rem;
    border-radius: 50%;
    background: var(--_surface);
    box-shadow: 0 1px 2px rgb(0 0 0 / 25%);
    transition: inset-inline-start 0.15s;
  }
  .switch input:checked + .switch-track {
    background: var(--_accent);
  }
  .switch input:checked + .switch-track::after {
    inset-inline-start: 1.3rem;
    background: var(--_accent-contrast);
  }
  .switch input:focus-visible + .switch-track {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .code-box {
    display: grid;
    gap: 0.35rem;
    padding-top: var(--_space);
    border-top: 1px dashed var(--_border);
  }
  .code-title {
    font-weight: 600;
    font-size: 0.875rem;
  }
  .code-row {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    flex-wrap: wrap;
  }
  /* The page's font, its figures of one width and its zero slashed: no monospace family of its
     own, which costs the first layout a font lookup for each name the stack tries (decision 110). */
  code {
    font-family: inherit;
    font-variant-numeric: tabular-nums slashed-zero;
  }
  .code {
    flex: 1;
    font-size: 1rem;
    font-weight: 600;
    letter-spacing: 0.12em;
    padding: 0.3rem 0.6rem;
    background: var(--_background);
    border-radius: calc(var(--_radius) - 6px);
    user-select: all;
  }
  .copy-status {
    font-size: 0.875rem;
    color: var(--_success);
    min-height: 1.2em;
  }
`;
