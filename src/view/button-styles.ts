import {css} from 'lit';

/**
 * The button variants the views share (ghost, link, small, full width). The base button and
 * its primary and secondary looks are in the element's sheet: the error states use them before
 * any view has loaded.
 */
export const buttonStyles = css`
  .button.ghost {
    background: transparent;
    color: var(--_accent);
    border-color: color-mix(in srgb, var(--_accent) 30%, transparent);
  }
  /* A link-like button in a list (the form's missing answers) wraps like the text it is. */
  .button.link {
    flex-wrap: wrap;
    justify-content: start;
    max-width: 100%;
    text-align: start;
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
`;
