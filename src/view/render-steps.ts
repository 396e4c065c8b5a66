import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import {renderNodes} from './render-node.js';
import type {ViewHandlers} from './view-handlers.js';
import type {NodeView, StepView} from './view-model.js';

export interface StepHandlers extends ViewHandlers {
  /**
   * Shows a step. `focus` moves focus to its tab (keyboard navigation in the tab list) or to its
   * title (the previous and next buttons, whose own place is gone: the shopper, and a screen
   * reader, continue at the top of the new step); `false` leaves it (a tab clicked).
   */
  goToStep(stepId: string, focus: StepFocus): void;
  /** Leaves the steps for the quote form. */
  review(): void;
}

/** Where focus goes when a step is shown: its tab, its title, or nowhere new. */
export type StepFocus = 'tab' | 'title' | false;

export const tabId = (stepId: string) => `tab-${stepId}`;
export const panelId = (stepId: string) => `panel-${stepId}`;

/**
 * How many of a step's nodes, from its first, the first screen draws in its first pass: nodes
 * in order until they hold `items` options and fields (at least one node). The rest follows a
 * frame later, so that neither pass is one long task for the page
 * (docs/decisions/0107-the-first-step-in-parts.md).
 */
export function firstPart(nodes: readonly NodeView[], items = 4): number {
  let held = 0;
  let count = 0;
  while (count < nodes.length && (count === 0 || held < items)) {
    // Without recursion: a deep model cannot exhaust the stack.
    const pending: NodeView[] = [nodes[count++]!];
    for (let node = pending.pop(); node; node = pending.pop()) {
      held++;
      if (node.kind === 'group') pending.push(...node.children);
      if (node.kind === 'choice') held += node.options.length;
    }
  }
  return count;
}

/**
 * Steps as an ARIA tab list (arrow keys, Home, End) with a panel and previous/next buttons.
 * `part`: only the active step's first nodes, that many, and no buttons below them yet (the
 * first screen's first pass: nothing drawn then moves when the rest comes).
 */
export function renderSteps(
  steps: readonly StepView[],
  activeId: string,
  s: Strings,
  on: StepHandlers,
  part?: number,
): TemplateResult {
  const index = Math.max(
    0,
    steps.findIndex((st) => st.id === activeId),
  );
  const active = steps[index];
  if (!active) return html``;

  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: steps.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = steps[(target + steps.length) % steps.length];
    if (next) on.goToStep(next.id, 'tab');
  };

  const tabs =
    steps.length > 1
      ? html`<div
          class="tabs"
          part="steps"
          role="tablist"
          aria-label=${s.stepsLabel}
          @keydown=${onKey}
        >
          ${steps.map(
            (st, i) =>
              html`<button
                type="button"
                role="tab"
                id=${tabId(st.id)}
                class="tab${i < index && st.missing === 0 ? ' complete' : ''}"
                part=${i === index ? 'step-tab step-tab-selected' : 'step-tab'}
                aria-selected=${i === index ? 'true' : 'false'}
                aria-controls=${panelId(st.id)}
                tabindex=${i === index ? '0' : '-1'}
                @click=${() => on.goToStep(st.id, false)}
              >
                <span class="tab-index" aria-hidden="true"
                  >${i < index && st.missing === 0 ? '✓' : i + 1}</span
                >
                <span class="tab-title">${st.title}</span>
                ${
                  st.missing > 0
                    ? html`<span class="tab-missing" title=${s.stepIncomplete}
                        ><span class="sr-only">(${s.stepIncomplete})</span></span
                      >`
                    : nothing
                }
              </button>`,
          )}
        </div>`
      : nothing;

  const prev = steps[index - 1];
  const next = steps[index + 1];
  return html`${tabs}
    <div
      class="panel"
      role=${steps.length > 1 ? 'tabpanel' : 'region'}
      id=${panelId(active.id)}
      aria-labelledby=${steps.length > 1 ? tabId(active.id) : `${active.id}-title`}
    >
      <div class="panel-header">
        <p class="step-count">${s.stepOf(index + 1, steps.length)}</p>
        <h2 class="step-title" id="${active.id}-title" tabindex="-1">${active.title}</h2>
      </div>
      ${renderNodes(part === undefined ? active.nodes : active.nodes.slice(0, part), s, on)}
    </div>
    ${part === undefined ? stepNav(prev, next, s, on) : nothing}`;
}

function stepNav(
  prev: StepView | undefined,
  next: StepView | undefined,
  s: Strings,
  on: StepHandlers,
): TemplateResult {
  return html`<div class="step-nav" role="group" aria-label=${s.stepsLabel}>
    ${
      prev
        ? html`<button
            type="button"
            class="button secondary"
            part="button"
            data-action="previous"
            @click=${() => on.goToStep(prev.id, 'title')}
          >
            ← ${s.previous}
          </button>`
        : html`<span></span>`
    }
    ${
      next
        ? html`<button
            type="button"
            class="button primary"
            part="button button-primary"
            data-action="next"
            @click=${() => on.goToStep(next.id, 'title')}
          >
            ${s.nextStep(next.title)} →
          </button>`
        : html`<button
            type="button"
            class="button primary"
            part="button button-primary"
            data-action="review"
            @click=${() => on.review()}
          >
            ${s.review} →
          </button>`
    }
  </div>`;
}
