import {html, type TemplateResult} from 'lit';

/** The link-styled button at the top of the review and the quote form that goes one screen back. */
export function renderBackButton(label: string, back: () => void): TemplateResult {
  return html`<button
    type="button"
    class="button link"
    part="button"
    data-action="back"
    @click=${back}
  >
    ← ${label}
  </button>`;
}
