// The fields of an answer beside the feature model and its values: prices and their labels,
// lease prices, unanswered mandatory features and localised conflicts. Full and compressed
// answers both carry them whole.
import type {Conflict, LeasePrice, LeasePriceLabel} from '../../src/wire/index.js';
import {formatPrice, roundMoney, type Language} from '../i18n/index.js';
import {additionalPrice} from './additional-price.js';
import {requirementIndexes} from './state-memos.js';
import {featurePath} from './describe-conflicts.js';
import type {CompiledModel} from './compiled-model.js';
import {localise} from './localise.js';
import type {SessionState} from './session-state.js';

/** What of the render's options the head fields need. */
export interface HeadOptions {
  id: string;
  code: string;
  conflicts: Conflict[] | null;
}

/**
 * Everything of an answer but the feature model, `values` and `textValues`; `from`, the state
 * an update started from, if any.
 */
export function headFields(
  model: CompiledModel,
  state: SessionState,
  options: HeadOptions,
  lang: Language,
  from?: SessionState,
) {
  const digits = model.currency.decimalDigits;
  const iso = model.currency.iso;
  const label = priceLabels(model, lang);
  const {base, baseInc, extra, extraInc, total, totalInc} = priceTotals(model, state, from);
  const baseLabel = label(base);
  const extraLabel = label(extra);
  const totalLabel = label(total);

  let leasePrices: LeasePrice[] | null = null;
  let leasePricesLabels: LeasePriceLabel[] | null = null;
  if (model.lease) {
    leasePrices = model.lease.map((term) => ({
      months: term.months,
      monthlyPriceExVAT: roundMoney(total * term.rate, digits),
      monthlyPriceIncVAT: roundMoney(totalInc * term.rate, digits),
    }));
    leasePricesLabels = leasePrices.map((p) => ({
      months: p.months,
      monthlyPriceExVATLabel: label(p.monthlyPriceExVAT),
      monthlyPriceIncVATLabel: label(p.monthlyPriceIncVAT),
    }));
  }
  return {
    id: options.id,
    code: options.code,
    currencyIso: iso,
    currency: model.currency,
    languageIso: lang,
    countryIso: model.countryIso,
    featureModelId: model.id,
    rest: {
      conflicts: options.conflicts && localiseConflicts(model, options.conflicts, lang),
      unansweredMandatories: unansweredMandatories(model, state),
      basePrice: base,
      basePriceIncVAT: baseInc,
      basePriceExVAT: base,
      additionalPrice: extra,
      additionalPriceIncVAT: extraInc,
      additionalPriceExVAT: extra,
      totalPrice: total,
      totalPriceIncVAT: totalInc,
      totalPriceExVAT: total,
      basePriceLabel: baseLabel,
      basePriceIncVATLabel: label(baseInc),
      basePriceExVATLabel: baseLabel,
      additionalPriceLabel: extraLabel,
      additionalPriceIncVATLabel: label(extraInc),
      additionalPriceExVATLabel: extraLabel,
      totalPriceLabel: totalLabel,
      totalPriceIncVATLabel: label(totalInc),
      totalPriceExVATLabel: totalLabel,
      leasePrices,
      leasePricesLabels,
      // An addition to the seed's answer: the languages the model has texts for, so a client
      // offers only those (a language outside them falls back to English).
      languages: model.languages as string[],
      // Another: the VAT rate, so a client shows what a choice does to the total incl. VAT.
      vatRate: model.vatRate,
    },
  };
}

/**
 * The base, options and total of a state, excl. and incl. VAT, rounded to the currency as the
 * answer carries them: VAT is taken of the rounded base and options. `from`, a state whose
 * block sums are known, saves summing what did not change.
 */
export function priceTotals(model: CompiledModel, state: SessionState, from?: SessionState) {
  const vat = 1 + model.vatRate;
  const digits = model.currency.decimalDigits;
  const base = roundMoney(model.nodes[0]!.price, digits);
  const baseInc = roundMoney(base * vat, digits);
  const extra = roundMoney(additionalPrice(model, state, from), digits);
  const extraInc = roundMoney(extra * vat, digits);
  const total = roundMoney(base + extra, digits);
  const totalInc = roundMoney(baseInc + extraInc, digits);
  return {base, baseInc, extra, extraInc, total, totalInc};
}

/**
 * Price labels in the answer's language. Not cached per amount: totals differ on nearly every
 * update, so such a cache mostly missed, and each new entry lived until the cache was cleared,
 * surviving every young-generation collection on the way (docs/decisions/0068). `formatPrice`
 * writes a label from a layout learnt from ICU, and caches what it asks ICU itself.
 */
function priceLabels(model: CompiledModel, lang: Language): (amount: number) => string {
  const {iso, decimalDigits} = model.currency;
  return (amount) => formatPrice(amount, lang, iso, decimalDigits);
}

/** Mandatory nodes in force (their parent is on) that the shopper has not answered yet. */
export function unansweredMandatories(model: CompiledModel, state: SessionState): string[] {
  if (model.mandatoryNodes.length === 0) return [];
  // A typed array, not a Set: sessions with hundreds of requirements pay this per answer.
  const answered = new Uint8Array(model.nodes.length);
  for (const index of requirementIndexes(model, state.requirements)) {
    let i = index;
    while (i > 0 && answered[i] === 0) {
      answered[i] = 1;
      i = model.nodes[i]!.parent;
    }
  }
  const open: string[] = [];
  for (const index of model.mandatoryNodes) {
    const node = model.nodes[index]!;
    if (node.parent >= 0 && state.on.charCodeAt(node.parent) !== 49) continue;
    const done = node.isText ? Boolean(state.texts[node.id]) : answered[node.index] === 1;
    if (!done) open.push(node.id);
  }
  return open;
}

function localiseConflicts(model: CompiledModel, conflicts: Conflict[], lang: string): Conflict[] {
  const name = (id: string, fallback: string) => {
    const index = model.indexById.get(id);
    return index === undefined ? fallback : localise(model.nodes[index]!.name, lang);
  };
  return conflicts.map((conflict) => {
    const index = model.indexById.get(conflict.feature.id);
    return {
      ...conflict,
      featurePath: index === undefined ? conflict.featurePath : featurePath(model, index, lang),
      feature: {id: conflict.feature.id, name: name(conflict.feature.id, conflict.feature.name)},
      alternativeOptions: conflict.alternativeOptions.map((o) => ({
        id: o.id,
        name: name(o.id, o.name),
      })),
    };
  });
}
