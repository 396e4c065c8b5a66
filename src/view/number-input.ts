// What a number field does with what the shopper types: out of the range it is kept and
// explained; off the step it is sent and the rounding the service will do is said beside it.
import {formatNumber} from '../i18n/formatters.js';
import type {Strings} from '../i18n/strings.js';
import type {ViewHandlers} from './view-handlers.js';
import type {NumberView} from './view-model.js';

const number = (value: number, s: Strings) => formatNumber(value, s.locale);

/**
 * Spinner clicks fire `change` each time, so only leaving the field (or Enter) sends at once.
 * A number outside the range is not sent (the service would answer with a conflict to accept):
 * it stays in the field, and leaving the field or Enter says what is allowed, beside it.
 */
export function numberInput(n: NumberView, e: Event, on: ViewHandlers, s: Strings) {
  const input = e.target as HTMLInputElement;
  const value = input.valueAsNumber;
  // A field left empty (or not a number) has no value to send: it shows the value the price
  // stands on again, instead of a blank beside a price that did not change.
  if (e.type === 'change' && !Number.isFinite(value)) input.value = String(n.value);
  const below = n.min !== null && value < n.min;
  const outside = below || (n.max !== null && value > n.max);
  const field = input.closest('[data-node]');
  const note = field?.querySelector('.range-error');
  if (outside && e.type === 'change' && note) {
    input.setAttribute('aria-invalid', 'true');
    const bound = below ? s.minimumIs(number(n.min!, s)) : s.maximumIs(number(n.max!, s));
    const range = s.minMax(number(n.min ?? value, s), number(n.max ?? value, s));
    note.textContent = `${s.outOfRange} ${bound} · ${range}`;
  } else if (!outside && note?.textContent) {
    input.setAttribute('aria-invalid', String(n.missing));
    note.textContent = '';
  }
  const rounded = field?.querySelector('.round-note');
  if (rounded && Number.isFinite(value) && !outside) {
    // The service rounds to the step silently (145 becomes 150): the field says so once the
    // shopper commits the number, and forgets it for a number on the step.
    const stepped = onStep(n, value);
    if (stepped !== value && e.type === 'change') {
      rounded.textContent = s.roundedTo(number(stepped, s), number(n.step!, s));
    } else if (stepped === value) rounded.textContent = '';
  }
  if (!outside && Number.isFinite(value)) on.setValue(n.id, value);
}

/** The number the service makes of `value`: the nearest step counted from the minimum. */
function onStep(n: NumberView, value: number): number {
  if (!n.step || n.step <= 0) return value;
  const min = n.min ?? 0;
  return Number((min + Math.round((value - min) / n.step) * n.step).toFixed(10));
}
