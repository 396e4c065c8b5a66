import type {Configuration, FeatureNode, Step} from '../../src/wire/index.js';
import {perModel, type CompiledModel, type LocalisedSkeleton} from './compiled-model.js';
import {reportedValue} from './configuration-fingerprint.js';
import type {SessionState} from './session-state.js';

/**
 * The rendered model's nodes and steps are frozen objects shared by every answer in a
 * language, so their JSON is computed once, as UTF-8 bytes, and reused; only what the state
 * changed (values, prices, disabled nodes) is serialised per answer.
 *
 * Every encoder here gives the same bytes: the answer's own fields in their order, then
 * `values`, then `featureModel`, each as `JSON.stringify` writes it.
 */
const cache = new WeakMap<object, Buffer>();
/** The cached pieces themselves, so a compressor can recognise (and cache) them too. */
const sharedPieces = new WeakSet<Buffer>();

/** An object's JSON without its `features` and `steps` and without the closing brace. */
const openText = (head: object) => {
  const json = JSON.stringify({...head, features: undefined, steps: undefined});
  return json.length > 2 ? `${json.slice(0, -1)},` : '{';
};
const open = (head: object) => Buffer.from(openText(head));
/**
 * JSON of an object built for it (no `features` or `steps`), without the closing brace: no
 * spread, whose cache the nodes' and steps' many shapes would make slow for every answer.
 */
const openOwn = (fields: object) => {
  const json = JSON.stringify(fields);
  return json.length > 2 ? `${json.slice(0, -1)},` : '{';
};
const comma = Buffer.from(',');
const closeList = Buffer.from(']}');
const closeObject = Buffer.from('}');
const featureModelKey = Buffer.from('"featureModel":');
const valuesKey = Buffer.from('"values":');
const stepsKey = Buffer.from('"steps":[');
const featuresKey = Buffer.from('"features":[');

/** What a full answer was rendered from, so that it can be encoded from the state itself. */
export interface RenderedFrom {
  model: CompiledModel;
  state: SessionState;
  /** The model's shared nodes and steps in the answer's language. */
  skeleton: LocalisedSkeleton;
  /** The nodes the state disables (tree-order indexes), each with its localised reason. */
  disabled: ReadonlyMap<number, string>;
}

const renderedFrom = new WeakMap<Configuration, RenderedFrom>();

/**
 * Records what `renderConfiguration` rendered a full answer from. The answer's `values` and
 * feature model must be what those give: the encoders read them from here, not from the
 * object. An answer copied into another object loses the record and is encoded from its fields.
 */
export function rememberRenderedFrom(configuration: Configuration, from: RenderedFrom): void {
  renderedFrom.set(configuration, from);
}

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

/** The answer's fields but `values` and `featureModel`, opened: `{"id":…,…,`. */
function headText(configuration: Configuration): string {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(configuration)) {
    if (key !== 'values' && key !== 'featureModel' && key !== 'features' && key !== 'steps') {
      rest[key] = configuration[key as keyof Configuration];
    }
  }
  return openOwn(rest);
}

/** The feature model's own fields, opened: `{"id":…,"rootNodeId":…,`. */
function featureModelText(configuration: Configuration): string {
  const fields: Record<string, unknown> = {};
  const featureModel = configuration.featureModel;
  // Not spread: a rendered answer builds its steps only when they are read.
  for (const key of Object.keys(featureModel)) {
    if (key !== 'steps' && key !== 'features') {
      fields[key] = featureModel[key as keyof typeof featureModel];
    }
  }
  return openOwn(fields);
}

/**
 * A configuration as UTF-8 JSON pieces that, written one after the other, are the whole
 * answer. Pieces shared with other answers are the same `Buffer` objects every time (see
 * {@link isSharedPiece}), so nothing large is copied per answer; the gzip encoder caches
 * their compressed forms.
 */
export function configurationPieces(configuration: Configuration): Buffer[] {
  const from = renderedFrom.get(configuration);
  const chunks: Buffer[] = [Buffer.from(headText(configuration)), valuesKey];
  if (from && valuesLayout(from.model)) {
    const out = Buffer.allocUnsafe(valuesSize(from));
    writeValues(from, out, 0);
    chunks.push(out);
  } else {
    chunks.push(Buffer.from(JSON.stringify(configuration.values)));
  }
  chunks.push(comma, featureModelKey, Buffer.from(featureModelText(configuration)));
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
// Full answers in one pass. The feature model of an answer is the model's shared JSON in its
// language with one change per disabled node: `"isDisabled":false,"disabledReason":null`
// becomes `"isDisabled":true,"disabledReason":"<reason>"`. `values` is a fixed text with one
// character per switch (`0` or `1`, the state's own character) and a number per numeric input
// that is on. So an answer is written from cached bytes and the state, straight into one
// buffer, without building the object tree or any intermediate piece.

/** The shared JSON of a model's steps in one language, and where each node's flags sit. */
interface StepsLayout {
  /** `"steps":[…]}}`: the steps with nothing disabled, and the braces that end the answer. */
  bytes: Buffer;
  /** Per node (tree order): offsets in `bytes` of its {@link enabledFlags}, one per occurrence. */
  spots: (readonly number[] | undefined)[];
}

const enabledFlags = ',"isDisabled":false,"disabledReason":null';
const enabledFlagsBytes = Buffer.byteLength(enabledFlags);
const disabledFlags = ',"isDisabled":true,"disabledReason":';

/** Per skeleton; `null` when its nodes do not hold the flags as expected (then pieces). */
const stepsLayouts = new WeakMap<LocalisedSkeleton, StepsLayout | null>();

function stepsLayout(skeleton: LocalisedSkeleton): StepsLayout | null {
  let layout = stepsLayouts.get(skeleton);
  if (layout === undefined) {
    layout = buildStepsLayout(skeleton);
    stepsLayouts.set(skeleton, layout);
  }
  return layout;
}

function buildStepsLayout(skeleton: LocalisedSkeleton): StepsLayout | null {
  const indexOf = new Map<FeatureNode, number>();
  skeleton.nodes.forEach((node, index) => indexOf.set(node, index));
  const parts: string[] = [];
  let size = 0;
  const spots: number[][] = [];
  const push = (text: string) => {
    parts.push(text);
    size += Buffer.byteLength(text);
  };
  const list = (items: readonly FeatureNode[]) => {
    items.forEach((item, i) => {
      if (i > 0) push(',');
      node(item);
    });
    push(']}');
  };
  const node = (item: FeatureNode) => {
    const index = indexOf.get(item);
    const own = openText(item);
    // An unescaped quote cannot stand inside a JSON string, so the flags are found only as
    // the node's own properties; a node without them (or with them set) has no layout.
    const at = own.indexOf(enabledFlags);
    if (index === undefined || at < 0 || own.indexOf(enabledFlags, at + 1) >= 0) {
      throw new NoLayout();
    }
    (spots[index] ??= []).push(size + Buffer.byteLength(own.slice(0, at)));
    push(own);
    push('"features":[');
    list(item.features);
  };
  try {
    push('"steps":[');
    skeleton.steps.forEach((step, i) => {
      if (i > 0) push(',');
      push(openText(step));
      push('"features":[');
      list(step.features);
    });
    // The steps list, the feature model and the answer end here.
    push(']}}');
  } catch (error) {
    if (error instanceof NoLayout) return null;
    throw error;
  }
  return {bytes: Buffer.from(parts.join('')), spots};
}

class NoLayout extends Error {}

/** The keys of a model's `values` with a one-character value each, in tree order. */
interface ValuesLayout {
  /** `{"<id>":0,"<id>":0,…}` */
  template: Buffer;
  /** Per node: the offset of its value character in `template`. */
  slots: Int32Array;
  /** Numeric inputs, in tree order: the nodes whose value may take more than one character. */
  numeric: Int32Array;
  /**
   * The template cut at the numeric inputs' values: `runs[i]` ends before the value of
   * `numeric[i]`, the last one ends the map. Views made once: copying them takes no new object.
   */
  runs: Buffer[];
}

/** Per model; `null` when an id is an array index (`JSON.stringify` would put it first). */
const valuesLayout = perModel((model): ValuesLayout | null => {
  const ids = model.nodes.map((node) => node.id);
  if (ids.some((id) => String(Number(id) >>> 0) === id && id !== '4294967295')) return null;
  const slots = new Int32Array(ids.length);
  let text = '{';
  let size = 1;
  ids.forEach((id, i) => {
    const key = `${i > 0 ? ',' : ''}${JSON.stringify(id)}:`;
    text += `${key}0`;
    size += Buffer.byteLength(key);
    slots[i] = size;
    size += 1;
  });
  const template = Buffer.from(`${text}}`);
  const numeric = Int32Array.from(model.nodes.filter((n) => n.numeric).map((n) => n.index));
  const runs: Buffer[] = [];
  let from = 0;
  for (const index of numeric) {
    runs.push(template.subarray(from, slots[index]));
    from = slots[index]! + 1;
  }
  runs.push(template.subarray(from));
  return {template, slots, numeric, runs};
});

/** A number as `JSON.stringify` writes it. */
const numberText = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/** The byte length of the `values` JSON of a rendered answer. */
function valuesSize({model, state}: RenderedFrom): number {
  const layout = valuesLayout(model)!;
  let size = layout.template.length;
  for (const index of layout.numeric) {
    const value = reportedValue(model, state, index);
    if (value !== 0) size += numberText(value).length - 1;
  }
  return size;
}

/** Writes the `values` JSON of a rendered answer at `at`; returns where it ends. */
function writeValues({model, state}: RenderedFrom, out: Buffer, start: number): number {
  const {slots, numeric, runs} = valuesLayout(model)!;
  const on = state.on;
  let at = start;
  let node = 0;
  for (let i = 0; i <= numeric.length; i++) {
    // A run of switches: the template copied whole, then each value set from the state.
    const run = runs[i]!;
    out.set(run, at);
    const shift = at - (i === 0 ? 0 : slots[numeric[i - 1]!]! + 1);
    const end = i < numeric.length ? numeric[i]! : slots.length;
    for (; node < end; node++) out[slots[node]! + shift] = on.charCodeAt(node) === 49 ? 49 : 48;
    at += run.length;
    if (i === numeric.length) break;
    // Then the numeric input that ends the run.
    const value = reportedValue(model, state, end);
    if (value === 0) out[at++] = 48;
    else at += out.write(numberText(value), at, 'latin1');
    node = end + 1;
  }
  return at;
}

/** A full answer measured and ready to be written, in one pass. */
export interface PreparedAnswer {
  /** The answer's size in bytes. */
  readonly size: number;
  /** Writes the answer at the start of `out`, which holds at least {@link size} bytes. */
  writeInto(out: Buffer): void;
  /**
   * The answer as a few buffers that, written one after the other, are the whole answer: long
   * runs of the model's JSON are views of the shared bytes (nothing copies them before the
   * socket does), the rest is written into one buffer of the answer's own.
   */
  pieces(): Buffer[];
}

/**
 * Runs of the shared JSON shorter than this are copied into an answer's own buffer rather than
 * sent as pieces of their own: a piece costs a little on its way to the socket whatever its
 * size, and a busy state disables hundreds of nodes.
 */
const minSharedRun = 16 * 1024;

/**
 * A full answer rendered by `renderConfiguration`, measured from its state and the model's
 * cached JSON, to be written in one pass: the same bytes as {@link configurationPieces}
 * joined. `undefined` when the answer is not one `renderConfiguration` recorded (then use
 * the pieces). The answer and its state must not change until it is written.
 */
export function prepareConfiguration(configuration: Configuration): PreparedAnswer | undefined {
  const from = renderedFrom.get(configuration);
  if (!from) return undefined;
  const steps = stepsLayout(from.skeleton);
  if (!steps || !valuesLayout(from.model)) return undefined;
  const shared = steps.bytes;

  const head = `${headText(configuration)}"values":`;
  const featureModel = `,"featureModel":${featureModelText(configuration)}`;
  // The disabled nodes' flags, in the order they occur in the shared bytes.
  const changes: {at: number; text: string}[] = [];
  for (const [index, reason] of from.disabled) {
    const text = `${disabledFlags}${JSON.stringify(reason)}`;
    for (const at of steps.spots[index] ?? []) changes.push({at, text});
  }
  changes.sort((a, b) => a.at - b.at);
  let size = Buffer.byteLength(head) + valuesSize(from) + Buffer.byteLength(featureModel);
  let own = size;
  let copied = 0;
  for (const change of changes) {
    const bytes = Buffer.byteLength(change.text);
    size += change.at - copied + bytes;
    own += bytes + (change.at - copied < minSharedRun ? change.at - copied : 0);
    copied = change.at + enabledFlagsBytes;
  }
  size += shared.length - copied;
  if (shared.length - copied < minSharedRun) own += shared.length - copied;

  /**
   * Writes the answer into `out`, but hands each run of the shared bytes of `minRun` bytes or
   * more to `run` (with where it would start in `out`) instead of copying it.
   */
  const write = (
    out: Buffer,
    minRun: number,
    run: (at: number, start: number, end: number) => void,
  ) => {
    let at = out.write(head, 0);
    at = writeValues(from, out, at);
    at += out.write(featureModel, at);
    let start = 0;
    const sharedRun = (end: number) => {
      if (end - start >= minRun) run(at, start, end);
      else at += shared.copy(out, at, start, end);
    };
    for (const change of changes) {
      sharedRun(change.at);
      at += out.write(change.text, at);
      start = change.at + enabledFlagsBytes;
    }
    sharedRun(shared.length);
    return at;
  };

  return {
    size,
    writeInto(out) {
      const end = write(out, Infinity, () => undefined);
      if (end !== size) throw new Error(`Answer written in ${end} bytes, ${size} measured`);
    },
    pieces() {
      const out = Buffer.allocUnsafe(own);
      const pieces: Buffer[] = [];
      let flushed = 0;
      const end = write(out, minSharedRun, (at, start, runEnd) => {
        if (at > flushed) pieces.push(out.subarray(flushed, at));
        flushed = at;
        pieces.push(shared.subarray(start, runEnd));
      });
      if (end !== own) throw new Error(`Answer written in ${end} own bytes, ${own} measured`);
      if (end > flushed) pieces.push(out.subarray(flushed, end));
      return pieces;
    },
  };
}

/**
 * A full answer rendered by `renderConfiguration` written into one buffer, got from `allocate`
 * with the exact size (see {@link prepareConfiguration}); `undefined` for other answers.
 */
export function writeConfiguration(
  configuration: Configuration,
  allocate: (size: number) => Buffer,
): Buffer | undefined {
  const answer = prepareConfiguration(configuration);
  if (!answer) return undefined;
  const out = allocate(answer.size);
  answer.writeInto(out);
  return out.subarray(0, answer.size);
}
