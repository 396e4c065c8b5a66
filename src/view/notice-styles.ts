import {css} from 'lit';

/**
 * The error notices' styles: a failure that blocks (nothing loaded) and a banner over a
 * configuration that stays usable. They come with the notices' chunk (loaded with the first
 * failure, src/element/error-notices.ts) and with the quote screens, whose notices share them.
 */
export const noticeStyles = css`
  /* Notices */
  .notice {
    border-radius: calc(var(--_radius) - 2px);
    padding: 0.85rem 1rem;
    border: 1px solid;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.35rem;
  }
  .notice-title {
    font-weight: 600;
  }
  .notice-note {
    margin-top: 0.25rem;
    color: var(--_muted);
  }
  .notice.danger {
    color: var(--_text);
    border-color: color-mix(in srgb, var(--_danger) 45%, var(--_surface));
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
  }
  .notice.banner,
  .notice.blocking {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_space);
  }
  .notice.blocking {
    grid-column: 1 / -1;
    padding: calc(var(--_space) * 1.5);
  }
`;
