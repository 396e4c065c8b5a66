// One effect's totals as the service writes them, read the same way from the effects question's
// answer (price-effects.ts) and from a change's answer that carries them (decision 109).

/** The totals one requirement would give, both ways; whether it would meet a conflict first. */
export interface TotalsAfter {
  exclVat: number;
  inclVat: number;
  conflicts: boolean;
}

/** `totalPriceExVAT`, `totalPriceIncVAT` and `conflicts` of `effect`; null unless both are finite. */
export function totalsOf(effect: Record<string, unknown>): TotalsAfter | null {
  const {totalPriceExVAT: ex, totalPriceIncVAT: inc} = effect;
  return typeof ex === 'number' && typeof inc === 'number' && isFinite(ex) && isFinite(inc)
    ? {exclVat: ex, inclVat: inc, conflicts: !!effect.conflicts}
    : null;
}
