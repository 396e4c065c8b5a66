import {css} from 'lit';

/** The conflict dialog's styles: loaded with the dialog the first time a conflict needs it. */
export const conflictDialogStyles = css`
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
    font-size: 1.25rem;
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
    font-weight: 600;
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  .type-0 .conflict-icon {
    color: var(--_success);
  }
  .type-1 .conflict-icon {
    color: var(--_danger);
  }
  .conflict-text {
    flex: 1;
  }
  .conflict-effect {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    color: var(--_muted, inherit);
  }
  .conflict-total {
    font-weight: 600;
    margin-bottom: var(--_space);
  }
  .dialog-actions {
    display: flex;
    justify-content: flex-end;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;
