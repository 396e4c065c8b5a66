import type {Configuration} from '../../src/wire/index.js';
import {perModel, type CompiledModel, type LocalisedSkeleton} from './compiled-model.js';
import {reportedValue} from './configuration-fingerprint.js';
import type {SessionState} from './session-state.js';

/*
 * What every encoder of a full answer shares: the record of what a rendered answer was rendered
 * from, the answer's head and the feature model's own fields as JSON, and the `values` JSON
 * written from the state. The encoders are serialize-configuration.ts (pieces) and
 * one-pass-answer.ts (one buffer); both give the bytes `JSON.stringify` would.
 */

/** An object's JSON without its `features` and `steps` and without the closing brace. */
export const openText = (head: object) => {
  const json = JSON.stringify({...head, features: undefined, steps: undefined});
  return json.length > 2 ? `${json.slice(0, -1)},` : '{';
};
/**
 * JSON of an object built for it (no `features` or `steps`), without the closing brace: no
 * spread, whose cache the nodes' and steps' many shapes would make slow for every answer.
 */
const openOwn = (fields: object) => {
  const json = JSON.stringify(fields);
  return json.length > 2 ? `${json.slice(0, -1)},` : '{';
};

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

/** What a full answer was rendered from; `undefined` for an answer `renderConfiguration` did not record. */
export function renderedFromOf(configuration: Configuration): RenderedFrom | undefined {
  return renderedFrom.get(configuration);
}

/** The answer's fields but `values` and `featureModel`, opened: `{"id":…,…,`. */
export function headText(configuration: Configuration): string {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(configuration)) {
    if (key !== 'values' && key !== 'featureModel' && key !== 'features' && key !== 'steps') {
      rest[key] = configuration[key as keyof Configuration];
    }
  }
  return openOwn(rest);
}

/** The feature model's own fields, opened: `{"id":…,"rootNodeId":…,`. */
export function featureModelText(configuration: Configuration): string {
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

/** The keys of a model's `values` with a one-character value each, in tree order. */
export interface ValuesLayout {
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
export const valuesLayout = perModel((model): ValuesLayout | null => {
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
export function valuesSize({model, state}: RenderedFrom): number {
  const layout = valuesLayout(model)!;
  let size = layout.template.length;
  for (const index of layout.numeric) {
    const value = reportedValue(model, state, index);
    if (value !== 0) size += numberText(value).length - 1;
  }
  return size;
}

/** Writes the `values` JSON of a rendered answer at `at`; returns where it ends. */
export function writeValues({model, state}: RenderedFrom, out: Buffer, start: number): number {
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

/**
 * The `values` JSON of an answer: written from the state when `renderConfiguration` recorded
 * what the answer was rendered from, else the answer's own `values` stringified.
 */
export function valuesJson(configuration: Configuration): Buffer {
  const from = renderedFrom.get(configuration);
  if (!from || !valuesLayout(from.model)) return Buffer.from(JSON.stringify(configuration.values));
  const out = Buffer.allocUnsafe(valuesSize(from));
  writeValues(from, out, 0);
  return out;
}
