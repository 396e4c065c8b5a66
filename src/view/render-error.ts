import {html, nothing, type TemplateResult} from 'lit';
import type {FirstStrings} from '../i18n/strings.js';
import type {ErrorView} from './render-states.js';

/** A failure: blocking (nothing loaded) or a banner above a configuration that stays usable. */
export function renderError(
  error: ErrorView,
  blocking: boolean,
  s: FirstStrings,
  retry: () => void,
  dismiss?: () => void,
): TemplateResult {
  // A banner with nothing to send again offers to close it instead.
  const close = !blocking && !error.canRetry && dismiss;
  return html`<div class="notice danger ${blocking ? 'blocking card' : 'banner'}" part="error">
    <div>
      <p class="notice-title">${error.title}</p>
      <p>${error.message} ${error.reason}</p>
      ${error.note ? html`<p class="notice-note">${error.note}</p>` : nothing}
    </div>
    ${
      error.action !== undefined
        ? error.action
          ? html`<button
              type="button"
              class="button primary"
              part="button button-primary"
              data-action=${error.action.name}
              @click=${error.action.run}
            >
              ${error.action.label}
            </button>`
          : nothing
        : html`<button
            type="button"
            class="button secondary"
            part="button"
            data-action=${close ? 'dismiss' : 'retry'}
            @click=${close || retry}
          >
            ${close ? s.dismiss : s.retry}
          </button>`
    }
  </div>`;
}
