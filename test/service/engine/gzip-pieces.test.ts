import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {crc32, gunzipSync} from 'node:zlib';
import {crc32Append, crc32Shift} from '../../../service/engine/crc32-combine.js';
import {
  applyRequirement,
  compileModel,
  configurationPieces,
  encodeConfiguration,
  gzipPieces,
  initialState,
  isSharedPiece,
  renderConfiguration,
  type SessionState,
} from '../../../service/engine/index.js';
import {generateLargeModel} from '../../../service/models/index.js';
import {select, testModel} from './test-model.js';

const large = compileModel(generateLargeModel({nodes: 600, seed: 3}));
const options = {id: 'sid', code: 'ABCDEFGH', lang: 'en', conflicts: null};

/** A state with many nodes on, so rules disable others and steps stop being shared. */
function busyState(): SessionState {
  let state = initialState(large);
  for (const id of large.nodeIds.slice(1, 200)) {
    try {
      const requirement = {featureModelNodeId: id, value: 1, isSelection: true};
      state = applyRequirement(large, state, requirement, {ignoreConflicts: true}).state;
    } catch {
      // Numeric and text nodes refuse a plain selection; the others are enough.
    }
  }
  return state;
}

describe('configurationPieces', () => {
  it('concatenate to encodeConfiguration and reuse the shared model pieces', () => {
    const c = renderConfiguration(large, initialState(large), options);
    const first = configurationPieces(c);
    const second = configurationPieces(renderConfiguration(large, initialState(large), options));
    assert.deepEqual(Buffer.concat(first), Buffer.from(encodeConfiguration(c)));
    const shared = first.filter(isSharedPiece);
    assert.ok(shared.length > 0);
    for (const piece of shared) assert.ok(second.includes(piece), 'the same Buffer object');
    assert.ok(!isSharedPiece(first[0]!), 'the per-answer head is not shared');
  });
});

describe('gzipPieces', () => {
  it('is one gzip member that inflates to the exact JSON bytes', () => {
    const states = [
      [large, initialState(large)],
      [large, busyState()],
      [testModel, initialState(testModel)],
      [testModel, select(initialState(testModel), 'glass')],
    ] as const;
    for (const [model, state] of states) {
      const c = renderConfiguration(model, state, options);
      const json = Buffer.from(encodeConfiguration(c));
      // Twice: the second call takes the shared segments from the cache.
      for (let i = 0; i < 2; i++) {
        const gzip = Buffer.concat(gzipPieces(configurationPieces(c)));
        assert.deepEqual(gunzipSync(gzip), json);
        assert.ok(gzip.length < json.length / 4, `${gzip.length} of ${json.length} bytes`);
      }
    }
  });

  it('stays valid for an empty input', () => {
    assert.equal(gunzipSync(Buffer.concat(gzipPieces([]))).length, 0);
  });
});

describe('crc32Shift and crc32Append', () => {
  it('give the CRC-32 of a concatenation from the parts', () => {
    const bytes = (length: number, seed: number) =>
      Buffer.from(Array.from({length}, (_, i) => (i * seed + 3) & 255));
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [100, 1000],
      [3, 70_001],
      [65_536, 16_385],
    ] as const) {
      const first = bytes(a, 7);
      const second = bytes(b, 13);
      const expected = crc32(Buffer.concat([first, second]));
      assert.equal(crc32Append(crc32(first), crc32(second), crc32Shift(b)), expected, `${a}+${b}`);
    }
  });
});
