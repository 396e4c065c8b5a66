import {css} from 'lit';

/**
 * Price rows (the summary's, the review's, the total bar's VAT note) and the product's picture
 * box (the summary's, and the total bar's once the extras bring it): on the first screen, so
 * with the configure view, whichever of them comes first.
 */
export const priceStyles = css`
  .product-image {
    aspect-ratio: 16 / 10;
    width: 100%;
    object-fit: contain;
    padding: 0.5rem;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--_background);
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
    text-align: end;
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
    font-weight: 600;
  }
  .price-row.total dd {
    margin-inline-start: auto;
    font-size: 1.5rem;
    font-weight: 600;
    letter-spacing: -0.01em;
  }
  .vat-note {
    color: var(--_muted);
    font-weight: 400;
    font-size: 0.875rem;
  }
  .lease {
    color: var(--_muted);
    font-size: 0.875rem;
  }
`;
