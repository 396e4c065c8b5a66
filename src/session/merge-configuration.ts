import type {
  CompressedConfiguration,
  Configuration,
  ConfigurationValues,
  FeatureNode,
  Step,
} from '../wire/index.js';

/**
 * Why a compressed answer could not be merged:
 * - `stale_base`: it describes changes to a configuration other than the one held (an answer
 *   was missed, another client changed the session, or nothing is held yet). Fetch the whole
 *   configuration (open the session) instead; nothing is wrong with the service.
 * - `malformed`: it is not a configuration of the expected shape (a `bad_response`).
 */
export type MergeErrorCode = 'stale_base' | 'malformed';

export class ConfigurationMergeError extends Error {
  readonly code: MergeErrorCode;
  constructor(code: MergeErrorCode, message: string) {
    super(message);
    this.name = 'ConfigurationMergeError';
    this.code = code;
  }
}

/** Whether an answer is a compressed one (`compress=true`) rather than a full configuration. */
export function isCompressedConfiguration(
  answer: Configuration | CompressedConfiguration,
): answer is CompressedConfiguration {
  return (answer as Partial<CompressedConfiguration>).compressed !== undefined;
}

/**
 * The full configuration an answer stands for. A full answer (a service that ignores
 * `compress`) is returned as it is. A compressed answer is applied to `previous`, the full
 * configuration the session held before: changed values and texts replace (or, as `null`,
 * remove) the previous ones, changed node fields are copied into new node objects, and every
 * other top-level field comes from the answer. Nodes, steps and maps that did not change are
 * the previous objects, so a view keyed on them can skip them.
 *
 * Throws {@link ConfigurationMergeError}: `stale_base` when the answer was computed against a
 * configuration other than `previous` (compare `compressed.since`), `malformed` when it is
 * not of the expected shape.
 */
export function mergeConfiguration(
  previous: Configuration | undefined,
  answer: Configuration | CompressedConfiguration,
): Configuration {
  if (!isCompressedConfiguration(answer)) return answer;
  const {compressed, values: valueChanges, textValues: textChanges, ...rest} = answer;
  if (
    !isObject(compressed) ||
    typeof compressed.since !== 'string' ||
    !isObject(compressed.nodes) ||
    !isObject(valueChanges) ||
    !isObject(textChanges)
  ) {
    throw new ConfigurationMergeError('malformed', 'A compressed answer of the wrong shape');
  }
  if (previous === undefined) {
    throw new ConfigurationMergeError('stale_base', 'A compressed answer without a configuration');
  }
  if (previous.id !== answer.id || previous.languageIso !== answer.languageIso) {
    throw new ConfigurationMergeError('stale_base', 'A compressed answer of another configuration');
  }
  const base = configurationFingerprint(previous);
  if (base !== compressed.since) {
    throw new ConfigurationMergeError(
      'stale_base',
      `A compressed answer of configuration ${compressed.since}, not of ${base}`,
    );
  }

  let sum = parseInt(base, 16);
  let values = previous.values;
  const valueIds = Object.keys(valueChanges);
  if (valueIds.length > 0) {
    values = {...values};
    for (const id of valueIds) {
      const value = valueChanges[id];
      if (value !== null && typeof value !== 'number' && !isObject(value)) {
        throw new ConfigurationMergeError('malformed', `Value of ${id} is not a number`);
      }
      if (id === '__proto__')
        throw new ConfigurationMergeError('malformed', 'A value of __proto__');
      if (id in values) sum -= valueEntry(id, values[id]!);
      if (value === null) delete values[id];
      else {
        values[id] = value;
        sum += valueEntry(id, value);
      }
    }
  }
  let textValues = previous.textValues;
  const textIds = Object.keys(textChanges);
  if (textIds.length > 0) {
    textValues = {...textValues};
    for (const id of textIds) {
      const text = textChanges[id];
      if (text !== null && typeof text !== 'string') {
        throw new ConfigurationMergeError('malformed', `Text of ${id} is not a string`);
      }
      if (id === '__proto__') throw new ConfigurationMergeError('malformed', 'A text of __proto__');
      if (id in textValues) sum -= textEntry(id, textValues[id]!);
      if (text === null) delete textValues[id];
      else {
        textValues[id] = text;
        sum += textEntry(id, text);
      }
    }
  }

  const featureModel = patchFeatureModel(previous.featureModel, compressed.nodes);
  const merged: Configuration = {...rest, featureModel, values, textValues};
  fingerprints.set(merged, hex(sum));
  return merged;
}

function patchFeatureModel(
  model: Configuration['featureModel'],
  patches: CompressedConfiguration['compressed']['nodes'],
): Configuration['featureModel'] {
  const pending = Object.keys(patches).length;
  if (pending === 0) return model;
  let applied = 0;
  // A node is copied when it or a node below it changed; every other object is kept.
  const visit = (node: FeatureNode): FeatureNode => {
    let features = node.features;
    for (let i = 0; i < node.features.length; i++) {
      const child = node.features[i]!;
      const next = visit(child);
      if (next !== child) {
        if (features === node.features) features = [...node.features];
        features[i] = next;
      }
    }
    const patch = Object.hasOwn(patches, node.id) ? patches[node.id] : undefined;
    if (patch !== undefined) {
      applied++;
      if (!isObject(patch)) {
        throw new ConfigurationMergeError(
          'malformed',
          `Changes of node ${node.id} are not an object`,
        );
      }
      return {...node, ...patch, id: node.id, features};
    }
    return features === node.features ? node : {...node, features};
  };
  let steps = model.steps;
  model.steps.forEach((step: Step, s) => {
    let features = step.features;
    step.features.forEach((node, i) => {
      const next = visit(node);
      if (next === node) return;
      if (features === step.features) features = [...step.features];
      features[i] = next;
    });
    if (features === step.features) return;
    if (steps === model.steps) steps = [...model.steps];
    steps[s] = {...step, features};
  });
  if (applied !== pending) {
    throw new ConfigurationMergeError('malformed', 'Changes of nodes the feature model lacks');
  }
  return {...model, steps};
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/*
 * The fingerprint the service names a compressed answer's base by (`compressed.since`): per
 * entry FNV-1a (32 bits, over UTF-16 code units) of `<id>=<value>` for each value,
 * `<id>#<text>` for each text and `@<languageIso>` once, each finished with murmur3's fmix32,
 * summed modulo 2^32, as 8 hex digits. The service computes the same from its state
 * (service/engine/configuration-fingerprint.ts).
 */

/** Fingerprints of merged configurations, kept up to date entry by entry while merging. */
const fingerprints = new WeakMap<Configuration, string>();

/** The fingerprint of a full configuration, as `compressed.since` names a base. */
export function configurationFingerprint(configuration: Configuration): string {
  const known = fingerprints.get(configuration);
  if (known !== undefined) return known;
  let sum = 0;
  for (const [id, value] of Object.entries(configuration.values)) sum += valueEntry(id, value);
  for (const [id, text] of Object.entries(configuration.textValues ?? {})) {
    sum += textEntry(id, text);
  }
  sum += entry(`@${configuration.languageIso}`);
  const fingerprint = hex(sum);
  fingerprints.set(configuration, fingerprint);
  return fingerprint;
}

const hex = (sum: number) => ((sum | 0) >>> 0).toString(16).padStart(8, '0');

const numberOf = (value: ConfigurationValues[string]) =>
  typeof value === 'number' ? value : value.selected ? value.value : 0;

const valueEntry = (id: string, value: ConfigurationValues[string]) =>
  entry(`${id}=${numberOf(value)}`);
const textEntry = (id: string, text: string) => entry(`${id}#${text}`);

function entry(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
