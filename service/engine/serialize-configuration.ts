import type {Configuration, FeatureNode, Step} from '../../src/wire/index.js';
import {featureModelText, headText, openText, valuesJson} from './answer-json.js';
import {writeConfiguration} from './one-pass-answer.js';

/**
 * The rendered model's nodes and steps are frozen objects shared by every answer in a
 * language, so their JSON is computed once, as UTF-8 bytes, and reused; only what the state
 * changed (values, prices, disabled nodes) is serialised per answer.
 *
 * The pieces here and the one pass of one-pass-answer.ts give the same bytes: the answer's own
 * fields in their order, then `values`, then `featureModel`, each as `JSON.stringify` writes it.
 */
const cache = new WeakMap<object, Buffer>();
/** The cached pieces themselves, so a compressor can recognise (and cache) them too. */
const sharedPieces = new WeakSet<Buffer>();

const open = (head: object) => Buffer.from(openText(head));
const comma = Buffer.from(',');
const closeList = Buffer.from(']}');
const closeObject = Buffer.from('}');
const featureModelKey = Buffer.from('"featureModel":');
const valuesKey = Buffer.from('"values":');
const stepsKey = Buffer.from('"steps":[');
const featuresKey = Buffer.from('"features":[');

function pushList(
  chunks: Buffer[],
  key: Buffer,
  items: readonly object[],
  each: (item: never, chunks: Buffer[]) => void,
) {
  chunks.push(key);
  items.forEach((item, i) => {
    if (i > 0) chunks.push(comma);
    each(item as never, chunks);
  });
  chunks.push(closeList);
}

function cached(value: object, chunks: Buffer[], build: (into: Buffer[]) => void) {
  if (!Object.isFrozen(value)) {
    build(chunks);
    return;
  }
  let bytes = cache.get(value);
  if (bytes === undefined) {
    const own: Buffer[] = [];
    build(own);
    bytes = Buffer.concat(own);
    cache.set(value, bytes);
    sharedPieces.add(bytes);
  }
  chunks.push(bytes);
}

function nodeChunks(node: FeatureNode, chunks: Buffer[]) {
  cached(node, chunks, (into) => {
    into.push(open(node));
    pushList(into, featuresKey, node.features, nodeChunks);
  });
}

function stepChunks(step: Step, chunks: Buffer[]) {
  cached(step, chunks, (into) => {
    into.push(open(step));
    pushList(into, featuresKey, step.features, nodeChunks);
  });
}

/**
 * A configuration as UTF-8 JSON pieces that, written one after the other, are the whole
 * answer. Pieces shared with other answers are the same `Buffer` objects every time (see
 * {@link isSharedPiece}), so nothing large is copied per answer; the gzip encoder caches
 * their compressed forms.
 */
export function configurationPieces(configuration: Configuration): Buffer[] {
  const chunks: Buffer[] = [Buffer.from(headText(configuration)), valuesKey];
  chunks.push(
    valuesJson(configuration),
    comma,
    featureModelKey,
    Buffer.from(featureModelText(configuration)),
  );
  // The steps list of a state that disables nothing is the frozen shared list: one piece.
  const steps = configuration.featureModel.steps;
  cached(steps, chunks, (into) => pushList(into, stepsKey, steps, stepChunks));
  chunks.push(closeObject);
  return chunks;
}

/** Whether a piece is cached model JSON, the same bytes in every answer that holds it. */
export function isSharedPiece(piece: Buffer): boolean {
  return sharedPieces.has(piece);
}

/**
 * A configuration as UTF-8 JSON bytes, ready to send: several times faster than
 * `JSON.stringify` plus encoding on large models, and the same bytes as
 * {@link configurationPieces} joined.
 */
export function encodeConfiguration(configuration: Configuration): Uint8Array<ArrayBuffer> {
  return (writeConfiguration(configuration, (size) => Buffer.allocUnsafe(size)) ??
    Buffer.concat(configurationPieces(configuration))) as Uint8Array<ArrayBuffer>;
}

/** {@link encodeConfiguration} as a string. */
export function serializeConfiguration(configuration: Configuration): string {
  const bytes = encodeConfiguration(configuration);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

// ---------------------------------------------------------------------------------------------
