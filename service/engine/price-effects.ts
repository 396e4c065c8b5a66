// What choices would do to the total, before the shopper makes them: each requirement applied
// to the session's state as accepting would apply it (conflicts resolved), its totals taken,
// and nothing saved (docs/decisions/0098).
import type {Requirement} from '../../src/wire/index.js';
import {applyRequirement} from './apply-requirement.js';
import type {CompiledModel} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import {priceTotals} from './head-fields.js';
import type {SessionState} from './session-state.js';

/** The totals a state would have after one requirement; null when the engine refuses it. */
export interface PriceEffect {
  featureModelNodeId: string;
  value: number;
  isSelection: boolean;
  totalPriceExVAT: number;
  totalPriceIncVAT: number;
  /** Whether choosing it now would first ask the shopper (a conflict). */
  conflicts: boolean;
}

/**
 * Each requirement's totals, in order. One requirement costs one update's work (an update
 * costs what it changes), so a list costs what updating each would; its length is bounded by
 * the caller.
 */
export function priceEffects(
  model: CompiledModel,
  state: SessionState,
  requirements: readonly Requirement[],
): (PriceEffect | null)[] {
  return requirements.map((requirement) => {
    try {
      const asked = applyRequirement(model, state, requirement, {ignoreConflicts: false});
      const accepted =
        asked.conflicts === null
          ? asked
          : applyRequirement(model, state, requirement, {ignoreConflicts: true});
      const {total, totalInc} = priceTotals(model, accepted.state, state);
      return {
        featureModelNodeId: requirement.featureModelNodeId,
        value: requirement.value,
        isSelection: requirement.isSelection,
        totalPriceExVAT: total,
        totalPriceIncVAT: totalInc,
        conflicts: asked.conflicts !== null,
      };
    } catch (error) {
      // A requirement the engine refuses (the last option of an "or" group) has no effect.
      if (error instanceof EngineError) return null;
      throw error;
    }
  });
}
