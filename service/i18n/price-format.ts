import {localeOf, resolveLanguage} from './languages.js';

const formatters = new Map<string, Intl.NumberFormat>();
const labels = new Map<string, string>();
const maxLabels = 20_000;

/**
 * A price label for a language: `€42,750.00` (en), `€ 42.750,00` (nl), `42.750,00 €` (de).
 * ICU separates with no-break spaces; they become plain spaces so that labels compare
 * predictably in tests and in hosts' own templates (a host that must not wrap a label gives it
 * `white-space: nowrap`).
 */
export function formatPrice(amount: number, lang: string, currencyIso = 'eur', digits = 2): string {
  const language = resolveLanguage(lang);
  const key = `${language}:${currencyIso}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency: currencyIso.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
    layouts.set(key, learnLayout(formatter, digits));
  }
  const layout = layouts.get(key);
  if (layout) {
    const label = layout(amount);
    if (label !== undefined) return label;
  }
  // Intl formatting is the costliest part of rendering a configuration; most amounts repeat.
  const cacheKey = `${key}:${amount}`;
  let label = labels.get(cacheKey);
  if (label === undefined) {
    label = intlLabel(formatter, amount);
    if (labels.size >= maxLabels) labels.clear();
    labels.set(cacheKey, label);
  }
  return label;
}

const intlLabel = (formatter: Intl.NumberFormat, amount: number) =>
  formatter.format(amount).replace(/[\u00a0\u202f]/g, ' ');

/**
 * Per formatter: its label written from its layout (docs/decisions/0067), or null where the
 * layout could not be learnt. Totals differ on nearly every update, so a cache of labels misses
 * and every update paid several calls into ICU.
 */
const layouts = new Map<string, ((amount: number) => string | undefined) | null>();

/** Amounts checked against ICU before a layout is trusted: signs, groups, fractions, zero. */
const probes = [
  0, 0.01, 0.5, 1, 9.99, 12.3, 999.99, 1000, 1234.5, 9999.99, 10000, 99999.99, 100000, 123456.78,
  1000000, 1234567.89, 987654321.09, -0.01, -0.5, -1, -999.99, -1000, -1234.56, -1234567.89,
];

/**
 * What ICU writes around the digits of a positive and a negative amount (the currency, its
 * spacing, the sign), the group and decimal separators, learnt from one amount of each sign
 * and trusted only when it writes every probe exactly as ICU does. The layout writes amounts
 * with at most `digits` decimals below 10^15 (the amounts a price label gets, rounded to the
 * currency); any other amount is left to ICU (undefined).
 */
function learnLayout(
  formatter: Intl.NumberFormat,
  digits: number,
): ((amount: number) => string | undefined) | null {
  const factor = 10 ** digits;
  const shape = (amount: number) => {
    const parts = formatter.formatToParts(amount);
    const first = parts.findIndex((p) => p.type === 'integer');
    let last = -1;
    parts.forEach((p, i) => {
      if (p.type === 'integer' || p.type === 'fraction') last = i;
    });
    const text = (list: Intl.NumberFormatPart[]) =>
      list
        .map((p) => p.value)
        .join('')
        .replace(/[\u00a0\u202f]/g, ' ');
    return {
      before: text(parts.slice(0, first)),
      after: text(parts.slice(last + 1)),
      group: text(parts.filter((p) => p.type === 'group').slice(0, 1)),
      decimal: text(parts.filter((p) => p.type === 'decimal').slice(0, 1)),
    };
  };
  const positive = shape(1234567.5);
  const negative = shape(-1234567.5);
  if (positive.group === '' || (digits > 0 && positive.decimal === '')) return null;
  const write = (amount: number): string | undefined => {
    const scaled = Math.abs(amount) * factor;
    const whole = Math.round(scaled);
    // More decimals than the currency has, or too large to be exact: ICU rounds those.
    if (!(Math.abs(scaled - whole) < 1e-6) || whole >= 1e15) return undefined;
    const {before, after} = amount < 0 || Object.is(amount, -0) ? negative : positive;
    let integer = String(Math.floor(whole / factor));
    if (integer.length > 3) {
      let grouped = integer.slice(0, ((integer.length - 1) % 3) + 1);
      for (let i = grouped.length; i < integer.length; i += 3) {
        grouped += positive.group + integer.slice(i, i + 3);
      }
      integer = grouped;
    }
    const fraction =
      digits > 0 ? positive.decimal + String(whole % factor).padStart(digits, '0') : '';
    return before + integer + fraction + after;
  };
  for (const probe of probes) {
    const label = write(probe);
    // A probe with more decimals than the currency has is ICU's to write either way.
    if (label !== undefined && label !== intlLabel(formatter, probe)) return null;
  }
  return write;
}

/** Rounds half away from zero to the currency's decimals, immune to binary fractions (1.005). */
export function roundMoney(amount: number, digits = 2): number {
  const factor = 10 ** digits;
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-7)) / factor;
}
