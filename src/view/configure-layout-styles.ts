import {css} from 'lit';

/**
 * What the element renders around the configure view's parts once a configuration is shown:
 * the main and side columns, the product heading, the card holding the steps, the total kept in
 * view on narrow layouts, and tighter cards there.
 */
export const configureLayoutStyles = css`
  /* The two columns of the frame's grid: the product and the panel, the summary beside them. */
  /* One column that may be narrower than its longest word or widest control: in a 280 px slot
     the content wraps instead of widening the element. */
  .main {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
    min-width: 0;
  }
  .side {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
  }
  @container (min-width: 760px) {
    .side {
      position: sticky;
      top: var(--_sticky-top);
    }
  }
  /* Product header */
  .product {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
  }
  .product-name {
    font-size: 1.5rem;
    line-height: 1.2;
    letter-spacing: -0.01em;
  }
  .product .description {
    color: var(--_muted);
    margin-top: 0.35rem;
  }

  /* The total kept in view on narrow layouts */
  .total-bar {
    position: sticky;
    bottom: 0;
    z-index: 2;
    display: flex;
    flex-wrap: wrap;
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
  /* The configured picture kept in view beside the total; its place is held from the first
     render (an empty box until the extras bring the picture), so nothing moves when it comes. */
  .bar-picture {
    width: 3.5rem;
    height: 3.5rem;
    margin: -0.35rem 0;
    object-fit: contain;
    border-radius: calc(var(--_radius) - 6px);
    background: var(--_surface);
  }
  .total-bar-total {
    margin-inline-end: auto;
  }
  .total-bar-label {
    display: block;
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .total-bar-value {
    font-size: 1.25rem;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  @container (min-width: 760px) {
    .total-bar {
      display: none;
    }
  }
  .configure {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) * 1.25);
  }
  @container (max-width: 559px) {
    .card {
      padding: var(--_space);
    }
  }
`;
