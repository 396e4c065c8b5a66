// What the engine remembers on a state or list must stay invisible: a copy remembers nothing,
// and nothing that compares, lists or serialises the object sees it.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {Beside} from '../../../service/engine/beside.js';

describe('Beside', () => {
  test('finds what was set on the object, and only on that object', () => {
    const beside = new Beside<object, string>();
    const state = {on: '01', numbers: {}};
    assert.equal(beside.get(state), undefined);
    beside.set(state, 'known');
    assert.equal(beside.get(state), 'known');
    beside.set(state, 'again');
    assert.equal(beside.get(state), 'again');
    assert.equal(beside.get({...state}), undefined);
    assert.equal(new Beside<object, string>().get(state), undefined);
  });

  test('is not seen by keys, JSON, spreads, clones or deep equality', () => {
    const beside = new Beside<object, number[]>();
    const list = [{id: 'a'}, {id: 'b'}];
    const state = {on: '10', requirements: list};
    beside.set(state, [1]);
    beside.set(list, [2]);
    assert.deepEqual(Object.keys(state), ['on', 'requirements']);
    assert.equal(JSON.stringify(state), '{"on":"10","requirements":[{"id":"a"},{"id":"b"}]}');
    assert.deepEqual(state, {on: '10', requirements: [{id: 'a'}, {id: 'b'}]});
    assert.equal(beside.get(structuredClone(state)), undefined);
    assert.equal(beside.get([...list]), undefined);
    assert.equal(beside.get(list.slice()), undefined);
  });

  test('adds one property to an object however many things are remembered beside it', () => {
    const first = new Beside<object, string>();
    const second = new Beside<object, string>();
    const state = {on: '1'};
    first.set(state, 'one');
    second.set(state, 'two');
    assert.equal(first.get(state), 'one');
    assert.equal(second.get(state), 'two');
    assert.equal(Object.getOwnPropertySymbols(state).length, 1);
  });

  test('keeps a value for an object that cannot take a property', () => {
    const beside = new Beside<object, string>();
    const frozen = Object.freeze({on: '1'});
    beside.set(frozen, 'kept');
    assert.equal(beside.get(frozen), 'kept');
    assert.deepEqual(Object.getOwnPropertySymbols(frozen), []);
  });
});
