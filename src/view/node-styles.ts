import {css} from 'lit';

/**
 * The model's nodes (render-node.ts): groups, choices and their options (list, cards, chips),
 * sub-options, numeric and text features, images, descriptions. The fields' common look is in
 * field-styles.ts.
 */
export const nodeStyles = css`
  /* Groups and options */
  /* A large step: the browser lays out and paints only the groups near the viewport. Not the
     first screen's: a skipped group is first laid out at the guessed size, and the step would
     then shrink or grow under the shopper's eyes (a layout shift of the host page). */
  .panel > .group:nth-child(n + 10) {
    content-visibility: auto;
    contain-intrinsic-size: auto 16rem;
  }
  .group {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
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
    font-size: 1rem;
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
  /* Model text: a long word, listing or table wraps or scrolls inside, never widens the page. */
  .description {
    color: var(--_muted);
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  .description p + p {
    margin-top: 0.4rem;
  }
  .description table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
  }
  .description pre {
    white-space: pre-wrap;
  }
  .description img {
    max-width: 100%;
    height: auto;
  }
  /* Headings in a model text sit inside an option, below the headings of the widget. */
  .description :is(h1, h2, h3, h4, h5, h6) {
    font-size: 1em;
    margin: 0.5rem 0 0.25rem;
  }
  /* A link whose address the sanitiser dropped is text. */
  .description a[href] {
    color: var(--_accent);
  }
  .badge {
    font-size: 0.8rem;
    font-weight: 600;
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
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }
  .options {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }
  .cards .options {
    grid-template-columns: repeat(auto-fill, minmax(min(150px, 100%), 1fr));
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
  /* The whole option shows the keyboard's focus, which sits on its small radio or box. */
  .option:has(input:focus-visible) {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
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
  /* Names from the model break inside a long word rather than widen the page. */
  .option-name,
  .group-title,
  .field-label {
    overflow-wrap: anywhere;
  }
  .price {
    color: var(--_muted);
    font-size: 0.875rem;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  /* A figure on its way keeps its place (price effects, decision 103). */
  .price.pending {
    visibility: hidden;
  }
  .option.selected .price {
    color: var(--_accent);
    font-weight: 600;
  }
  .option > .description,
  .option > span > .disabled-reason {
    display: block;
    padding-block: 0 0.8rem;
    padding-inline: 2.9rem 1rem;
    margin-top: -0.4rem;
  }
  .more-info {
    font-size: 0.875rem;
  }
  .more-info summary {
    /* A target of at least 24 px in height (WCAG 2.5.8). */
    padding-block: 0.2rem;
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
    padding-inline-start: 1.2rem;
  }
  .option-more {
    padding-block: 0 0.8rem;
    padding-inline: 2.9rem 1rem;
    margin-top: -0.3rem;
  }
  .disabled-reason {
    color: var(--_muted);
    font-size: 0.875rem;
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
    inset-block-start: 1.1rem;
    inset-inline-start: 1.1rem;
    z-index: 1;
  }
  /* Without a picture (or one that failed), the radio sits beside the name, not on top of it. */
  .cards .option-label:not(:has(.option-image:not([hidden]))) {
    flex-direction: row;
    align-items: center;
  }
  .cards .option-label:not(:has(.option-image:not([hidden]))) input {
    position: static;
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
    font-size: 0.875rem;
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
    margin-block: 0.25rem;
    margin-inline: 1rem 0;
    padding: var(--_space);
    border-inline-start: 3px solid color-mix(in srgb, var(--_accent) 35%, var(--_border));
    background: var(--_background);
    border-start-end-radius: calc(var(--_radius) - 4px);
    border-end-end-radius: calc(var(--_radius) - 4px);
  }
  .option > .sub-options {
    margin: 0 0.75rem 0.75rem;
  }

  .number-row {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
  /* The field gives way to a narrow slot or large text rather than widen the element. */
  .input-with-unit {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-width: 0;
  }
  .input-with-unit input {
    width: 9rem;
    min-width: 0;
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
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .figure {
    margin: 0;
  }
  .figure img {
    border-radius: calc(var(--_radius) - 4px);
  }
`;
