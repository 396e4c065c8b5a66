import {css} from 'lit';

/**
 * The configure view's styles (steps, options, fields, summary): they come with its chunk,
 * which loads while the first configuration is requested.
 */
export const configureViewStyles = css`
  /* The total kept in view on narrow layouts */
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
  /* A large step: the browser lays out and paints only the groups near the viewport. */
  .panel > .group {
    content-visibility: auto;
    contain-intrinsic-size: auto 16rem;
  }
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
  .resume .field-error {
    color: var(--_danger);
    font-size: 0.85rem;
    font-weight: 600;
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
`;
