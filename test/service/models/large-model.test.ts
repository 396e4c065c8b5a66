import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {NodeType} from '../../../src/wire/index.js';
import {
  applyRequirement,
  compileModel,
  initialState,
  renderConfiguration,
} from '../../../service/engine/index.js';
import {generateLargeModel} from '../../../service/models/index.js';

describe('generateLargeModel', () => {
  it('makes exactly the requested number of nodes', () => {
    for (const nodes of [10, 500, 2000, 2345]) {
      assert.equal(compileModel(generateLargeModel({nodes, seed: 7})).nodes.length, nodes);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateLargeModel({nodes: 2000, seed: 42});
    const b = generateLargeModel({nodes: 2000, seed: 42});
    const c = generateLargeModel({nodes: 2000, seed: 43});
    assert.deepEqual(JSON.stringify(a), JSON.stringify(b));
    assert.notEqual(JSON.stringify(a), JSON.stringify(c));
    assert.deepEqual(compileModel(a).nodeIds, compileModel(b).nodeIds);
  });

  it('has every kind of node and rule, spread over steps', () => {
    const model = compileModel(generateLargeModel({nodes: 2000, seed: 1}));
    const kinds = new Set(model.nodes.map((n) => n.type));
    for (const type of [NodeType.optional, NodeType.mandatory, NodeType.alternative, NodeType.or]) {
      assert.ok(kinds.has(type), `type ${type}`);
    }
    assert.ok(model.nodes.some((n) => n.numeric));
    assert.ok(model.nodes.some((n) => n.isText));
    assert.ok(model.nodes.filter((n) => n.requires.length > 0).length > 20);
    assert.ok(model.nodes.filter((n) => n.excludes.length > 0).length > 20);
    assert.equal(model.steps.length, 8);
    assert.equal(model.name, 'Large Model 2000-1');
  });

  it('takes a long run of forced updates without an unsatisfiable answer', () => {
    const model = compileModel(generateLargeModel({nodes: 2000, seed: 3}));
    const choices = model.nodes.filter(
      (n) => n.parent > 0 && !n.isText && n.type !== NodeType.mandatory && n.type !== NodeType.or,
    );
    let state = initialState(model);
    for (let i = 0; i < 1500; i++) {
      const node = choices[(i * 7919) % choices.length]!;
      const result = applyRequirement(
        model,
        state,
        {featureModelNodeId: node.id, value: i % 4 === 0 ? 0 : 1, isSelection: true},
        {ignoreConflicts: true},
      );
      assert.equal(result.conflicts, null);
      state = result.state;
    }
    const c = renderConfiguration(model, state, {id: 's', code: 'C', lang: 'en', conflicts: null});
    assert.equal(Object.keys(c.values).length, 2000);
    assert.equal(c.totalPrice, c.basePrice + c.additionalPrice);
  });
});
