import {css} from 'lit';
import {statesStyles} from '../view/states-styles.js';

/**
 * The element's own sheet: the host and the frame it renders before any view has loaded (custom
 * property defaults, the layout grid, cards, the progress bar, buttons) and the loading and
 * error states. Each lazily loaded view brings the styles of what it renders (see
 * `src/view/*-styles.ts`).
 *
 * Theming tiers: hosts set the public `--configurator-*` properties; everything below reads the
 * private `--_*` aliases so each default lives in one place.
 */
const hostStyles = css`
  :host {
    --_accent: var(--configurator-accent, #2f5bea);
    --_accent-contrast: var(--configurator-accent-contrast, #ffffff);
    --_text: var(--configurator-text, #1b1f27);
    --_muted: var(--configurator-muted, #596273);
    --_surface: var(--configurator-surface, #ffffff);
    --_background: var(--configurator-background, #f5f6f8);
    --_border: var(--configurator-border, #dfe3ea);
    --_danger: var(--configurator-danger, #b42318);
    --_success: var(--configurator-success, #157347);
    --_warning: var(--configurator-warning, #9a5b00);
    --_radius: var(--configurator-radius, 12px);
    --_space: var(--configurator-spacing, 1rem);
    --_font: var(--configurator-font, inherit);
    --_sticky-top: var(--configurator-sticky-top, 1rem);
    --_tint: color-mix(in srgb, var(--_accent) 8%, var(--_surface));

    display: block;
    container-type: inline-size;
    color: var(--_text);
    font-family: var(--_font);
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h2,
  h3,
  p {
    margin: 0;
  }
  /* One weight for all bold text and the page's one family (decision 110): each other weight or
     family is one more font for the first layout to look up. */
  :is(b, strong, th, h1, h2, h3, h4, h5, h6) {
    font-weight: 600;
  }
  :is(code, kbd, pre, samp) {
    font-family: inherit;
  }
  img {
    max-width: 100%;
    display: block;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  /* One focus ring for every control: an outline in the accent colour (3:1 against the surface
     with the default theme), which forced colours keep where they drop a box shadow. */
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }

  /* Layout: one column, two with a sticky summary once the element itself is wide enough. */
  .layout {
    position: relative;
    display: grid;
    gap: calc(var(--_space) * 1.5);
    grid-template-columns: minmax(0, 1fr);
    align-items: start;
  }
  .header {
    grid-column: 1 / -1;
  }
  @container (min-width: 760px) {
    .layout {
      grid-template-columns: minmax(0, 1fr) minmax(280px, 340px);
    }
  }

  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
    box-shadow:
      0 1px 2px rgb(16 24 40 / 4%),
      0 4px 16px rgb(16 24 40 / 4%);
  }

  /* Progress: a thin bar while a request is in flight; space is reserved so nothing moves. */
  .progress {
    grid-column: 1 / -1;
    height: 3px;
    border-radius: 3px;
    overflow: hidden;
    background: transparent;
  }
  .progress.active {
    background: color-mix(in srgb, var(--_accent) 15%, transparent);
  }
  .progress.active::after {
    content: '';
    display: block;
    height: 100%;
    width: 35%;
    background: var(--_accent);
    animation: slide 1.1s ease-in-out infinite;
  }
  @keyframes slide {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(300%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .progress.active::after {
      animation: none;
    }
  }

  /* Buttons */
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4em;
    min-height: 2.75rem;
    padding: 0.6rem 1.15rem;
    border-radius: calc(var(--_radius) - 4px);
    border: 1px solid transparent;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
    transition:
      background 0.15s,
      border-color 0.15s,
      box-shadow 0.15s;
  }
  .button.primary {
    background: var(--_accent);
    color: var(--_accent-contrast);
  }
  .button.primary:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 88%, black);
  }
  .button.secondary {
    background: var(--_surface);
    color: var(--_text);
    border-color: var(--_border);
  }
  .button.secondary:hover:not(:disabled) {
    border-color: var(--_accent);
    color: var(--_accent);
  }
  .button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const styles = css`
  ${hostStyles}
  ${statesStyles}
`;
