import assert from 'node:assert/strict';
import {test} from 'node:test';
import {changedNodes, normaliseTexts, normaliseValues} from '../../src/session/values.js';

test('reads the seed generation shape {nodeId: number}', () => {
  const values = normaliseValues({a: 1, b: 0, c: 150});
  assert.deepEqual(
    [...values],
    [
      ['a', 1],
      ['b', 0],
      ['c', 150],
    ],
  );
});

test('reads the current shape {nodeId: {selected, value}}', () => {
  const values = normaliseValues({
    a: {selected: true, value: 1},
    b: {selected: false, value: 1},
    c: {selected: true, value: 150, extra: 'ignored'},
    d: {selected: true},
  });
  assert.deepEqual(Object.fromEntries(values), {a: 1, b: 0, c: 150, d: 1});
});

test('ignores entries and inputs of unknown shape', () => {
  assert.deepEqual(
    Object.fromEntries(normaliseValues({a: 'x', b: null, c: [1], d: NaN, e: {value: 3}, f: 2})),
    {f: 2},
  );
  assert.equal(normaliseValues(null).size, 0);
  assert.equal(normaliseValues('values').size, 0);
  assert.deepEqual(Object.fromEntries(normaliseTexts({a: 'x', b: 1, c: null})), {a: 'x'});
  assert.equal(normaliseTexts(undefined).size, 0);
});

test('changedNodes lists values and texts that differ, a missing value being 0', () => {
  const before = {
    values: new Map([
      ['a', 1],
      ['b', 0],
      ['c', 5],
    ]),
    texts: new Map([['t', 'old']]),
  };
  const after = {
    values: new Map([
      ['a', 1],
      ['c', 6],
      ['d', 1],
    ]),
    texts: new Map([
      ['t', 'old'],
      ['u', 'new'],
    ]),
  };
  assert.deepEqual(changedNodes(before, after).sort(), ['c', 'd', 'u']);
  assert.deepEqual(changedNodes(before, before), []);
});
