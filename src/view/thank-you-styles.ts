import {css} from 'lit';

/** The thank-you's styles (render-thank-you.ts): shown once a quote has been requested. */
export const thankYouStyles = css`
  /* Thank you */
  .section-title {
    font-size: 1.25rem;
    line-height: 1.25;
  }
  .lead {
    color: var(--_muted);
  }
  .thanks {
    display: grid;
    gap: var(--_space);
    text-align: center;
    justify-items: center;
    padding-block: calc(var(--_space) * 3);
  }
  .thanks-icon {
    display: grid;
    place-items: center;
    width: 3.5rem;
    height: 3.5rem;
    border-radius: 50%;
    font-size: 1.5rem;
    font-weight: 600;
    color: var(--_success);
    background: color-mix(in srgb, var(--_success) 14%, var(--_surface));
  }
  .thanks h2:focus {
    outline: none;
  }
  .reference {
    display: grid;
    grid-template-columns: auto auto;
    gap: 0.35rem 1rem;
    margin: 0.5rem 0;
    padding: 0.9rem 1.2rem;
    background: var(--_background);
    border-radius: calc(var(--_radius) - 4px);
    text-align: start;
  }
  .reference dt {
    color: var(--_muted);
  }
  .reference dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  /* What people read out or type: never broken across lines ("Q-0000" / "09"). */
  .quotation-number,
  .reference code {
    white-space: nowrap;
  }
  .quotation-number {
    font-size: 1.25rem;
    letter-spacing: 0.02em;
  }
  /* On a phone each label sits above its value: a long one-word label ("Angebotsreferenz")
     beside the number would leave it too little room. */
  @container (max-width: 480px) {
    .reference {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.1rem;
      text-align: center;
    }
    .reference dd + dt {
      margin-top: 0.4rem;
    }
  }
`;
