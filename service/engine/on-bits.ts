// The on and off of every node of a state, as an array and as bits, kept beside the state it
// was read from (docs/decisions/0067, 0048): the solver starts from the array, the stored form
// keeps the bits, and an update records the bits it changed rather than reading every node.
import {Beside} from './beside.js';
import type {SessionState} from './session-state.js';

/** Per state: on (1) or off (0) per node, as the solver that made it left them. Never written. */
const onByState = new Beside<SessionState, Uint8Array>();

/** On (1) or off (0) per node of a state; shared, so read only. */
export function onArrayOf(state: SessionState): Uint8Array {
  let on = onByState.get(state);
  if (!on) {
    // One native copy of the string's bytes ('0' is 48, '1' is 49), then one bit each.
    const bytes = Buffer.from(state.on, 'latin1');
    on = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) on[i] = bytes[i]! & 1;
    onByState.set(state, on);
  }
  return on;
}

/** Per state: on or off per node, one bit each (node `i` is bit `i % 8` of byte `i >> 3`). */
const onBitsByState = new Beside<SessionState, Buffer>();

/** A state's on bits, as the stored form keeps them (docs/decisions/0048); shared, so read only. */
export function onBitsOf(state: SessionState): Buffer {
  let bits = onBitsByState.get(state);
  if (!bits) {
    const on = onArrayOf(state);
    bits = Buffer.alloc((on.length + 7) >> 3);
    for (let i = 0; i < on.length; i++) if (on[i] === 1) bits[i >> 3]! |= 1 << (i & 7);
    onBitsByState.set(state, bits);
  }
  return bits;
}

/**
 * Records the on bits of a state the engine made from `base` when the base's are known:
 * only the nodes the update touched (`touched`) can differ.
 */
export function rememberOnBits(base: SessionState, state: SessionState, touched: Int32Array): void {
  const from = onBitsByState.get(base);
  if (!from || base.on.length !== state.on.length) return;
  const bits = Buffer.from(from);
  const on = onArrayOf(state);
  for (const i of touched) {
    if (on[i] === 1) bits[i >> 3]! |= 1 << (i & 7);
    else bits[i >> 3]! &= ~(1 << (i & 7));
  }
  onBitsByState.set(state, bits);
}

/** Records the on array the solver made `state` from; the array is never written after. */
export function rememberOnArray(state: SessionState, on: Uint8Array): void {
  onByState.set(state, on);
}
