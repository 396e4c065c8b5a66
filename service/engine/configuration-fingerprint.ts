import {Beside} from './beside.js';
import {perModel, type CompiledModel} from './compiled-model.js';
import type {SessionState} from './session-state.js';

/*
 * The fingerprint a compressed answer names its base by (`compressed.since`). It must equal
 * what `configurationFingerprint` in src/session/merge-configuration.ts computes from a
 * rendered configuration: per entry FNV-1a (32 bits, over UTF-16 code units) of
 * `<id>=<value>` for every value, `<id>#<text>` for every text and `@<languageIso>` once, each
 * finished with murmur3's fmix32, summed modulo 2^32, as 8 hex digits. A sum of entry hashes
 * does not depend on key order, and the service can take it from the state without rendering.
 */

const offsetBasis = 0x811c9dc5;

function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function fmix(hash: number): number {
  let h = hash;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

interface NodeHashes {
  /** FNV state after `<id>=`, per node in tree order. */
  prefix: Int32Array;
  /** Finished entry hashes for the two values most nodes hold. */
  zero: Uint32Array;
  one: Uint32Array;
}

const nodeHashes = perModel((model): NodeHashes => {
  const count = model.nodes.length;
  const hashes = {
    prefix: new Int32Array(count),
    zero: new Uint32Array(count),
    one: new Uint32Array(count),
  };
  for (let i = 0; i < count; i++) {
    const prefix = fnv(offsetBasis, `${model.nodes[i]!.id}=`);
    hashes.prefix[i] = prefix;
    hashes.zero[i] = fmix(fnv(prefix, '0'));
    hashes.one[i] = fmix(fnv(prefix, '1'));
  }
  return hashes;
});

/** The value a node reports in `values`: 0 when off, its number or 1 when on. */
export function reportedValue(model: CompiledModel, state: SessionState, index: number): number {
  if (state.on.charCodeAt(index) !== 49) return 0;
  const node = model.nodes[index]!;
  return node.numeric ? (state.numbers[node.id] ?? node.defaultValue) : 1;
}

/** The entry a node's value adds to a fingerprint. */
export function valueEntry(model: CompiledModel, index: number, value: number): number {
  const {prefix, zero, one} = nodeHashes(model);
  return value === 0
    ? zero[index]!
    : value === 1
      ? one[index]!
      : fmix(fnv(prefix[index]!, String(value)));
}

/** The entry a text adds to a fingerprint. */
export function textEntry(id: string, text: string): number {
  return fmix(fnv(offsetBasis, `${id}#${text}`));
}

/**
 * Fingerprint sums of states already answered, by state object: the next update's base is
 * usually the very state the previous answer was rendered from (a store may hand out copies;
 * then the sum is computed again).
 */
const knownSums = new Beside<SessionState, {lang: string; sum: number}>();

/** Records the fingerprint sum of a state, computed from its base's by the entries that changed. */
export function rememberFingerprintSum(state: SessionState, lang: string, sum: number): void {
  knownSums.set(state, {lang, sum: sum | 0});
}

/** The fingerprint of `state` rendered in the (resolved) language `lang`, as a 32-bit sum. */
export function fingerprintSum(model: CompiledModel, state: SessionState, lang: string): number {
  const known = knownSums.get(state);
  if (known !== undefined && known.lang === lang) return known.sum;
  const {prefix, zero, one} = nodeHashes(model);
  let sum = 0;
  for (let i = 0; i < model.nodes.length; i++) {
    const value = reportedValue(model, state, i);
    const entry =
      value === 0 ? zero[i]! : value === 1 ? one[i]! : fmix(fnv(prefix[i]!, String(value)));
    sum = (sum + entry) | 0;
  }
  for (const [id, text] of Object.entries(state.texts)) sum = (sum + textEntry(id, text)) | 0;
  sum = (sum + fmix(fnv(offsetBasis, `@${lang}`))) | 0;
  knownSums.set(state, {lang, sum});
  return sum;
}

/** The fingerprint of the configuration `state` renders in the (resolved) language `lang`. */
export function stateFingerprint(model: CompiledModel, state: SessionState, lang: string): string {
  return (fingerprintSum(model, state, lang) >>> 0).toString(16).padStart(8, '0');
}
