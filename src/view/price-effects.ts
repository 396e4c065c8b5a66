// What a change would do to the total on screen, worked out from what the service's answer
// carries: every node's unit price, the totals and the VAT rate (docs/decisions/0098).
import type {Configuration, FeatureNode} from '../wire/index.js';

/** The answer's prices, read once per answer and VAT mode. */
export interface PriceBasis {
  inclVat: boolean;
  /** The answer's options total excl. VAT, and its base and total in the mode on screen. */
  additionalExVat: number;
  baseShown: number;
  totalShown: number;
  /** 1 plus the VAT rate. */
  vat: number;
  digits: number;
  format: Intl.NumberFormat;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A formatter of money in the answer's language and currency, as the service writes labels. */
function moneyFormat(lang: string, iso: string, digits: number): Intl.NumberFormat {
  const key = `${lang}:${iso}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(lang || 'en', {
        style: 'currency',
        currency: iso.toUpperCase(),
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // A currency code the platform does not know: the amount without a symbol.
      format = new Intl.NumberFormat(lang || 'en', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    }
    formats.set(key, format);
  }
  return format;
}

/** Rounds half away from zero to the currency's decimals, as the service rounds totals. */
export function roundMoney(amount: number, digits: number): number {
  const factor = 10 ** digits;
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-7)) / factor;
}

/**
 * The VAT factor: the reference service says its rate (`vatRate`); for a service that does not,
 * it follows from the totals (or the base) both ways, which the service rounded.
 */
function vatFactor(c: Configuration): number {
  if (typeof c.vatRate === 'number' && Number.isFinite(c.vatRate)) return 1 + c.vatRate;
  const [inc, ex] =
    c.totalPriceExVAT > 0
      ? [c.totalPriceIncVAT, c.totalPriceExVAT]
      : [c.basePriceIncVAT, c.basePriceExVAT];
  return ex > 0 ? Math.round((inc / ex) * 1e4) / 1e4 : 1;
}

export function priceBasis(c: Configuration, inclVat: boolean): PriceBasis {
  const digits = c.currency?.decimalDigits ?? 2;
  return {
    inclVat,
    additionalExVat: c.additionalPriceExVAT,
    baseShown: inclVat ? c.basePriceIncVAT : c.basePriceExVAT,
    totalShown: inclVat ? c.totalPriceIncVAT : c.totalPriceExVAT,
    vat: vatFactor(c),
    digits,
    format: moneyFormat(c.languageIso, c.currencyIso || c.currency?.iso || 'eur', digits),
  };
}

/** Labels by formatter and amount: most effects repeat from one answer to the next. */
const labels = new WeakMap<Intl.NumberFormat, Map<number, string>>();

/** An amount as a price label (no-break spaces made plain, as the service's labels are). */
export function moneyLabel(basis: PriceBasis, amount: number): string {
  let known = labels.get(basis.format);
  if (!known) labels.set(basis.format, (known = new Map()));
  let label = known.get(amount);
  if (label === undefined) {
    label = basis.format.format(amount).replace(/[\u00a0\u202f]/g, ' ');
    // Bounded: a long session on a large model meets many amounts.
    if (known.size >= 2000) known.clear();
    known.set(amount, label);
  }
  return label;
}

/**
 * The total on screen after the options' sum (excl. VAT) changes by `delta`: the service adds
 * the rounded options to the base, and takes VAT of the rounded options.
 */
export function totalAfter(basis: PriceBasis, delta: number): number {
  const additional = roundMoney(basis.additionalExVat + delta, basis.digits);
  const shown = basis.inclVat ? roundMoney(additional * basis.vat, basis.digits) : additional;
  return roundMoney(basis.baseShown + shown, basis.digits);
}

/** What a change of the options' sum by `delta` (excl. VAT) does to the total on screen. */
export function effectOnTotal(basis: PriceBasis, delta: number): number {
  if (delta === 0) return 0;
  return roundMoney(totalAfter(basis, delta) - basis.totalShown, basis.digits);
}

/** "+ €120.00", "− €35.00", or '' for no change. */
export function effectLabel(basis: PriceBasis, effect: number): string {
  if (effect === 0) return '';
  return `${effect > 0 ? '+' : '−'} ${moneyLabel(basis, Math.abs(effect))}`;
}

/** A number's price per unit in the mode on screen, signed: "+ €1.82". '' when free. */
export function unitEffectLabel(basis: PriceBasis, node: FeatureNode): string {
  if (node.price === 0) return '';
  const unit = basis.inclVat ? roundMoney(node.price * basis.vat, basis.digits) : node.price;
  return `${node.price > 0 ? '+' : '−'} ${moneyLabel(basis, Math.abs(unit))}`;
}

/** What a node adds to the options' sum excl. VAT at `value` (a number counts per unit). */
export function nodeAmount(node: FeatureNode, value: number, numeric: boolean): number {
  if (value === 0 || node.price === 0) return 0;
  return numeric ? node.price * value : node.price;
}
