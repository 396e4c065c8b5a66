// What the engine keeps beside a state to make updates cheap must never change an answer: the
// compact stored form reads back as the very state, and the nodes an update reports as
// touched cover every node whose value changed, so a compressed answer built from them is
// byte for byte the one built by comparing every node.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  EngineError,
  applyRequirement,
  applyText,
  decodeState,
  encodeState,
  initialState,
  isStoredState,
  renderConfigurationChanges,
  type CompiledModel,
  type SessionState,
} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {nodesChangedSince} from '../../../service/engine/state-memos.js';
import {reportedValue} from '../../../service/engine/configuration-fingerprint.js';
import {journeyModels, testModel} from './test-model.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

const {large, models} = journeyModels(7);

/** Each step of a random journey: the state before, the state after (texts too). */
function* journey(model: CompiledModel, seed: number, steps: number) {
  const next = random(seed);
  let state = initialState(model);
  for (let n = 0; n < steps; n++) {
    const node = model.nodes[1 + Math.floor(next() * (model.nodes.length - 1))]!;
    const before = state;
    try {
      if (node.isText) {
        const textValue = next() < 0.2 ? null : `text ${n}`;
        state = applyText(model, state, {featureModelNodeId: node.id, textValue}).state;
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
          {ignoreConflicts: next() < 0.8},
        );
        state = result.state;
      }
    } catch (error) {
      assert.ok(error instanceof EngineError, String(error));
    }
    yield {before, after: state};
  }
}

/** Through JSON, as the store keeps it. */
const stored = (model: CompiledModel, state: SessionState) =>
  JSON.parse(JSON.stringify(encodeState(model, state))) as unknown;

describe('the compact stored form of a state', () => {
  for (const model of models) {
    test(`${model.name}: every state of random journeys reads back as it was`, () => {
      let requirements = 0;
      let numbers = 0;
      for (const seed of [1, 2]) {
        for (const {after} of journey(model, seed, model === large ? 500 : 300)) {
          const form = stored(model, after);
          assert.ok(isStoredState(form));
          assert.deepStrictEqual(decodeState(model, form), after);
          requirements = Math.max(requirements, after.requirements.length);
          numbers = Math.max(numbers, Object.keys(after.numbers).length);
        }
      }
      assert.ok(requirements > 3, 'the journeys built up requirements');
      if (model.nodes.some((n) => n.numeric)) assert.ok(numbers > 0);
    });
  }

  test('is a fraction of the whole state on the large model', () => {
    let last: SessionState = initialState(large);
    for (const {after} of journey(large, 3, 800)) last = after;
    const whole = JSON.stringify(last).length;
    const compact = JSON.stringify(encodeState(large, last)).length;
    assert.ok(last.requirements.length > 100, `${last.requirements.length} requirements`);
    assert.ok(compact * 4 < whole, `${compact} bytes against ${whole}`);
  });

  test('leaves out what names no node of the model, as the engine ignores it', () => {
    const model = sampleModels()[0]!;
    const state = initialState(model);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const withStray: SessionState = {
      ...state,
      requirements: [{featureModelNodeId: unknown, value: 1, isSelection: true}],
      numbers: {...state.numbers, [unknown]: 5},
    };
    assert.deepStrictEqual(decodeState(model, stored(model, withStray) as never), state);
  });

  test('of another model (another node count) reads back as that, so the engine refuses it', () => {
    const [a, b] = sampleModels();
    const form = stored(a!, initialState(a!)) as Parameters<typeof decodeState>[1];
    const read = decodeState(b!, form);
    assert.equal(read.on.length, a!.nodes.length);
    assert.notEqual(read.on.length, b!.nodes.length);
    assert.throws(
      () =>
        applyRequirement(
          b!,
          read,
          {featureModelNodeId: b!.nodes[1]!.id, value: 1, isSelection: true},
          {ignoreConflicts: true},
        ),
      (error) => error instanceof EngineError && error.code === 'model_mismatch',
    );
  });

  test('a whole state (what records held before schema 4) is told apart', () => {
    const state = initialState(testModel);
    assert.equal(isStoredState(JSON.parse(JSON.stringify(state))), false);
  });
});

describe('the nodes an update reports as changed', () => {
  for (const model of models) {
    test(`${model.name}: cover every changed value, and the compressed answer is the same`, () => {
      let changes = 0;
      let known = 0;
      for (const seed of [4, 5]) {
        for (const {before, after} of journey(model, seed, model === large ? 400 : 300)) {
          const touched = nodesChangedSince(before, after);
          if (touched) {
            known++;
            const listed = new Set(touched);
            for (let i = 0; i < model.nodes.length; i++) {
              if (reportedValue(model, before, i) !== reportedValue(model, after, i)) {
                changes++;
                assert.ok(listed.has(i), `node ${model.nodes[i]!.key} changed unlisted`);
              }
            }
            assert.deepStrictEqual(
              [...touched],
              [...touched].sort((x, y) => x - y),
            );
          }
          // A copy carries no record of what changed: every node is compared.
          const copy = structuredClone(after);
          assert.equal(nodesChangedSince(before, copy), undefined);
          const options = {id: 'id', code: 'CODE', lang: 'en', conflicts: null};
          assert.equal(
            JSON.stringify(renderConfigurationChanges(model, before, after, options)),
            JSON.stringify(renderConfigurationChanges(model, before, copy, options)),
          );
        }
      }
      assert.ok(known > 50, `${known} updates reported what they touched`);
      assert.ok(changes > 50, `${changes} values changed`);
    });
  }

  test('are known only against the state the update started from', () => {
    const model = sampleModels()[0]!;
    const start = initialState(model);
    const node = model.nodes.find((n) => n.index > 0 && !n.isText && n.type === 0)!;
    const {state} = applyRequirement(
      model,
      start,
      {featureModelNodeId: node.id, value: 1, isSelection: true},
      {ignoreConflicts: true},
    );
    assert.ok(nodesChangedSince(start, state));
    assert.equal(nodesChangedSince(structuredClone(start), state), undefined);
  });
});
