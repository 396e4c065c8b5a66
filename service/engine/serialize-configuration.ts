import type {Configuration, FeatureNode, Step} from '../../src/session/wire.js';

/**
 * The rendered model's nodes and steps are frozen objects shared by every answer in a
 * language, so their JSON is computed once, as UTF-8 bytes, and reused; only what the state
 * changed (values, prices, disabled nodes) is serialised per answer.
 */
const cache = new WeakMap<object, Buffer>();

const open = (head: object) => {
  const json = JSON.stringify({...head, features: undefined, steps: undefined});
  return Buffer.from(json.length > 2 ? `${json.slice(0, -1)},` : '{');
};
const comma = Buffer.from(',');

function pushList(
  chunks: Buffer[],
  name: string,
  items: readonly object[],
  each: (item: never, chunks: Buffer[]) => void,
) {
  chunks.push(Buffer.from(`"${name}":[`));
  items.forEach((item, i) => {
    if (i > 0) chunks.push(comma);
    each(item as never, chunks);
  });
  chunks.push(Buffer.from(']}'));
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
  }
  chunks.push(bytes);
}

function nodeChunks(node: FeatureNode, chunks: Buffer[]) {
  cached(node, chunks, (into) => {
    into.push(open(node));
    pushList(into, 'features', node.features, nodeChunks);
  });
}

function stepChunks(step: Step, chunks: Buffer[]) {
  cached(step, chunks, (into) => {
    into.push(open(step));
    pushList(into, 'features', step.features, nodeChunks);
  });
}

/**
 * A configuration as UTF-8 JSON bytes, ready to send: several times faster than
 * `JSON.stringify` plus encoding on large models, and it parses to the same value.
 */
export function encodeConfiguration(configuration: Configuration): Uint8Array<ArrayBuffer> {
  const {featureModel, ...rest} = configuration;
  const chunks: Buffer[] = [open(rest), Buffer.from('"featureModel":'), open(featureModel)];
  pushList(chunks, 'steps', featureModel.steps, stepChunks);
  chunks.push(Buffer.from('}'));
  return Buffer.concat(chunks) as Uint8Array<ArrayBuffer>;
}

/** {@link encodeConfiguration} as a string: the same value `JSON.stringify` gives. */
export function serializeConfiguration(configuration: Configuration): string {
  const bytes = encodeConfiguration(configuration);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
