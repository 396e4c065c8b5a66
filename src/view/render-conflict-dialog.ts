import {html, nothing, type TemplateResult} from 'lit';
import {formatNumber} from '../i18n/formatters.js';
import type {Strings} from '../i18n/strings.js';
import {ConflictType, type Conflict, type Requirement} from '../wire/index.js';
import {effectLabel, moneyLabel, roundMoney, type PriceBasis} from './price-effects.js';

export interface ConflictHandlers {
  resolveConflict(accept: boolean): void;
}

export interface ConflictView {
  requirement: Requirement;
  conflicts: readonly Conflict[];
}

/** The prices the dialog shows: the answer's, and the service's total after accepting. */
export interface ConflictPrices {
  basis: PriceBasis;
  /** The total after accepting in the mode on screen; null until the service has said. */
  totalAfter: number | null;
}

/** What one change does to the total on screen, from the service's change excl. VAT. */
export function conflictEffect(c: Conflict, basis: PriceBasis): number {
  const change = c.priceEffectExVAT;
  if (typeof change !== 'number' || !Number.isFinite(change)) return 0;
  return roundMoney(basis.inclVat ? change * basis.vat : change, basis.digits);
}

/**
 * The dialog's figures: each change's effect, the requested choice's own (what the total after
 * accepting leaves over) and the total after, as labels; '' where there is nothing to say.
 */
export function conflictFigures(conflicts: readonly Conflict[], prices: ConflictPrices | null) {
  if (!prices) return {lines: conflicts.map(() => ''), requested: '', total: ''};
  const {basis, totalAfter} = prices;
  const effects = conflicts.map((c) => conflictEffect(c, basis));
  const lines = effects.map((e) => effectLabel(basis, e));
  if (totalAfter === null) return {lines, requested: '', total: ''};
  const others = effects.reduce((sum, e) => sum + e, 0);
  const requested = roundMoney(totalAfter - basis.totalShown - others, basis.digits);
  return {
    lines,
    requested: effectLabel(basis, requested),
    total: moneyLabel(basis, totalAfter),
  };
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
  prices: ConflictPrices | null = null,
): TemplateResult {
  const name = conflict ? (names.get(conflict.requirement.featureModelNodeId) ?? '') : '';
  const figures = conflictFigures(conflict?.conflicts ?? [], prices);
  // One line of text, the requested choice's effect after it (no whitespace around it).
  const intro = conflict
    ? html`${conflictIntro(conflict.requirement, name, lang, s)}${
        figures.requested
          ? html` <span class="conflict-effect" data-effect="requested"
              >${s.conflictEffect(figures.requested)}</span
            >`
          : nothing
      }`
    : nothing;
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
            <p id="conflict-intro">${intro}</p>
            <ul class="conflict-list">
              ${conflict.conflicts.map(
                (c, i) =>
                  html`<li class="conflict-item type-${c.type}">
                    <span class="conflict-icon" aria-hidden="true"
                      >${['+', '−', '⇄', '±'][c.type] ?? '•'}</span
                    >
                    <span class="conflict-text">${describeConflict(c, s, lang)}</span>
                    ${
                      figures.lines[i]
                        ? html`<span class="conflict-effect" data-effect="change"
                            >${s.conflictEffect(figures.lines[i]!)}</span
                          >`
                        : nothing
                    }
                  </li>`,
              )}
            </ul>
            ${
              figures.total
                ? html`<p class="conflict-total" part="total" data-price="after-accepting">
                    ${s.totalAfterAccepting(figures.total)}
                  </p>`
                : nothing
            }
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
