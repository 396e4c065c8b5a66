// Engine time of a change with and without its step's price effects (`?effectsOf=`,
// docs/decisions/0109), in process: per sample model and on the 2,000-node model, the update
// alone, then for every step what `stepEffects` adds to it. Not a test: it prints figures.
// `npx tsx bench/step-effects-cost.ts`
import {
  applyRequirement,
  compileModel,
  initialState,
  mostEffectsInAnswer,
  stepEffects,
  stepRequirements,
  type CompiledModel,
} from '../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../service/models/index.js';

/** Median of `runs` timings of `work`, in ms. */
function median(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function measure(model: CompiledModel) {
  const state = initialState(model);
  // A change every shopper makes: an option not chosen, the first of the first step.
  const first = stepRequirements(model, state, 0, Infinity)!.find((r) => r.value === 1)!;
  const update = () => applyRequirement(model, state, first, {ignoreConflicts: true});
  const alone = median(301, update);
  console.log(`${model.name}: the update alone ${alone.toFixed(3)} ms`);
  const after = update().state;
  model.steps.forEach((step, i) => {
    const options = stepRequirements(model, after, i, Infinity)!.length;
    // What the opt-in adds to the change: the step's effects on the state after it.
    const effects = median(101, () => stepEffects(model, after, i));
    const carried = options <= mostEffectsInAnswer ? `${options} effects` : 'none (over 32)';
    console.log(
      `  step ${step.key.padEnd(12)} ${String(options).padStart(4)} options  + ${effects.toFixed(3)} ms  (${carried})`,
    );
  });
}

for (const model of sampleModels()) measure(model);
measure(compileModel(generateLargeModel({nodes: 2000, seed: 7, name: 'Large Model 2000'})));
