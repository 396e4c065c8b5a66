import type {Configuration, FeatureNode} from '../../src/wire/index.js';
import type {LocalisedSkeleton} from './compiled-model.js';
import {
  featureModelText,
  headText,
  openText,
  renderedFromOf,
  valuesLayout,
  valuesSize,
  writeValues,
} from './answer-json.js';

/*
 * Full answers in one pass. The feature model of an answer is the model's shared JSON in its
 * language with one change per disabled node: `"isDisabled":false,"disabledReason":null`
 * becomes `"isDisabled":true,"disabledReason":"<reason>"`. `values` is a fixed text with one
 * character per switch (`0` or `1`, the state's own character) and a number per numeric input
 * that is on. So an answer is written from cached bytes and the state, straight into one
 * buffer, without building the object tree or any intermediate piece. The same bytes as the
 * pieces of serialize-configuration.ts joined.
 */

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
 * cached JSON, to be written in one pass: the same bytes as `configurationPieces`
 * (serialize-configuration.ts) joined. `undefined` when the answer is not one `renderConfiguration` recorded (then use
 * the pieces). The answer and its state must not change until it is written.
 */
export function prepareConfiguration(configuration: Configuration): PreparedAnswer | undefined {
  const from = renderedFromOf(configuration);
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
