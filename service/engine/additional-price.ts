// What the selected options and numbers add to the base price, summed in blocks of priced nodes
// so that an update recomputes only the blocks it touched (docs/decisions/0074).
import {nodesChangedSince} from './state-memos.js';
import {Beside} from './beside.js';
import {perModel, type CompiledModel} from './compiled-model.js';
import {reportedValue} from './configuration-fingerprint.js';
import type {SessionState} from './session-state.js';
import {onArrayOf} from './on-bits.js';

/**
 * Priced nodes per block, in node order. An update changes a few nodes, so it recomputes one to
 * a few blocks; a 2,000-node model has about 20.
 */
const blockSize = 64;

interface PricedNodes {
  /** Per priced node (`model.pricedNodes` order), its price. */
  prices: Float64Array;
  /** Per priced node, 1 when it is a numeric input (counted as often as its value says). */
  numeric: Uint8Array;
  /** Per node position, its place among the priced nodes, or -1. */
  placeOf: Int32Array;
  blocks: number;
}

const pricedNodes = perModel((model): PricedNodes => {
  const nodes = model.pricedNodes.map((i) => model.nodes[i]!);
  const placeOf = new Int32Array(model.nodes.length).fill(-1);
  model.pricedNodes.forEach((i, p) => (placeOf[i] = p));
  return {
    prices: Float64Array.from(nodes, (node) => node.price),
    numeric: Uint8Array.from(nodes, (node) => (node.numeric ? 1 : 0)),
    placeOf,
    blocks: Math.ceil(nodes.length / blockSize),
  };
});

/** Blocks summed so far (tests count what an update sums). */
export const blocksSummed = {count: 0};

/** Per state, the sum of each block of priced nodes. */
const blockSumsByState = new Beside<SessionState, Float64Array>();

/**
 * The sum of every selected priced node's price (times its value for a number), in the model's
 * currency, unrounded.
 *
 * The sum is taken the same way for every state, whatever way it was reached: each block's
 * nodes in node order from zero, then the blocks in order. A block none of whose nodes changed
 * since `base` has the very sum it had there, so it is taken from `base` rather than summed
 * again, and a compressed answer's totals equal, bit for bit, those of a full answer of the
 * same state read back from the store.
 */
export function additionalPrice(
  model: CompiledModel,
  state: SessionState,
  base?: SessionState,
): number {
  let sums = blockSumsByState.get(state);
  if (!sums) {
    const priced = pricedNodes(model);
    sums = new Float64Array(priced.blocks);
    const baseSums = base && blockSumsByState.get(base);
    const changed = baseSums && nodesChangedSince(base!, state);
    if (baseSums && changed) {
      sums.set(baseSums);
      let last = -1;
      for (const i of changed) {
        const place = priced.placeOf[i]!;
        if (place < 0) continue;
        const block = Math.floor(place / blockSize);
        // Ascending nodes, so a block's changed nodes come together.
        if (block === last) continue;
        last = block;
        sums[block] = blockSum(model, state, priced, block);
      }
    } else {
      for (let block = 0; block < priced.blocks; block++) {
        sums[block] = blockSum(model, state, priced, block);
      }
    }
    blockSumsByState.set(state, sums);
  }
  let sum = 0;
  for (let block = 0; block < sums.length; block++) sum += sums[block]!;
  return sum;
}

function blockSum(
  model: CompiledModel,
  state: SessionState,
  {prices, numeric}: PricedNodes,
  block: number,
): number {
  blocksSummed.count++;
  const priced = model.pricedNodes;
  const on = onArrayOf(state);
  const end = Math.min(priced.length, (block + 1) * blockSize);
  let sum = 0;
  for (let p = block * blockSize; p < end; p++) {
    const i = priced[p]!;
    if (on[i] === 0) continue;
    // An option counts once (its price times 1, exactly), a number as often as it says.
    sum += numeric[p] === 1 ? prices[p]! * reportedValue(model, state, i) : prices[p]!;
  }
  return sum;
}
