import {css} from 'lit';

/** The steps' styles (render-steps.ts): the tab list, the step's heading and its navigation. */
export const stepsStyles = css`
  /* Steps as tabs */
  .tabs {
    display: flex;
    gap: 0.25rem;
    overflow-x: auto;
    padding: 0.25rem;
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    scrollbar-width: thin;
  }
  .tab {
    position: relative;
    flex: 1 0 auto;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 2.75rem;
    padding: 0.45rem 0.9rem;
    border: 0;
    border-radius: calc(var(--_radius) - 4px);
    background: transparent;
    color: var(--_muted);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
    white-space: nowrap;
  }
  .tab:hover {
    color: var(--_text);
  }
  .tab[aria-selected='true'] {
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 1px 3px rgb(16 24 40 / 10%);
  }
  /* Inside the ring: the tab list scrolls, and would cut off a ring drawn outside. */
  .tab:focus-visible {
    outline-offset: -3px;
  }
  .tab-index {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 1.6rem;
    height: 1.6rem;
    border-radius: 50%;
    font-size: 0.8rem;
    background: var(--_border);
    color: var(--_text);
  }
  .tab[aria-selected='true'] .tab-index {
    background: var(--_accent);
    color: var(--_accent-contrast);
  }
  .tab.complete:not([aria-selected='true']) .tab-index {
    background: color-mix(in srgb, var(--_success) 15%, var(--_surface));
    color: var(--_success);
  }

  @container (max-width: 559px) {
    .tab:not([aria-selected='true']) {
      flex: 0 0 auto;
      padding-inline: 0.5rem;
    }
    .tab[aria-selected='true'] {
      flex: 1 1 auto;
      min-width: 0;
    }
    .tab[aria-selected='true'] .tab-title {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .tab:not([aria-selected='true']) .tab-title {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }
  .tab-missing {
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: var(--_warning);
  }
  .panel {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) * 1.25);
  }
  .panel-header {
    display: grid;
    gap: 0.15rem;
  }
  .step-count {
    color: var(--_muted);
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .step-title {
    font-size: 1.25rem;
    line-height: 1.25;
  }
  .step-nav {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
    flex-wrap: wrap;
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }
`;
