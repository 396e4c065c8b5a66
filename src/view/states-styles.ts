import {css} from 'lit';

/**
 * The loading skeleton's styles. It is rendered before any view has loaded, so they come with
 * the element's own sheet (see product-configurator-styles.ts); the error notices' come with
 * their chunk (notice-styles.ts).
 */
export const statesStyles = css`
  /* A failure said in a line where its notice's chunk could not load (offline) */
  .failure {
    grid-column: 1 / -1;
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
    .bone {
      animation: none;
    }
  }
`;
