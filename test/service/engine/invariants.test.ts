import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {NodeType} from '../../../src/wire/index.js';
import {
  EngineError,
  applyRequirement,
  applyText,
  compileModel,
  initialState,
  type CompiledModel,
  type SessionState,
} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';
import {testModel} from './test-model.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

/** Every rule of the model holds in the state; returns the first broken one. */
function broken(model: CompiledModel, state: SessionState): string | null {
  const on = (i: number) => state.on[i] === '1';
  if (!on(0)) return 'the root is off';
  for (const node of model.nodes) {
    const i = node.index;
    if (on(i) && node.parent >= 0 && !on(node.parent)) return `${node.key} is on, its parent off`;
    if (!on(i)) continue;
    const kids = node.children.map((c) => model.nodes[c]!);
    for (const kid of kids) {
      if (kid.type === NodeType.mandatory && !on(kid.index)) return `${kid.key} (mandatory) is off`;
    }
    const alternatives = kids.filter((k) => k.type === NodeType.alternative);
    const chosen = alternatives.filter((k) => on(k.index)).length;
    if (chosen > 1) return `${node.key} has two options on`;
    // A group with a default option is never empty; one without waits for the shopper.
    if (chosen === 0 && alternatives.some((k) => k.selected)) return `${node.key} has no option on`;
    const ors = kids.filter((k) => k.type === NodeType.or);
    if (ors.length > 0 && !ors.some((k) => on(k.index))) return `${node.key} has no or option on`;
    for (const edge of node.requires) {
      if (!on(edge.node)) return `${node.key} requires ${model.nodes[edge.node]!.key}`;
      const target = model.nodes[edge.node]!;
      if (edge.atLeast !== null && state.numbers[target.id]! < edge.atLeast) {
        return `${node.key} requires ${target.key} >= ${edge.atLeast}`;
      }
    }
    for (const other of node.excludes) {
      if (on(other)) return `${node.key} and ${model.nodes[other]!.key} are both on`;
    }
    if (node.numeric) {
      const value = state.numbers[node.id]!;
      if (value < node.min! || value > node.max!) return `${node.key} = ${value} out of range`;
      const steps = (value - node.min!) / node.step!;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) return `${node.key} = ${value} off step`;
    }
  }
  return null;
}

function fuzz(model: CompiledModel, seed: number, updates: number) {
  const next = random(seed);
  let state = initialState(model);
  assert.equal(broken(model, state), null, `${model.name}: initial state`);
  const refusals = new Map<string, number>();
  for (let n = 0; n < updates; n++) {
    const node = model.nodes[Math.floor(next() * model.nodes.length)]!;
    const ignoreConflicts = next() < 0.7;
    try {
      if (node.isText) {
        state = applyText(model, state, {
          featureModelNodeId: node.id,
          textValue: next() < 0.8 ? `text ${n}` : null,
        }).state;
      } else {
        const value = node.numeric
          ? Math.round(node.min! - 20 + next() * (node.max! - node.min! + 40))
          : next() < 0.35
            ? 0
            : 1;
        const result = applyRequirement(
          model,
          state,
          {featureModelNodeId: node.id, value, isSelection: next() < 0.7},
          {ignoreConflicts},
        );
        if (result.conflicts) {
          assert.equal(result.state, state, 'a conflict leaves the state unchanged');
          assert.ok(
            result.conflicts.length > 0,
            `conflicts are never an empty list (${node.key} = ${value}, ` +
              `${JSON.stringify(state.requirements.map((r) => [model.nodes[model.indexById.get(r.featureModelNodeId)!]!.key, r.value]))})`,
          );
        }
        if (ignoreConflicts) assert.equal(result.conflicts, null);
        state = result.state;
      }
    } catch (error) {
      assert.ok(error instanceof EngineError, String(error));
      assert.notEqual(error.code, 'unsatisfiable', `${model.name}: ${error.message}`);
      refusals.set(error.code, (refusals.get(error.code) ?? 0) + 1);
    }
    const problem = broken(model, state);
    assert.equal(problem, null, `${model.name} after update ${n} on ${node.key}: ${problem}`);
    // Every requirement kept still holds.
    for (const req of state.requirements) {
      const index = model.indexById.get(req.featureModelNodeId)!;
      const wanted = req.value !== 0 || (model.nodes[index]!.numeric && !req.isSelection);
      assert.equal(
        state.on[index] === '1',
        wanted,
        `requirement on ${model.nodes[index]!.key} holds`,
      );
    }
    // And the state survives a trip through JSON, as a store keeps it.
    if (n % 50 === 0) state = JSON.parse(JSON.stringify(state)) as SessionState;
  }
  return refusals;
}

describe('rules hold after any sequence of requirements', () => {
  for (const model of [testModel, ...sampleModels()]) {
    it(`${model.name}`, () => {
      for (const seed of [1, 2, 3]) fuzz(model, seed, 600);
    });
  }

  it('a generated model of 2,000 nodes', () => {
    const model = compileModel(generateLargeModel({nodes: 2000, seed: 11}));
    fuzz(model, 5, 1500);
  });
});
