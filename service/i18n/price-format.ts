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
  }
  // Intl formatting is the costliest part of rendering a configuration; most amounts repeat.
  const cacheKey = `${key}:${amount}`;
  let label = labels.get(cacheKey);
  if (label === undefined) {
    label = formatter.format(amount).replace(/[\u00a0\u202f]/g, ' ');
    if (labels.size >= maxLabels) labels.clear();
    labels.set(cacheKey, label);
  }
  return label;
}

/** Rounds half away from zero to the currency's decimals, immune to binary fractions (1.005). */
export function roundMoney(amount: number, digits = 2): number {
  const factor = 10 ** digits;
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-7)) / factor;
}
