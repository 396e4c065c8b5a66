// The price effects of one step's options, computed with an update and carried in its answer
// (`?effectsOf={stepId}`, an addition of the reference service), so a client shows them with the
// new total and asks nothing more (docs/decisions/0109).
import {FeatureType, NodeType, type Requirement, type StepEffects} from '../../src/wire/index.js';
import type {CompiledModel, CompiledNode} from './compiled-model.js';
import {EngineError} from './engine-error.js';
import {priceEffects} from './price-effects.js';
import type {SessionState} from './session-state.js';

/**
 * The most options whose effects an answer carries. Each costs one update's engine work; a step
 * with more keeps the client's own questions, paged by what is in view (decision 103).
 */
export const mostEffectsInAnswer = 32;

/** One option's effect: its requirement, the totals after it; null totals where refused. */
export type StepEffect = StepEffects['effects'][number];

/** The step of `model` with this id (any letter case); EngineError `unknown_step` otherwise. */
export function stepIndexOf(model: CompiledModel, stepId: string): number {
  const wanted = stepId.toLowerCase();
  const index = model.steps.findIndex((step) => step.id.toLowerCase() === wanted);
  if (index < 0) throw new EngineError('unknown_step', `The model has no step "${stepId}"`);
  return index;
}

/**
 * The requirements that would choose each option the step shows in `state`, as the widget
 * derives them from an answer (src/view/view-model.ts, src/view/price-effects.ts): every
 * alternative not chosen, every checkbox (a ticked one as unticking); options below a chosen
 * one and nodes in groups count, options below one not chosen are not shown. Null when there
 * are more than `most`: the walk stops there, so it costs at most the step's size.
 */
export function stepRequirements(
  model: CompiledModel,
  state: SessionState,
  stepIndex: number,
  most = mostEffectsInAnswer,
): Requirement[] | null {
  const out: Requirement[] = [];
  const on = (node: CompiledNode) => state.on.charCodeAt(node.index) === 49; // '1'
  const isInput = (node: CompiledNode) => node.isText || node.numeric;
  // Without recursion: a deep model cannot exhaust the stack. Parents' children in order.
  const pending: (readonly number[])[] = [model.steps[stepIndex]!.features];
  for (let list = pending.pop(); list; list = pending.pop()) {
    for (const index of list) {
      const node = model.nodes[index]!;
      const choice =
        !isInput(node) &&
        (node.type === NodeType.alternative ||
          node.type === NodeType.optional ||
          node.type === NodeType.or);
      if (choice) {
        const chosen = on(node);
        // The chosen alternative changes nothing; a ticked checkbox is asked as unticking.
        if (!(chosen && node.type === NodeType.alternative)) {
          if (out.length === most) return null;
          out.push({featureModelNodeId: node.id, value: chosen ? 0 : 1, isSelection: true});
        }
        if (chosen) pending.push(node.children);
      } else if (!isInput(node) && !shownAsPicture(node)) {
        // A group (or a mandatory node): its children are shown whatever its value.
        pending.push(node.children);
      }
    }
  }
  return out;
}

/** A picture the widget shows as a picture (an http(s) or relative address), not as a group. */
const shownAsPicture = (node: CompiledNode) =>
  node.featureType === FeatureType.image &&
  node.imageUrl !== null &&
  !/^data:/i.test(node.imageUrl);

/**
 * The effects of the step's options in `state` (the state after the update), or null for a step
 * of more than {@link mostEffectsInAnswer} options (none are computed).
 */
export function stepEffects(
  model: CompiledModel,
  state: SessionState,
  stepIndex: number,
): StepEffects | null {
  const requirements = stepRequirements(model, state, stepIndex);
  if (!requirements) return null;
  const effects = priceEffects(model, state, requirements);
  return {
    stepId: model.steps[stepIndex]!.id,
    effects: requirements.map((requirement, i) => {
      const effect = effects[i];
      return {
        ...requirement,
        totalPriceExVAT: effect ? effect.totalPriceExVAT : null,
        totalPriceIncVAT: effect ? effect.totalPriceIncVAT : null,
        conflicts: effect ? effect.conflicts : false,
      };
    }),
  };
}

/**
 * Adds `stepEffects` to a rendered answer, last of its fields (the object itself, as `revision`
 * is added: decision 78); a step of more than 32 options gets none (the client asks in pages).
 */
export function withStepEffects<T extends object>(
  answer: T,
  model: CompiledModel,
  state: SessionState,
  stepIndex: number,
): T {
  const effects = stepEffects(model, state, stepIndex);
  return effects ? Object.assign(answer, {stepEffects: effects}) : answer;
}
