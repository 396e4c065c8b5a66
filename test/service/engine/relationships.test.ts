import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
  EngineError,
  applyRequirement,
  applyText,
  compileModel,
  initialState,
  renderConfiguration,
} from '../../../service/engine/index.js';
import {apply, id, isOn, select, testDefinition, testModel} from './test-model.js';

const value = (state: ReturnType<typeof initialState>, key: string) =>
  renderConfiguration(testModel, state, {id: 's', code: 'ABCDEFGH', lang: 'en', conflicts: null})
    .values[id(key)];

describe('initial state', () => {
  it('switches on the root, mandatory groups, default options and ticked boxes', () => {
    const state = initialState(testModel);
    for (const key of ['root', 'colour', 'red', 'lights', 'light-1', 'width', 'warranty']) {
      assert.ok(isOn(state, key), `${key} should be on`);
    }
    for (const key of ['blue', 'green', 'extras', 'extra-a', 'light-2', 'glass', 'engraving']) {
      assert.ok(!isOn(state, key), `${key} should be off`);
    }
    assert.equal(value(state, 'width'), 140);
    assert.deepEqual(state.requirements, []);
  });

  it('leaves an alternative group without a default unanswered', () => {
    const state = initialState(testModel);
    assert.ok(!isOn(state, 'warranty-2') && !isOn(state, 'warranty-5'));
  });
});

describe('optional (checkbox)', () => {
  it('switches on with its defaults and off with its whole subtree', () => {
    let state = select(initialState(testModel), 'extras');
    assert.ok(isOn(state, 'extras') && isOn(state, 'extra-a') && isOn(state, 'extra-fixed'));
    assert.ok(!isOn(state, 'extra-b'));
    state = select(state, 'extra-b');
    state = select(state, 'extras', 0);
    for (const key of ['extras', 'extra-a', 'extra-b', 'extra-fixed']) assert.ok(!isOn(state, key));
  });

  it('switches the parent on when a child is chosen', () => {
    const state = select(initialState(testModel), 'extra-b');
    assert.ok(isOn(state, 'extras') && isOn(state, 'extra-b') && isOn(state, 'extra-fixed'));
  });

  it('treats isSelection false 0/1 as a checkbox value', () => {
    let state = select(initialState(testModel), 'tray', 1, testModel, false);
    assert.ok(isOn(state, 'tray'));
    state = select(state, 'tray', 0, testModel, false);
    assert.ok(!isOn(state, 'tray'));
  });
});

describe('mandatory', () => {
  it('refuses to switch off a mandatory node', () => {
    assert.throws(
      () => apply(initialState(testModel), 'extra-fixed', 0),
      (e: unknown) => e instanceof EngineError && e.code === 'invalid_value',
    );
    assert.throws(
      () => apply(initialState(testModel), 'colour', 0),
      (e: unknown) => e instanceof EngineError && e.code === 'invalid_value',
    );
  });
});

describe('alternative (radio)', () => {
  it('keeps exactly one option on', () => {
    let state = select(initialState(testModel), 'blue');
    assert.ok(isOn(state, 'blue') && !isOn(state, 'red') && !isOn(state, 'green'));
    state = select(state, 'green');
    assert.ok(isOn(state, 'green') && !isOn(state, 'red') && !isOn(state, 'blue'));
  });

  it('falls back to the default option when the chosen one is switched off', () => {
    let state = select(initialState(testModel), 'blue');
    state = select(state, 'blue', 0);
    assert.ok(isOn(state, 'red') && !isOn(state, 'blue'));
    // Switching off the default itself picks the first other option.
    state = select(state, 'red', 0);
    assert.ok(isOn(state, 'blue') && !isOn(state, 'red'));
  });
});

describe('or (at least one)', () => {
  it('allows several options', () => {
    const state = select(initialState(testModel), 'light-2');
    assert.ok(isOn(state, 'light-1') && isOn(state, 'light-2'));
  });

  it('refuses to switch off the last option', () => {
    const state = initialState(testModel);
    assert.throws(
      () => apply(state, 'light-1', 0),
      (e: unknown) => e instanceof EngineError && e.code === 'invalid_value',
    );
    const two = select(state, 'light-2');
    const one = select(two, 'light-1', 0);
    assert.ok(!isOn(one, 'light-1') && isOn(one, 'light-2'));
  });
});

describe('cross-tree rules', () => {
  it('requires: switching on the source switches on the target', () => {
    const state = select(initialState(testModel), 'headrest');
    assert.ok(isOn(state, 'headrest') && isOn(state, 'high-back'));
  });

  it('requires: switching off the target switches off the source', () => {
    let state = select(initialState(testModel), 'headrest');
    state = apply(state, 'high-back', 0, true).state;
    assert.ok(!isOn(state, 'headrest') && !isOn(state, 'high-back'));
  });

  it('excludes works both ways', () => {
    let state = select(initialState(testModel), 'glass');
    state = apply(state, 'tray', 1, true).state;
    assert.ok(isOn(state, 'tray') && !isOn(state, 'glass'));
    state = apply(state, 'glass', 1, true).state;
    assert.ok(isOn(state, 'glass') && !isOn(state, 'tray'));
  });

  it('requires a minimum number: raises a default number silently', () => {
    const state = select(initialState(testModel), 'big-motor');
    assert.equal(value(state, 'width'), 160);
  });
});

describe('numeric inputs', () => {
  it('rounds to the step counted from the minimum', () => {
    const state = select(initialState(testModel), 'width', 115, testModel, false);
    assert.equal(value(state, 'width'), 120);
    assert.equal(value(select(state, 'width', 184, testModel, false), 'width'), 180);
  });

  it('answers a number outside the range with a Value conflict, then clamps', () => {
    const state = initialState(testModel);
    const refused = apply(state, 'width', 500, false, testModel, false);
    assert.equal(refused.state, state);
    assert.deepEqual(
      refused.conflicts?.map((c) => [c.feature.id, c.type, c.requestedValue, c.actualValue]),
      [[id('width'), 3, 210, 140]],
    );
    const accepted = apply(state, 'width', 500, true, testModel, false);
    assert.equal(accepted.conflicts, null);
    assert.equal(value(accepted.state, 'width'), 210);
    assert.equal(value(apply(state, 'width', -5, true, testModel, false).state, 'width'), 110);
  });

  it('takes a selection of 0 on an always-on input as the number 0', () => {
    // The width's minimum is 110, so 0 is clamped: a Value conflict, not an error.
    const result = apply(initialState(testModel), 'width', 0);
    assert.deepEqual(
      result.conflicts?.map((c) => [c.type, c.requestedValue]),
      [[3, 110]],
    );
  });

  it('refuses values that are not finite numbers', () => {
    assert.throws(
      () => apply(initialState(testModel), 'width', Number.NaN, false, testModel, false),
      (e: unknown) => e instanceof EngineError && e.code === 'invalid_value',
    );
  });
});

describe('text inputs', () => {
  it('takes text through applyText and switches its parent on', () => {
    const result = applyText(testModel, initialState(testModel), {
      featureModelNodeId: id('engraving-text'),
      textValue: 'Ada',
    });
    assert.equal(result.state.texts[id('engraving-text')], 'Ada');
    assert.ok(isOn(result.state, 'engraving'));
    assert.ok(result.changed.includes(id('engraving-text')));
    const cleared = applyText(testModel, result.state, {
      featureModelNodeId: id('engraving-text'),
      textValue: null,
    });
    assert.equal(cleared.state.texts[id('engraving-text')], undefined);
  });

  it('refuses a value for a text node and text for another node', () => {
    assert.throws(
      () => apply(initialState(testModel), 'engraving-text', 1),
      (e: unknown) => e instanceof EngineError && e.code === 'text_node_needs_text',
    );
    assert.throws(
      () =>
        applyText(testModel, initialState(testModel), {
          featureModelNodeId: id('tray'),
          textValue: 'x',
        }),
      (e: unknown) => e instanceof EngineError && e.code === 'not_a_text_node' && e.status === 400,
    );
  });

  it('refuses over-long text', () => {
    assert.throws(
      () =>
        applyText(testModel, initialState(testModel), {
          featureModelNodeId: id('engraving-text'),
          textValue: 'x'.repeat(1001),
        }),
      (e: unknown) => e instanceof EngineError && e.code === 'invalid_value',
    );
  });
});

describe('errors', () => {
  it('answers an unknown node with unknown_node (404)', () => {
    assert.throws(
      () =>
        applyRequirement(
          testModel,
          initialState(testModel),
          {featureModelNodeId: '00000000-0000-5000-8000-000000000000', value: 1, isSelection: true},
          {ignoreConflicts: false},
        ),
      (e: unknown) => e instanceof EngineError && e.code === 'unknown_node' && e.status === 404,
    );
  });

  it('refuses a state of another model', () => {
    const other = compileModel({...testDefinition, key: 'another'});
    assert.throws(
      () => apply(initialState(other), 'red', 1),
      (e: unknown) => e instanceof EngineError && e.code === 'model_mismatch',
    );
  });

  it('rejects authoring mistakes at compile time', () => {
    assert.throws(
      () => compileModel({...testDefinition, root: {...testDefinition.root, requires: ['nope']}}),
      /unknown node "nope"/,
    );
  });
});
