// An update of a state the engine made takes a shorter way (docs/decisions/0067): it starts
// from what the engine remembers beside the state and looks only at what the update touched.
// These tests apply the same requirements to such states and to copies of them, which carry
// nothing remembered and take the long way over every earlier requirement and every node,
// and require the same results: states, conflicts, changed nodes, refusals, stored forms.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  EngineError,
  applyRequirement,
  applyText,
  encodeState,
  initialState,
  type CompiledModel,
  type SessionState,
} from '../../../service/engine/index.js';
import {appliesFromKnown} from '../../../service/engine/apply-known.js';
import type {Requirement} from '../../../src/wire/index.js';
import {journeyModels} from './test-model.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

const {large, models} = journeyModels(3);

/** The outcome of one requirement: the result, or the refusal's code. */
function outcome(
  model: CompiledModel,
  state: SessionState,
  requirement: Requirement,
  ignoreConflicts: boolean,
) {
  try {
    return applyRequirement(model, state, requirement, {ignoreConflicts});
  } catch (error) {
    assert.ok(error instanceof EngineError, String(error));
    return {refused: error.code};
  }
}

describe('an update from what the engine remembers', () => {
  for (const model of models) {
    test(`${model.name}: random journeys give what copies of their states give`, () => {
      let known = 0;
      let conflicts = 0;
      let longest = 0;
      for (const seed of [1, 2, 3]) {
        const next = random(seed);
        let state = initialState(model);
        for (let n = 0; n < (model === large ? 600 : 300); n++) {
          const node = model.nodes[1 + Math.floor(next() * (model.nodes.length - 1))]!;
          if (node.isText) {
            // A text keeps the rules' state as it was: the next update still knows its state.
            const textValue = next() < 0.2 ? null : `text ${n}`;
            try {
              state = applyText(model, state, {featureModelNodeId: node.id, textValue}).state;
            } catch (error) {
              assert.ok(error instanceof EngineError, String(error));
            }
            continue;
          }
          const requirement = {
            featureModelNodeId: node.id,
            value: node.numeric
              ? Math.round(node.min! - 20 + next() * (node.max! - node.min! + 40))
              : next() < 0.35
                ? 0
                : 1,
            isSelection: next() < 0.7,
          };
          const ignoreConflicts = next() < 0.8;
          if (appliesFromKnown(state)) known++;
          const copy = structuredClone(state);
          assert.equal(appliesFromKnown(copy), false);
          const fromKnown = outcome(model, state, requirement, ignoreConflicts);
          const fromCopy = outcome(model, copy, requirement, ignoreConflicts);
          assert.deepStrictEqual(fromKnown, fromCopy, `step ${n} of seed ${seed}`);
          if ('state' in fromKnown) {
            if (fromKnown.conflicts) conflicts++;
            state = fromKnown.state;
            // The stored form patched from the base's equals one written from scratch.
            assert.deepStrictEqual(
              encodeState(model, state),
              encodeState(model, structuredClone(state)),
            );
            longest = Math.max(longest, state.requirements.length);
          }
        }
      }
      assert.ok(known > 100, `the short way was taken (${known} times)`);
      assert.ok(conflicts > 0, 'some updates conflicted');
      assert.ok(longest > 5, 'the journeys built up requirements');
    });
  }
});
