import {css} from 'lit';

/**
 * Theming tiers: hosts set the public `--configurator-*` properties; everything below reads the
 * private `--_*` aliases so each default lives in one place.
 */
export const styles = css`
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
    --_ring: 0 0 0 3px color-mix(in srgb, var(--_accent) 35%, transparent);

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
  .main {
    display: grid;
    gap: var(--_space);
    min-width: 0;
  }
  .side {
    display: grid;
    gap: var(--_space);
  }
  @container (min-width: 760px) {
    .layout {
      grid-template-columns: minmax(0, 1fr) minmax(280px, 340px);
    }
    .side {
      position: sticky;
      top: var(--_sticky-top);
    }
  }

  .total-bar {
    position: sticky;
    bottom: 0;
    z-index: 2;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: var(--_space);
    padding: 0.75rem var(--_space);
    background: color-mix(in srgb, var(--_surface) 94%, transparent);
    backdrop-filter: blur(6px);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 -4px 20px rgb(16 24 40 / 10%);
  }
  .total-bar-label {
    display: block;
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .total-bar-value {
    font-size: 1.15rem;
    font-variant-numeric: tabular-nums;
  }
  @container (min-width: 760px) {
    .total-bar {
      display: none;
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
  .button:focus-visible {
    outline: none;
    box-shadow: var(--_ring);
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
  .button.ghost {
    background: transparent;
    color: var(--_accent);
    border-color: color-mix(in srgb, var(--_accent) 30%, transparent);
  }
  .button.link {
    background: none;
    border: none;
    min-height: 0;
    padding: 0.15rem 0;
    color: var(--_accent);
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  .button.small {
    min-height: 2.25rem;
    padding: 0.35rem 0.75rem;
    font-size: 0.875rem;
  }
  .button.block {
    width: 100%;
  }
  .button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }

  /* Product header */
  .product {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
  }
  .product-name {
    font-size: 1.6rem;
    line-height: 1.2;
    letter-spacing: -0.01em;
  }
  .product .description {
    color: var(--_muted);
    margin-top: 0.35rem;
  }

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
  .tab:focus-visible {
    outline: none;
    box-shadow: var(--_ring);
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

  .configure {
    display: grid;
    gap: calc(var(--_space) * 1.25);
  }
  @container (max-width: 559px) {
    .card {
      padding: var(--_space);
    }
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
    gap: calc(var(--_space) * 1.25);
  }
  .panel-header {
    display: grid;
    gap: 0.15rem;
  }
  .step-count,
  .eyebrow {
    color: var(--_muted);
    font-size: 0.78rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .step-title,
  .section-title {
    font-size: 1.35rem;
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

  /* Groups and options */
  .group {
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }
  .group + .group,
  .group + .field,
  .field + .group,
  .choice + .group {
    padding-top: calc(var(--_space) * 1.25);
    border-top: 1px solid var(--_border);
  }
  .group-header {
    display: flex;
    gap: 0.75rem;
    align-items: flex-start;
  }
  .group-image {
    width: 3rem;
    height: 3rem;
    object-fit: cover;
    border-radius: calc(var(--_radius) - 4px);
  }
  .group-title {
    font-size: 1.05rem;
    display: flex;
    gap: 0.5rem;
    align-items: center;
    flex-wrap: wrap;
  }
  .group-title:focus {
    outline: none;
  }
  .group-title:focus-visible {
    outline: 2px solid var(--_accent);
  }
  .description {
    color: var(--_muted);
    font-size: 0.925rem;
  }
  .description p + p {
    margin-top: 0.4rem;
  }
  .description a {
    color: var(--_accent);
  }
  .badge {
    font-size: 0.72rem;
    font-weight: 700;
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    letter-spacing: 0.02em;
  }
  .badge.required {
    color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 12%, var(--_surface));
  }
  .missing-note {
    color: var(--_warning);
    font-size: 0.875rem;
    font-weight: 600;
  }
  .choice {
    display: grid;
    gap: 0.5rem;
  }
  .options {
    display: grid;
    gap: 0.5rem;
  }
  .cards .options {
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 0.75rem;
  }
  .option {
    position: relative;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 2px);
    background: var(--_surface);
    transition:
      border-color 0.15s,
      background 0.15s,
      box-shadow 0.15s;
  }
  .option:hover:not(.disabled) {
    border-color: color-mix(in srgb, var(--_accent) 50%, var(--_border));
  }
  .option.selected {
    border-color: var(--_accent);
    background: var(--_tint);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }
  .option.disabled {
    background: var(--_background);
  }
  .option.disabled .option-name {
    color: var(--_muted);
  }
  .option:focus-within {
    box-shadow: var(--_ring);
  }
  .option-label {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.8rem 1rem;
    cursor: pointer;
    min-height: 3rem;
  }
  .option.disabled .option-label {
    cursor: not-allowed;
  }
  .option-label input {
    flex: none;
    width: 1.15rem;
    height: 1.15rem;
    margin: 0;
    accent-color: var(--_accent);
  }
  .option-label input:focus-visible {
    outline: none;
  }
  .option-text {
    flex: 1;
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
    align-items: baseline;
    flex-wrap: wrap;
  }
  .option-name {
    font-weight: 600;
  }
  .price {
    color: var(--_muted);
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .option.selected .price {
    color: var(--_accent);
    font-weight: 600;
  }
  .option > .description,
  .option > span > .disabled-reason {
    display: block;
    padding: 0 1rem 0.8rem 2.9rem;
    margin-top: -0.4rem;
  }
  .more-info {
    font-size: 0.875rem;
  }
  .more-info summary {
    cursor: pointer;
    color: var(--_accent);
    font-weight: 600;
    width: fit-content;
  }
  .more-info summary:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
    border-radius: 2px;
  }
  .more-info .description {
    margin-top: 0.35rem;
  }
  .more-info ul {
    margin: 0;
    padding-left: 1.2rem;
  }
  .option-more {
    padding: 0 1rem 0.8rem 2.9rem;
    margin-top: -0.3rem;
  }
  .disabled-reason {
    color: var(--_muted);
    font-size: 0.85rem;
    font-style: italic;
  }
  .cards .option {
    display: flex;
    flex-direction: column;
  }
  .cards .option-label {
    flex-direction: column;
    align-items: stretch;
    padding: 0.6rem;
    gap: 0.6rem;
  }
  .cards .option-label input {
    position: absolute;
    top: 1.1rem;
    left: 1.1rem;
    z-index: 1;
  }
  .cards .option-image {
    aspect-ratio: 4 / 3;
    width: 100%;
    object-fit: contain;
    border-radius: calc(var(--_radius) - 6px);
    background: var(--_background);
  }
  .cards .option-text {
    flex-direction: column;
    gap: 0.1rem;
    padding: 0 0.25rem;
  }
  .cards .option > .description,
  .cards .option > span > .disabled-reason {
    padding: 0 0.85rem 0.75rem;
    margin-top: -0.2rem;
    font-size: 0.85rem;
  }
  .chips .options {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .chips .option {
    border-radius: 999px;
  }
  .chips .option-label {
    min-height: 2.5rem;
    padding: 0.45rem 1rem 0.45rem 0.75rem;
    gap: 0.5rem;
  }
  .chips .option-text {
    gap: 0.5rem;
  }
  .chips .price {
    font-size: 0.8rem;
  }
  .sub-options {
    display: grid;
    gap: var(--_space);
    margin: 0.25rem 0 0.25rem 1rem;
    padding: var(--_space);
    border-left: 3px solid color-mix(in srgb, var(--_accent) 35%, var(--_border));
    background: var(--_background);
    border-radius: 0 calc(var(--_radius) - 4px) calc(var(--_radius) - 4px) 0;
  }
  .option > .sub-options {
    margin: 0 0.75rem 0.75rem;
  }

  /* Fields */
  .field {
    display: grid;
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
    border: 1px solid color-mix(in srgb, var(--_text) 25%, var(--_border));
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
    outline: none;
    border-color: var(--_accent);
    box-shadow: var(--_ring);
  }
  [aria-invalid='true'],
  .invalid input {
    border-color: var(--_danger);
  }
  .number-row {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
  .input-with-unit {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .input-with-unit input {
    width: 9rem;
  }
  .unit {
    color: var(--_muted);
  }
  input[type='range'] {
    flex: 1;
    min-width: 10rem;
    accent-color: var(--_accent);
    height: 2.75rem;
  }
  output {
    min-width: 5.5rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.85rem;
  }
  .figure {
    margin: 0;
  }
  .figure img {
    border-radius: calc(var(--_radius) - 4px);
  }

  /* Summary */
  .summary {
    display: grid;
    gap: var(--_space);
  }
  .product-image {
    aspect-ratio: 16 / 10;
    width: 100%;
    object-fit: contain;
    padding: 0.5rem;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--_background);
  }
  .summary-title {
    font-size: 1.2rem;
    margin-top: -0.5rem;
  }
  .prices {
    margin: 0;
    display: grid;
    gap: 0.4rem;
  }
  .price-row {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
  }
  .price-row dt {
    color: var(--_muted);
  }
  .price-row dd {
    margin: 0;
    white-space: nowrap;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .price-row.total {
    flex-wrap: wrap;
    padding-top: 0.6rem;
    margin-top: 0.2rem;
    border-top: 1px solid var(--_border);
    align-items: baseline;
  }
  .price-row.total dt {
    white-space: nowrap;
    color: var(--_text);
    font-weight: 700;
  }
  .price-row.total dd {
    margin-left: auto;
    font-size: 1.5rem;
    font-weight: 800;
    letter-spacing: -0.01em;
  }
  .vat-note {
    color: var(--_muted);
    font-weight: 400;
    font-size: 0.85rem;
  }
  .lease {
    color: var(--_muted);
    font-size: 0.9rem;
  }
  .switch {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    cursor: pointer;
    font-size: 0.925rem;
    position: relative;
  }
  .switch input {
    position: absolute;
    opacity: 0;
    width: 2.5rem;
    height: 1.4rem;
    margin: 0;
    cursor: pointer;
  }
  .switch-track {
    flex: none;
    position: relative;
    width: 2.5rem;
    height: 1.4rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_text) 22%, var(--_surface));
    transition: background 0.15s;
  }
  .switch-track::after {
    content: '';
    position: absolute;
    top: 0.2rem;
    left: 0.2rem;
    width: 1rem;
    height: 1rem;
    border-radius: 50%;
    background: white;
    box-shadow: 0 1px 2px rgb(0 0 0 / 25%);
    transition: transform 0.15s;
  }
  .switch input:checked + .switch-track {
    background: var(--_accent);
  }
  .switch input:checked + .switch-track::after {
    transform: translateX(1.1rem);
  }
  .switch input:focus-visible + .switch-track {
    box-shadow: var(--_ring);
  }
  .code-box {
    display: grid;
    gap: 0.35rem;
    padding-top: var(--_space);
    border-top: 1px dashed var(--_border);
  }
  .code-title {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .code-row {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    flex-wrap: wrap;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  .code {
    flex: 1;
    font-size: 1.05rem;
    font-weight: 700;
    letter-spacing: 0.12em;
    padding: 0.3rem 0.6rem;
    background: var(--_background);
    border-radius: calc(var(--_radius) - 6px);
    user-select: all;
  }
  .copy-status {
    font-size: 0.85rem;
    color: var(--_success);
    min-height: 1.2em;
  }

  /* Notices */
  .notice {
    border-radius: calc(var(--_radius) - 2px);
    padding: 0.85rem 1rem;
    border: 1px solid;
    display: grid;
    gap: 0.35rem;
  }
  .notice-title {
    font-weight: 700;
  }
  .notice-note {
    margin-top: 0.25rem;
    color: var(--_muted);
  }
  .notice ul {
    margin: 0.25rem 0 0;
    padding-left: 1.2rem;
  }
  .notice.warning {
    color: var(--_text);
    border-color: color-mix(in srgb, var(--_warning) 45%, var(--_surface));
    background: color-mix(in srgb, var(--_warning) 8%, var(--_surface));
  }
  .notice.danger {
    color: var(--_text);
    border-color: color-mix(in srgb, var(--_danger) 45%, var(--_surface));
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
  }
  .notice.banner,
  .notice.blocking {
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: var(--_space);
  }
  .notice.blocking {
    grid-column: 1 / -1;
    padding: calc(var(--_space) * 1.5);
  }
  .muted {
    color: var(--_muted);
    font-weight: 400;
  }

  /* Skeleton */
  .skeleton {
    grid-column: 1 / -1;
    display: grid;
    gap: calc(var(--_space) * 1.5);
    grid-template-columns: minmax(0, 1fr);
  }
  @container (min-width: 760px) {
    .skeleton {
      grid-template-columns: minmax(0, 1fr) minmax(280px, 340px);
    }
  }
  .skeleton-column {
    display: grid;
    gap: var(--_space);
    align-content: start;
  }
  .skeleton-product,
  .skeleton-main,
  .skeleton-side {
    display: grid;
    gap: 0.9rem;
    align-content: start;
  }
  .skeleton-product {
    gap: 0.5rem;
  }
  /* A steps card holds a handful of choices at least; reserve about that, not a strip. */
  .skeleton-main {
    min-height: 34rem;
  }
  .skeleton-side {
    min-height: 18rem;
  }
  .name-bone {
    height: 2rem;
    width: 40%;
  }
  .bone {
    border-radius: calc(var(--_radius) - 4px);
    background: linear-gradient(
      90deg,
      var(--_background) 0%,
      color-mix(in srgb, var(--_border) 70%, var(--_surface)) 50%,
      var(--_background) 100%
    );
    background-size: 200% 100%;
    animation: shimmer 1.4s linear infinite;
  }
  .tabs-bone {
    height: 3rem;
  }
  .title-bone {
    height: 1.6rem;
    width: 45%;
  }
  .line-bone {
    height: 1rem;
    width: 75%;
  }
  .option-bone {
    height: 3.2rem;
  }
  .button-bone {
    height: 2.75rem;
    margin-top: 1rem;
  }
  @keyframes shimmer {
    from {
      background-position: 200% 0;
    }
    to {
      background-position: -200% 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .bone,
    .progress.active::after {
      animation: none;
    }
  }

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

  /* Have a code? */
  .resume {
    display: grid;
    gap: 0.35rem;
  }
  .resume input {
    min-width: 0;
    flex: 1;
    text-transform: uppercase;
  }

  /* Undo and start over */
  .history {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.5rem;
    margin-bottom: 0.5rem;
  }
  .history .confirm {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .history [aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
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

  /* Conflict dialog */
  .dialog {
    width: min(32rem, calc(100vw - 2rem));
    border: 0;
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
    color: var(--_text);
    background: var(--_surface);
    font-family: var(--_font);
    box-shadow: 0 24px 64px rgb(16 24 40 / 28%);
  }
  .dialog::backdrop {
    background: rgb(16 24 40 / 45%);
    backdrop-filter: blur(2px);
  }
  .dialog-title {
    font-size: 1.2rem;
    margin-bottom: 0.5rem;
  }
  .conflict-list {
    list-style: none;
    padding: 0;
    margin: var(--_space) 0;
    display: grid;
    gap: 0.5rem;
  }
  .conflict-item {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    padding: 0.6rem 0.8rem;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--_background);
  }
  .conflict-icon {
    flex: none;
    display: grid;
    place-items: center;
    width: 1.75rem;
    height: 1.75rem;
    border-radius: 50%;
    font-weight: 800;
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  .type-0 .conflict-icon {
    color: var(--_success);
  }
  .type-1 .conflict-icon {
    color: var(--_danger);
  }
  .dialog-actions {
    display: flex;
    justify-content: flex-end;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;
