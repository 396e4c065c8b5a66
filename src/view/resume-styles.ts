import {css} from 'lit';

/** "Have a code?" (render-resume.ts): the code input beside its button, and its message. */
export const resumeStyles = css`
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
    font-size: 0.875rem;
    font-weight: 600;
  }
`;
