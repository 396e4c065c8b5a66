import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {ConflictType} from '../../../src/wire/index.js';
import {initialState, renderConfiguration} from '../../../service/engine/index.js';
import {apply, id, isOn, select, testModel} from './test-model.js';

const summary = (conflicts: {feature: {id: string}; type: number}[] | null) =>
  conflicts?.map((c) => [c.feature.id, c.type]) ?? null;

describe('conflicts against earlier user requirements', () => {
  it('adjusts defaults and derived values silently', () => {
    // The width is a default: the motor raises it without asking.
    const result = apply(initialState(testModel), 'big-motor', 1);
    assert.equal(result.conflicts, null);
    // The high back came with the headrest, not from the shopper: it stays without asking.
    const withHeadrest = select(initialState(testModel), 'headrest');
    assert.equal(apply(withHeadrest, 'headrest', 0).conflicts, null);
  });

  it('refuses what undoes an earlier choice, leaving the state unchanged', () => {
    const state = select(initialState(testModel), 'tray');
    const result = apply(state, 'glass', 1);
    assert.equal(result.state, state);
    assert.deepEqual(result.changed, []);
    assert.deepEqual(summary(result.conflicts), [[id('tray'), ConflictType.remove]]);
    const conflict = result.conflicts![0]!;
    assert.deepEqual(conflict.featurePath, ['Cable tray']);
    assert.equal(conflict.requestedValue, 0);
    assert.equal(conflict.actualValue, 1);
  });

  it('describes a required node the shopper switched off as an Add', () => {
    const state = select(initialState(testModel), 'high-back', 0);
    const result = apply(state, 'headrest', 1);
    assert.deepEqual(summary(result.conflicts), [[id('high-back'), ConflictType.add]]);
  });

  it('describes a number the shopper set as a Value change', () => {
    const state = select(initialState(testModel), 'width', 140, testModel, false);
    const result = apply(state, 'big-motor', 1);
    assert.deepEqual(summary(result.conflicts), [[id('width'), ConflictType.value]]);
    assert.equal(result.conflicts![0]!.requestedValue, 160);
    assert.equal(result.conflicts![0]!.actualValue, 140);
  });

  it('describes the loss of a chosen option as one Alternative switch', () => {
    const state = select(initialState(testModel), 'green');
    const result = apply(state, 'glass', 1);
    assert.deepEqual(summary(result.conflicts), [[id('green'), ConflictType.alternative]]);
    assert.deepEqual(result.conflicts![0]!.alternativeOptions, [{id: id('red'), name: 'Red'}]);
    assert.deepEqual(result.conflicts![0]!.featurePath, ['Colour', 'Green']);
    const accepted = apply(state, 'glass', 1, true).state;
    assert.ok(isOn(accepted, 'red') && !isOn(accepted, 'green') && isOn(accepted, 'glass'));
  });

  it('describes the loss of a chosen checkbox as a Remove', () => {
    let state = select(initialState(testModel), 'big-motor');
    state = select(state, 'blue');
    // Lowering the width below the motor's minimum removes the motor, a user choice.
    const result = apply(state, 'width', 120, false, testModel, false);
    assert.deepEqual(summary(result.conflicts), [[id('big-motor'), ConflictType.remove]]);
  });

  it('does not treat a new choice in the same radio group as a conflict', () => {
    let state = select(initialState(testModel), 'blue');
    state = select(state, 'green');
    assert.ok(isOn(state, 'green'));
    assert.equal(state.requirements.length, 1);
    assert.equal(state.requirements[0]!.featureModelNodeId, id('green'));
  });

  it('drops choices inside a group the shopper switches off, without a dialog', () => {
    let state = select(initialState(testModel), 'extra-b');
    const result = apply(state, 'extras', 0);
    assert.equal(result.conflicts, null);
    state = result.state;
    assert.ok(!isOn(state, 'extra-b'));
    assert.deepEqual(
      state.requirements.map((r) => r.featureModelNodeId),
      [id('extras')],
    );
  });

  it("lets defaults give way to the shopper's earlier wishes", () => {
    // Extra A is ticked by default; the shopper said no to it while the group was off.
    let state = select(initialState(testModel), 'extra-a', 0);
    const result = apply(state, 'extras', 1);
    assert.equal(result.conflicts, null);
    state = result.state;
    assert.ok(isOn(state, 'extras') && !isOn(state, 'extra-a'));
  });

  it('treats selecting a disabled node as a conflict even when a default disables it', () => {
    // Defaults don't disable anything in the test model, so the shopper's glass does.
    let state = select(initialState(testModel), 'glass');
    const configuration = renderConfiguration(testModel, state, {
      id: 's',
      code: 'C',
      lang: 'en',
      conflicts: null,
    });
    const tray = configuration.featureModel.steps[0]!.features.find((f) => f.id === id('tray'))!;
    assert.equal(tray.isDisabled, true);
    assert.equal(tray.disabledReason, 'Not available with Glass top');
    const result = apply(state, 'tray', 1);
    assert.deepEqual(summary(result.conflicts), [[id('glass'), ConflictType.remove]]);
    state = apply(state, 'tray', 1, true).state;
    assert.ok(isOn(state, 'tray') && !isOn(state, 'glass'));
  });
});

describe('ignoreConflicts', () => {
  it('applies, resolves the rest and forgets the overridden requirements', () => {
    let state = select(initialState(testModel), 'tray');
    state = select(state, 'blue');
    const result = apply(state, 'glass', 1, true);
    assert.equal(result.conflicts, null);
    assert.ok(isOn(result.state, 'glass') && !isOn(result.state, 'tray'));
    assert.deepEqual(
      result.state.requirements.map((r) => r.featureModelNodeId),
      [id('blue'), id('glass')],
    );
    assert.deepEqual(new Set(result.changed), new Set([id('glass'), id('tray')]));
    // Once forgotten, the tray no longer protects itself: selecting it again is a conflict
    // with the glass, which is now the shopper's.
    assert.deepEqual(summary(apply(result.state, 'tray', 1).conflicts), [
      [id('glass'), ConflictType.remove],
    ]);
  });

  it('removes a chosen option that a new number no longer allows', () => {
    const model = testModel;
    let state = select(initialState(model), 'big-motor');
    state = apply(state, 'width', 110, true, model, false).state;
    assert.ok(!isOn(state, 'big-motor'));
    assert.deepEqual(
      state.requirements.map((r) => r.featureModelNodeId),
      [id('width')],
    );
  });

  it('localises conflicts in the configuration language', () => {
    const state = select(initialState(testModel), 'tray');
    const result = apply(state, 'glass', 1);
    const configuration = renderConfiguration(testModel, state, {
      id: 's',
      code: 'C',
      lang: 'de',
      conflicts: result.conflicts,
    });
    assert.deepEqual(configuration.conflicts![0]!.featurePath, ['Cable tray (de)']);
    assert.equal(configuration.conflicts![0]!.feature.name, 'Cable tray (de)');
  });
});
