// The price the selected options add is summed in blocks, and an update sums again only the
// blocks it touched: the total must not depend on that (decision 74).
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {additionalPrice, blocksSummed} from '../../../service/engine/additional-price.js';
import {applyRequirement, EngineError, initialState} from '../../../service/engine/index.js';
import type {SessionState} from '../../../service/engine/index.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';
import {journeyModels} from './test-model.js';

const {large, models} = journeyModels(5);

describe('the additional price', () => {
  for (const model of models) {
    test(`${model.name}: an update's sum equals, bit for bit, the sum of a copy of its state`, () => {
      const next = random(11);
      let state: SessionState = initialState(model);
      additionalPrice(model, state);
      let steps = 0;
      let moved = 0;
      for (let n = 0; n < (model === large ? 400 : 200); n++) {
        const node = model.nodes[1 + Math.floor(next() * (model.nodes.length - 1))]!;
        if (node.isText) continue;
        const value = node.numeric
          ? Math.round(node.min! - 20 + next() * (node.max! - node.min! + 40))
          : next() < 0.35
            ? 0
            : 1;
        let following: SessionState;
        try {
          following = applyRequirement(
            model,
            state,
            {featureModelNodeId: node.id, value, isSelection: next() < 0.7},
            {ignoreConflicts: true},
          ).state;
        } catch (error) {
          assert.ok(error instanceof EngineError, String(error));
          continue;
        }
        const before = additionalPrice(model, state);
        const fromBase = additionalPrice(model, following, state);
        // A copy remembers nothing: every block summed afresh.
        const fresh = additionalPrice(model, structuredClone(following));
        assert.ok(Object.is(fromBase, fresh), `step ${n}: ${fromBase} against ${fresh}`);
        if (fromBase !== before) moved++;
        steps++;
        state = following;
      }
      assert.ok(steps > 50, `the journey went on (${steps} steps)`);
      assert.ok(moved > 10, `the price moved (${moved} times)`);
    });
  }

  test('an update of one option sums one block of the 2,000-node model, a fresh state all of them', () => {
    const base = initialState(large);
    additionalPrice(large, base);
    const option = large.nodes.find(
      (node, i) => i > 0 && node.price !== 0 && !node.numeric && !node.isText && base.on[i] === '0',
    )!;
    const following = applyRequirement(
      large,
      base,
      {featureModelNodeId: option.id, value: 1, isSelection: true},
      {ignoreConflicts: true},
    ).state;
    const before = blocksSummed.count;
    additionalPrice(large, following, base);
    const summed = blocksSummed.count - before;
    assert.ok(summed >= 1 && summed <= 2, `${summed} blocks summed`);
    const again = blocksSummed.count;
    additionalPrice(large, structuredClone(following));
    assert.equal(blocksSummed.count - again, Math.ceil(large.pricedNodes.length / 64));
  });
});
