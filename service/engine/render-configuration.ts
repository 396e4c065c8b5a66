import type {
  CompressedConfiguration,
  Configuration,
  ConfigurationChanges,
  Conflict,
  FeatureNode,
  Step,
} from '../../src/wire/index.js';
import {formatPrice, notAvailableWith, resolveLanguage, roundMoney} from '../i18n/index.js';
import {Beside} from './beside.js';
import {nodesChangedSince} from './state-memos.js';
import {perModel, type CompiledModel, type LocalisedSkeleton} from './compiled-model.js';
import {
  fingerprintSum,
  rememberFingerprintSum,
  reportedValue,
  textEntry,
  valueEntry,
} from './configuration-fingerprint.js';
import {headFields} from './head-fields.js';
import {localise} from './localise.js';
import {onArrayOf} from './on-bits.js';
import {rememberRenderedFrom} from './answer-json.js';
import type {SessionState} from './session-state.js';

export interface RenderOptions {
  /** The session id. */
  id: string;
  /** The session's 8-letter code. */
  code: string;
  /** The session's language; unknown languages fall back to English. */
  lang: string;
  conflicts: Conflict[] | null;
  /** Only these node ids in `values` (v2's `compress`); all nodes when absent. */
  onlyValues?: readonly string[];
}

/**
 * The Configuration the service answers with. The model's texts and prices are built once per
 * language and shared between sessions (they are frozen); only the nodes the current state
 * disables, and their ancestors, are copied per answer.
 */
export function renderConfiguration(
  model: CompiledModel,
  state: SessionState,
  options: RenderOptions,
): Configuration {
  const lang = resolveLanguage(options.lang, model.languages);
  const skeleton = skeletonFor(model, lang);
  const disabled = new Map<number, string>();
  for (const [index, causes] of disabledNodes(model, state)) {
    disabled.set(index, disabledReason(model, causes, lang));
  }

  const root = model.nodes[0]!;
  const head = headFields(model, state, options, lang);
  const configuration: Configuration = {
    id: head.id,
    code: head.code,
    currencyIso: head.currencyIso,
    currency: head.currency,
    languageIso: head.languageIso,
    countryIso: head.countryIso,
    featureModelId: head.featureModelId,
    featureModel: {
      id: model.id,
      // Localised; findModel accepts the root's name in any language as an identifier.
      name: localise(root.name, lang),
      description: localise(root.description, lang),
      imageUrl: root.imageUrl,
      rootNodeId: root.id,
      steps: skeleton.steps as Step[],
    },
    values: {},
    textValues: {...state.texts},
    ...head.rest,
  };
  if (options.onlyValues) {
    for (const id of options.onlyValues) {
      const index = model.indexById.get(id);
      if (index !== undefined) configuration.values[id] = reportedValue(model, state, index);
    }
    if (disabled.size > 0) configuration.featureModel.steps = withDisabled();
    return configuration;
  }
  // A full answer goes to the wire written from the state and the model's shared JSON
  // (serialize-configuration.ts), which needs neither the map of 2,000 values nor the copies of
  // the disabled nodes' branches: they are built when read (by a caller in process).
  rememberRenderedFrom(configuration, {model, state, skeleton, disabled});
  builtWhenRead(configuration, 'values', () => {
    const values: Record<string, number> = {};
    for (let i = 0; i < model.nodes.length; i++) {
      values[model.nodes[i]!.id] = reportedValue(model, state, i);
    }
    return values;
  });
  if (disabled.size > 0) builtWhenRead(configuration.featureModel, 'steps', withDisabled);
  return configuration;

  function withDisabled(): Step[] {
    const dirty = new Set<number>();
    for (const index of disabled.keys()) {
      for (let i = index; i > 0 && !dirty.has(i); i = model.nodes[i]!.parent) dirty.add(i);
    }
    const build = (index: number): FeatureNode => {
      const shared = skeleton.nodes[index]!;
      if (!dirty.has(index)) return shared;
      const reason = disabled.get(index);
      return {
        ...shared,
        isDisabled: reason !== undefined,
        disabledReason: reason ?? null,
        features: model.nodes[index]!.children.map(build),
      };
    };
    // Steps without a disabled node stay the shared objects, so their JSON stays cached.
    return model.steps.map((step, i) =>
      step.features.some((f) => dirty.has(f))
        ? {...skeleton.steps[i]!, features: step.features.map(build)}
        : skeleton.steps[i]!,
    );
  }
}

/**
 * Makes `target[key]` a value built on first read, from then on a plain property (as is one
 * assigned before it is read). It keeps its place among the keys, so JSON and key order do not
 * change.
 */
function builtWhenRead<T extends object, K extends keyof T>(
  target: T,
  key: K,
  build: () => T[K],
): void {
  const settle = (value: T[K]) =>
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = build();
      settle(value);
      return value;
    },
    set: settle,
  });
}

/**
 * A compressed answer (`compress=true`): the changes from `base`, the session's state at its
 * previous answer, to `state`, with every top-level field of the full answer. Merged into the
 * previous full answer (`mergeConfiguration` in src/session) it equals what
 * {@link renderConfiguration} gives for `state`. Both states must be in the same language.
 */
export function renderConfigurationChanges(
  model: CompiledModel,
  base: SessionState,
  state: SessionState,
  options: Omit<RenderOptions, 'onlyValues'>,
): CompressedConfiguration {
  const lang = resolveLanguage(options.lang, model.languages);
  const baseSum = fingerprintSum(model, base, lang);
  // The new state's fingerprint follows from the base's and the entries that change.
  let sum = baseSum;
  const values: Record<string, number> = {};
  const numeric = base.numbers !== state.numbers;
  if (base.on !== state.on || numeric) {
    // The engine knows which nodes one operation can have changed; all of them otherwise.
    const changed = nodesChangedSince(base, state);
    if (changed) {
      for (const i of changed) sum += changedValue(model, base, state, i, values);
    } else {
      for (let i = 0; i < model.nodes.length; i++) {
        sum += changedValue(model, base, state, i, values);
      }
    }
  }
  const textValues: Record<string, string | null> = {};
  if (base.texts !== state.texts) {
    for (const [id, text] of Object.entries(state.texts)) {
      const was = base.texts[id];
      if (was === text) continue;
      textValues[id] = text;
      sum += textEntry(id, text) - (was === undefined ? 0 : textEntry(id, was));
    }
    for (const [id, text] of Object.entries(base.texts)) {
      if (id in state.texts) continue;
      textValues[id] = null;
      sum -= textEntry(id, text);
    }
  }
  rememberFingerprintSum(state, lang, sum);
  const nodes: ConfigurationChanges['nodes'] = {};
  const before = disabledNodes(model, base);
  const after = disabledNodes(model, state);
  // Reasons follow from their causes: only nodes whose causes differ need a text.
  for (const [index, causes] of after) {
    const was = before.get(index);
    if (was !== undefined && sameCauses(was, causes)) continue;
    nodes[model.nodes[index]!.id] =
      was === undefined
        ? {isDisabled: true, disabledReason: disabledReason(model, causes, lang)}
        : {disabledReason: disabledReason(model, causes, lang)};
  }
  for (const index of before.keys()) {
    if (!after.has(index))
      nodes[model.nodes[index]!.id] = {isDisabled: false, disabledReason: null};
  }
  const head = headFields(model, state, options, lang, base);
  return {
    id: head.id,
    code: head.code,
    currencyIso: head.currencyIso,
    currency: head.currency,
    languageIso: head.languageIso,
    countryIso: head.countryIso,
    featureModelId: head.featureModelId,
    values,
    textValues,
    ...head.rest,
    compressed: {since: (baseSum >>> 0).toString(16).padStart(8, '0'), nodes},
  };
}

/**
 * Node `i`'s value in `state` into `values` when it differs from `base`'s, and what that adds
 * to the fingerprint sum. A function of the module rather than a closure per answer: the
 * service runs under tsx, whose transform (esbuild's `keepNames`) gives every named closure its
 * name with a `defineProperty` call each time it is made.
 */
function changedValue(
  model: CompiledModel,
  base: SessionState,
  state: SessionState,
  i: number,
  values: Record<string, number>,
): number {
  // Most nodes neither switch nor hold a number: two character reads settle them.
  if (base.on.charCodeAt(i) === state.on.charCodeAt(i) && !model.nodes[i]!.numeric) return 0;
  const was = reportedValue(model, base, i);
  const now = reportedValue(model, state, i);
  if (was === now) return 0;
  values[model.nodes[i]!.id] = now;
  return valueEntry(model, i, now) - valueEntry(model, i, was);
}

const sameCauses = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((cause, i) => cause === b[i]);

/** Per model and state, read only: an update's base was most often answered just before. */
const disabledByModel = perModel(
  () => new Beside<SessionState, ReadonlyMap<number, readonly number[]>>(),
);

/** The rules' victims: off nodes an `excludes` rule of an on node forbids, with their causes. */
function disabledNodes(
  model: CompiledModel,
  state: SessionState,
): ReadonlyMap<number, readonly number[]> {
  const byState = disabledByModel(model);
  const known = byState.get(state);
  if (known) return known;
  const on = onArrayOf(state);
  const disabledBy = new Map<number, number[]>();
  for (const i of model.excludingNodes) {
    if (on[i] === 0) continue;
    for (const other of model.nodes[i]!.excludes) {
      if (on[other] === 1) continue;
      const causes = disabledBy.get(other);
      if (causes) causes.push(i);
      else disabledBy.set(other, [i]);
    }
  }
  byState.set(state, disabledBy);
  return disabledBy;
}

function disabledReason(model: CompiledModel, causes: readonly number[], lang: string): string {
  return notAvailableWith(
    causes.map((c) => localise(model.nodes[c]!.name, lang)),
    lang,
  );
}

function skeletonFor(model: CompiledModel, lang: string): LocalisedSkeleton {
  const cached = model.skeletons.get(lang);
  if (cached) return cached;
  const vat = 1 + model.vatRate;
  const {iso, decimalDigits} = model.currency;
  const nodes: FeatureNode[] = new Array(model.nodes.length);
  // Children before parents, so each node can hold its children's finished objects.
  for (let i = model.nodes.length - 1; i >= 0; i--) {
    const node = model.nodes[i]!;
    const price = roundMoney(node.price, decimalDigits);
    const priceIncVAT = roundMoney(node.price * vat, decimalDigits);
    nodes[i] = Object.freeze({
      id: node.id,
      featureId: node.featureId,
      parentId: node.parent >= 0 ? model.nodes[node.parent]!.id : null,
      articleCode: node.articleCode,
      name: localise(node.name, lang),
      description: localise(node.description, lang),
      extendedDescription: localise(node.extendedDescription, lang),
      moreInfo: localise(node.moreInfo, lang),
      unitOfMeasurement: localise(node.unitOfMeasurement, lang),
      imageUrl: node.imageUrl,
      type: node.type,
      featureType: node.featureType,
      displayType: node.displayType,
      minValue: node.min,
      maxValue: node.max,
      stepValue: node.step,
      isMandatory: node.isMandatory,
      isDisabled: false,
      disabledReason: null,
      hideInQuotation: node.hideInQuotation,
      price,
      priceIncVAT,
      priceLabel: formatPrice(price, lang, iso, decimalDigits),
      priceIncVATLabel: formatPrice(priceIncVAT, lang, iso, decimalDigits),
      features: Object.freeze(node.children.map((c) => nodes[c]!)) as FeatureNode[],
    });
  }
  const steps: Step[] = model.steps.map((step) =>
    Object.freeze({
      id: step.id,
      title: localise(step.title, lang),
      iconUrl: step.iconUrl,
      features: Object.freeze(step.features.map((f) => nodes[f]!)) as FeatureNode[],
    }),
  );
  const skeleton = {nodes, steps: Object.freeze(steps) as Step[]};
  model.skeletons.set(lang, skeleton);
  return skeleton;
}
