import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {renderHistory, type HistoryHandlers, type HistoryState} from './render-history.js';
import {renderResume} from './render-resume.js';
import {renderSteps, type StepHandlers} from './render-steps.js';
import {richText} from './sanitize.js';
import type {ConfigurationView, StepView} from './view-model.js';

/** What the configured product's layout holds besides its heading, each rendered by its own view. */
export interface ConfiguredSlots {
  /** An error with its retry, above the steps. */
  banner: unknown;
  /** The steps (`renderStepsPanel`) or a quote screen. */
  main: unknown;
  totalBar: unknown;
  summary: unknown;
  tools: unknown;
  languagePicker: unknown;
  /** Moves what takes focus out from under the narrow layout's total bar. */
  keepClear?: (event: FocusEvent) => void;
}

/**
 * The configured product: heading, error banner, steps or quote screens and the total bar, with
 * the summary, the shopper's tools and the language choice beside them. No header, aside or nav:
 * page landmarks are the host's, and a second widget on the page would repeat them
 * (docs/decisions/0056-no-page-landmarks-in-the-widget.md).
 */
export function renderConfiguredLayout(
  view: ConfigurationView,
  slots: ConfiguredSlots,
): TemplateResult {
  return html`<div class="main" @focusin=${slots.keepClear}>
      <div class="product" part="header">
        <div>
          <h2 class="product-name" part="product-name">${view.product.name}</h2>
          ${
            view.product.descriptionHtml
              ? html`<div class="description">${richText(view.product.descriptionHtml)}</div>`
              : nothing
          }
        </div>
      </div>
      ${slots.banner} ${slots.main} ${slots.totalBar}
    </div>
    <div class="side">${slots.summary} ${slots.tools} ${slots.languagePicker}</div>`;
}

/** The steps in their panel. */
export function renderStepsPanel(
  steps: readonly StepView[],
  activeId: string,
  s: Strings,
  on: StepHandlers,
): TemplateResult {
  return html`<div class="card configure" part="panel">
    ${renderSteps(steps, activeId, s, on)}
  </div>`;
}

export interface ToolsHandlers extends HistoryHandlers {
  resume(code: string): void;
}

/** "Have a code?", then undo and start over (the configure screen's summary column). */
export function renderTools(
  state: HistoryState & {resumeError: string},
  s: Strings,
  on: ToolsHandlers,
): TemplateResult {
  return html`${renderResume(state.resumeError, s, on.resume)} ${renderHistory(state, s, on)}`;
}
