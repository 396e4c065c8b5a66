import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';

export interface HistoryState {
  canUndo: boolean;
  /** The shopper asked to start over and has not confirmed or cancelled yet. */
  confirming: boolean;
  /** Why the last undo took nothing back; '' when it did. */
  error: string;
}

export interface HistoryHandlers {
  undo(): void;
  askStartOver(): void;
  startOver(confirmed: boolean): void;
}

/** Undo and start over (with its confirmation in place, so no second modal is needed). */
export function renderHistory(
  state: HistoryState,
  s: Strings,
  on: HistoryHandlers,
): TemplateResult {
  return html`<div class="history">
    ${
      state.confirming
        ? html`<div class="confirm" role="group" aria-labelledby="start-over-q">
            <span id="start-over-q">${s.startOverConfirm}</span>
            <button
              type="button"
              class="button primary small"
              part="button button-primary"
              data-action="start-over-accept"
              @click=${() => on.startOver(true)}
            >
              ${s.startOver}
            </button>
            <button
              type="button"
              class="button secondary small"
              part="button"
              data-action="start-over-cancel"
              @click=${() => on.startOver(false)}
            >
              ${s.cancel}
            </button>
          </div>`
        : html`<button
              type="button"
              class="button secondary small"
              part="button"
              data-action="undo"
              aria-disabled=${state.canUndo ? 'false' : 'true'}
              @click=${() => state.canUndo && on.undo()}
            >
              ↶ ${s.undo}
            </button>
            <button
              type="button"
              class="button secondary small"
              part="button"
              data-action="start-over"
              @click=${() => on.askStartOver()}
            >
              ${s.startOver}
            </button>`
    }
    ${state.error ? html`<p class="field-error" data-error="undo">${state.error}</p>` : nothing}
  </div>`;
}
