import {css} from 'lit';

/** Undo and start over (render-history.ts), with the start-over question in place. */
export const historyStyles = css`
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
  /* Why an undo took nothing back, on a line of its own below the buttons. */
  .history .field-error {
    flex-basis: 100%;
    margin: 0;
    text-align: end;
    color: var(--_danger);
    font-size: 0.875rem;
    font-weight: 600;
  }
  .history [aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
