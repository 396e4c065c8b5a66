import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  ConfigurationMergeError,
  configurationFingerprint,
  isCompressedConfiguration,
  mergeConfiguration,
} from '../../src/session/merge-configuration.js';
import type {
  CompressedConfiguration,
  Configuration,
  FeatureNode,
  Requirement,
} from '../../src/wire/index.js';
import {
  applyRequirement,
  applyText,
  initialState,
  nodeIdByKey,
  renderConfiguration,
  renderConfigurationChanges,
  stateFingerprint,
  type SessionState,
} from '../../service/engine/index.js';
import {sampleModels} from '../../service/models/index.js';

const chair = sampleModels().find((model) => model.key === 'office-chair')!;
const node = (key: string) => nodeIdByKey(chair, key);
const options = {id: 'session-1', code: 'ABCDEFGH', lang: 'nl', conflicts: null};

// Answers as they travel: JSON both ways, so nothing is shared with the service's objects.
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const full = (state: SessionState) => wire(renderConfiguration(chair, state, options));
const changes = (base: SessionState, state: SessionState) =>
  wire(renderConfigurationChanges(chair, base, state, options));
const apply = (state: SessionState, requirement: Requirement) =>
  applyRequirement(chair, state, requirement, {ignoreConflicts: true}).state;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function findNode(configuration: Configuration, id: string): FeatureNode {
  const stack = configuration.featureModel.steps.flatMap((step) => step.features);
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.id === id) return next;
    stack.push(...next.features);
  }
  throw new Error(`No node ${id}`);
}

const leather = {featureModelNodeId: node('upholstery-leather'), value: 1, isSelection: true};

describe('mergeConfiguration', () => {
  test('passes a full answer through', () => {
    const start = full(initialState(chair));
    const answer = full(apply(initialState(chair), leather));
    assert.equal(isCompressedConfiguration(answer), false);
    assert.equal(mergeConfiguration(start, answer), answer);
    assert.equal(mergeConfiguration(undefined, answer), answer);
  });

  test('gives the full answer, sharing what did not change and leaving the previous alone', () => {
    const before = initialState(chair);
    const after = apply(before, leather);
    const previous = deepFreeze(full(before));
    const answer = changes(before, after);
    assert.equal(isCompressedConfiguration(answer), true);
    assert.equal('featureModel' in answer, false);
    // Leather disables the mesh back (and frees what the mesh back excluded).
    assert.deepEqual(answer.compressed.nodes[node('back-mesh')], {
      isDisabled: true,
      disabledReason: 'Niet beschikbaar in combinatie met Volnerf leer',
    });
    assert.ok(Object.keys(answer.values).length < Object.keys(previous.values).length / 4);

    const merged = mergeConfiguration(previous, answer);
    assert.deepStrictEqual(merged, full(after));
    assert.equal(findNode(merged, node('back-mesh')).isDisabled, true);
    // The steps without the changed node are the previous objects; so are untouched nodes.
    const changedStep = merged.featureModel.steps.findIndex((step) =>
      JSON.stringify(step).includes(node('back-mesh')),
    );
    merged.featureModel.steps.forEach((step, i) => {
      if (i === changedStep) assert.notEqual(step, previous.featureModel.steps[i]);
      else assert.equal(step, previous.featureModel.steps[i]);
    });
    assert.equal(findNode(merged, node('armrests')), findNode(previous, node('armrests')));
    assert.notEqual(findNode(merged, node('back-mesh')), findNode(previous, node('back-mesh')));
  });

  test('an answer that changes nothing keeps the feature model and maps', () => {
    const state = initialState(chair);
    const previous = full(state);
    const answer = changes(state, state);
    const merged = mergeConfiguration(previous, {...answer, conflicts: []});
    assert.equal(merged.featureModel, previous.featureModel);
    assert.equal(merged.values, previous.values);
    assert.equal(merged.textValues, previous.textValues);
    assert.deepEqual(merged.conflicts, []);
  });

  test("carries the answer's revision: the one undo asks the service for", () => {
    const before = initialState(chair);
    const after = apply(before, {
      featureModelNodeId: node('headrest'),
      value: 1,
      isSelection: true,
    });
    const merged = mergeConfiguration(
      {...full(before), revision: 4},
      {...changes(before, after), revision: 5},
    );
    assert.equal(merged.revision, 5);
    assert.deepEqual(merged.values, full(after).values);
  });

  test('removes what the answer marks null: a cleared text', () => {
    const before = applyText(chair, initialState(chair), {
      featureModelNodeId: node('engraving-text'),
      textValue: 'Ünïcødé ✓',
    }).state;
    const after = applyText(chair, before, {
      featureModelNodeId: node('engraving-text'),
      textValue: null,
    }).state;
    const answer = changes(before, after);
    assert.deepEqual(answer.textValues, {[node('engraving-text')]: null});
    const merged = mergeConfiguration(full(before), answer);
    assert.deepStrictEqual(merged, full(after));
    assert.equal(node('engraving-text') in merged.textValues, false);
  });

  test('removes a value marked null', () => {
    const previous = full(initialState(chair));
    const base = configurationFingerprint(previous);
    const answer = {
      ...changes(initialState(chair), initialState(chair)),
      values: {[node('armrests')]: null},
    } satisfies CompressedConfiguration;
    answer.compressed.since = base;
    const merged = mergeConfiguration(previous, answer);
    assert.equal(node('armrests') in merged.values, false);
    assert.equal(Object.keys(merged.values).length, Object.keys(previous.values).length - 1);
  });

  test('refuses an answer computed against another configuration (stale_base)', () => {
    const before = initialState(chair);
    const middle = apply(before, leather);
    const after = apply(middle, {
      featureModelNodeId: node('headrest'),
      value: 1,
      isSelection: true,
    });
    // The answer to `middle` was missed: the next answer's base is not what the client holds.
    const stale = (fn: () => unknown) =>
      assert.throws(fn, (error: unknown) => {
        assert.ok(error instanceof ConfigurationMergeError);
        assert.equal(error.code, 'stale_base');
        return true;
      });
    stale(() => mergeConfiguration(full(before), changes(middle, after)));
    stale(() => mergeConfiguration(undefined, changes(middle, after)));
    stale(() => mergeConfiguration({...full(middle), id: 'another'}, changes(middle, after)));
    // The same values in another language are another base too.
    const dutch = full(middle);
    stale(() => mergeConfiguration({...dutch, languageIso: 'en'}, changes(middle, after)));
    assert.deepStrictEqual(mergeConfiguration(full(middle), changes(middle, after)), full(after));
  });

  test('refuses answers of the wrong shape (malformed)', () => {
    const before = initialState(chair);
    const after = apply(before, leather);
    const previous = full(before);
    const good = changes(before, after);
    const malformed = (answer: unknown) =>
      assert.throws(
        () => mergeConfiguration(previous, answer as CompressedConfiguration),
        (error: unknown) => error instanceof ConfigurationMergeError && error.code === 'malformed',
      );
    malformed({...good, compressed: {since: good.compressed.since}});
    malformed({...good, compressed: 'yes'});
    malformed({...good, values: [1, 2]});
    malformed({...good, values: {[node('armrests')]: '1'}});
    malformed({...good, textValues: {[node('engraving-text')]: 3}});
    malformed({...good, compressed: {...good.compressed, nodes: {'no-such-node': {}}}});
    malformed({
      ...good,
      compressed: {...good.compressed, nodes: {[node('back-mesh')]: 'disabled'}},
    });
    const polluted = JSON.parse(JSON.stringify(good)) as CompressedConfiguration;
    Object.defineProperty(polluted.values, '__proto__', {
      value: {selected: true, value: 1},
      enumerable: true,
    });
    malformed(polluted);
  });
});

describe('configurationFingerprint', () => {
  test('is what the service names the base by, for values, texts, numbers and languages', () => {
    let state = applyText(chair, initialState(chair), {
      featureModelNodeId: node('engraving-text'),
      textValue: '"quoted" \\ ✓',
    }).state;
    state = apply(state, {featureModelNodeId: node('seat-width'), value: 52, isSelection: false});
    for (const lang of ['en', 'nl', 'de', 'fr']) {
      const configuration = wire(renderConfiguration(chair, state, {...options, lang}));
      assert.equal(configurationFingerprint(configuration), stateFingerprint(chair, state, lang));
    }
    assert.notEqual(
      stateFingerprint(chair, state, 'en'),
      stateFingerprint(chair, initialState(chair), 'en'),
    );
  });

  test('of a merged configuration equals one computed afresh', () => {
    let state = initialState(chair);
    let held = full(state);
    for (const requirement of [
      leather,
      {featureModelNodeId: node('headrest'), value: 1, isSelection: true},
      {featureModelNodeId: node('seat-width'), value: 46, isSelection: false},
      {featureModelNodeId: node('upholstery-leather'), value: 0, isSelection: true},
    ]) {
      const next = apply(state, requirement);
      held = mergeConfiguration(held, changes(state, next));
      state = next;
      assert.equal(configurationFingerprint(held), configurationFingerprint(structuredClone(held)));
      assert.equal(configurationFingerprint(held), stateFingerprint(chair, state, 'nl'));
      // The service keeps the sum of a state it answered; a copy is summed afresh.
      assert.equal(
        stateFingerprint(chair, structuredClone(state), 'nl'),
        configurationFingerprint(held),
      );
    }
  });
});
