import {html, nothing, type TemplateResult} from 'lit';
import {formatNumber} from '../i18n/formatters.js';
import type {Strings} from '../i18n/strings.js';
import {ConflictType, type Conflict, type Requirement} from '../wire/index.js';

export interface ConflictHandlers {
  resolveConflict(accept: boolean): void;
}

export interface ConflictView {
  requirement: Requirement;
  conflicts: readonly Conflict[];
}

/** One consequence of accepting, in the shopper's language. */
export function describeConflict(c: Conflict, s: Strings, lang: string): string {
  const path = (c.featurePath?.length ? c.featurePath : [c.feature?.name ?? '']).join(' › ');
  switch (c.type) {
    case ConflictType.add:
      return s.conflictAdd(path);
    case ConflictType.remove:
      return s.conflictRemove(path);
    case ConflictType.alternative: {
      const to = (c.alternativeOptions ?? []).map((o) => o.name).join(' / ');
      // The path may end in the option being switched away from; name the group instead.
      const names = c.featurePath ?? [];
      const group =
        names.length > 1 && names[names.length - 1] === c.feature?.name
          ? names.slice(0, -1).join(' › ')
          : path;
      return to ? s.conflictSwitch(group, to) : s.conflictRemove(path);
    }
    case ConflictType.value:
      return s.conflictValue(
        path,
        formatNumber(c.actualValue, lang),
        formatNumber(c.requestedValue, lang),
      );
    default:
      return path;
  }
}

/** What the shopper asked for, as the dialog's first line: a choice, a number or a removal. */
function conflictIntro(requirement: Requirement, name: string, lang: string, s: Strings): string {
  if (!requirement.isSelection) {
    return s.conflictIntroValue(name, formatNumber(requirement.value, lang));
  }
  return requirement.value === 0 ? s.conflictIntroRemove(name) : s.conflictIntro(name);
}

/** Keeps Tab and Shift+Tab cycling through the dialog's buttons instead of leaving it. */
function trapFocus(e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const dialog = e.currentTarget as HTMLDialogElement;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>('button:not(:disabled)'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const current = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  if (e.shiftKey && current === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && current === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The conflict dialog's contents. The `<dialog>` is always rendered; the element opens it with
 * `showModal()` (focus trap, Escape) while a conflict waits.
 */
export function renderConflictDialog(
  conflict: ConflictView | null,
  names: ReadonlyMap<string, string>,
  lang: string,
  s: Strings,
  on: ConflictHandlers,
): TemplateResult {
  const name = conflict ? (names.get(conflict.requirement.featureModelNodeId) ?? '') : '';
  return html`<dialog
    class="dialog"
    part="dialog"
    aria-labelledby="conflict-title"
    aria-describedby="conflict-intro"
    @keydown=${trapFocus}
    @cancel=${(e: Event) => {
      // Escape means "keep my configuration"; the element closes the dialog on re-render.
      e.preventDefault();
      if (conflict) on.resolveConflict(false);
    }}
  >
    ${
      conflict
        ? html`<h2 id="conflict-title" class="dialog-title">${s.conflictTitle}</h2>
            <p id="conflict-intro">${conflictIntro(conflict.requirement, name, lang, s)}</p>
            <ul class="conflict-list">
              ${conflict.conflicts.map(
                (c) =>
                  html`<li class="conflict-item type-${c.type}">
                    <span class="conflict-icon" aria-hidden="true"
                      >${['+', '−', '⇄', '±'][c.type] ?? '•'}</span
                    >
                    <span>${describeConflict(c, s, lang)}</span>
                  </li>`,
              )}
            </ul>
            <div class="dialog-actions">
              <button
                type="button"
                class="button secondary"
                part="button"
                data-action="cancel"
                autofocus
                @click=${() => on.resolveConflict(false)}
              >
                ${s.cancel}
              </button>
              <button
                type="button"
                class="button primary"
                part="button button-primary"
                data-action="accept"
                @click=${() => on.resolveConflict(true)}
              >
                ${s.accept}
              </button>
            </div>`
        : nothing
    }
  </dialog>`;
}
