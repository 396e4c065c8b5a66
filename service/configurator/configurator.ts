import {
  type Configuration,
  type Conflict,
  type FeatureModel,
  type Requirement,
  type TextRequirement,
} from '../../src/wire/index.js';
import {
  applyRequirement,
  applyText,
  initialState,
  renderConfiguration,
  renderConfigurationChanges,
  stepImage,
  type StepImage,
  stepIndexOf,
  withStepEffects,
  type CompiledModel,
  type SessionState,
} from '../engine/index.js';
import {Errors, ServiceError, notFound} from '../errors.js';
import {isGuid} from '../http/index.js';
import type {ConfiguredItem} from '../quotations/index.js';
import type {Store} from '../store/index.js';
import {chosenOptions} from './chosen-options.js';
import {ModelCatalog} from './model-catalog.js';
import {isSessionCode} from './session-code.js';
import {Sessions, modelUnavailable, type SessionRecord} from './sessions.js';
import {additions, type ServedChanges, type ServedConfiguration} from './served-answer.js';

export interface ConfiguratorOptions {
  store: Store;
  now: () => number;
  models: readonly CompiledModel[];
}

/** A configuration model as the model lists show it: identity, texts and the "from" price. */
export interface ModelSummary {
  featureModelId: string;
  /** The root feature's name in the requested language. */
  name: string;
  /** The identifier `new/{IDENTIFIER}` takes (the English root feature name). */
  identifier: string;
  rootFeatureId: string;
  rootNodeId: string;
  articleCode: string | null;
  description: string | null;
  imageUrl: string | null;
  languageIso: string;
  currencyIso: string;
  /** The product as it starts: its base price, excl. and incl. VAT. */
  price: number;
  priceIncVAT: number;
  priceLabel: string;
  priceIncVATLabel: string;
  /** The languages the model has texts for; any other is answered in English. */
  languages: string[];
}

export interface StartOptions {
  lang?: string | undefined;
  /** Whether a session code may stand for the model (the versioned API's `new`). */
  allowCode: boolean;
}

/**
 * The configurator's operations, independent of which path generation called them. Every
 * operation that changes a session reads, applies and saves without awaiting, so updates of
 * one session are serialised by the event loop and none is lost.
 */
export class Configurator {
  readonly catalog: ModelCatalog;
  readonly sessions: Sessions;
  readonly #summaries = new Map<string, ModelSummary>();
  readonly #starts = new Map<string, Configuration>();

  constructor(options: ConfiguratorOptions) {
    this.catalog = new ModelCatalog(options.models);
    this.sessions = new Sessions(options.store, options.now, (id) => this.catalog.byId(id));
  }

  /** Starts a session on a model (GUID or root feature name), or copies the session with that code. */
  start(identifier: string, {lang, allowCode}: StartOptions): ServedConfiguration {
    const model = this.catalog.find(identifier);
    if (model) {
      const language = lang ?? defaultLanguage;
      const record = this.sessions.create(model.id, language, initialState(model));
      return this.#render(model, record);
    }
    if (allowCode && isSessionCode(identifier)) {
      const original = this.sessions.byCode(identifier);
      if (original) return this.#copy(original, lang);
    }
    throw notFound(`No configuration model ${allowCode ? 'or session code ' : ''}"${identifier}"`, {
      identifier,
    });
  }

  /** Opens a session by id (the session itself) or by code (a copy of it). */
  open(idOrCode: string, {lang}: {lang?: string | undefined}): ServedConfiguration {
    if (isSessionCode(idOrCode)) {
      const original = this.sessions.byCode(idOrCode);
      if (!original) throw notFound(`No configuration with code "${idOrCode}"`);
      return this.#copy(original, lang);
    }
    const record = this.#session(idOrCode);
    const model = this.#model(record);
    if (lang === undefined || lang === record.lang) return this.#render(model, record);
    return this.#render(model, this.sessions.save({...record, lang}));
  }

  /**
   * Applies a requirement. A conflict with earlier requirements is answered with the
   * conflicts and the session unchanged, unless `ignoreConflicts` asks the engine to resolve
   * them. `compress: 'values'` (v2) limits `values` to the nodes that changed;
   * `compress: 'changes'` (v3 and the versioned API) answers only what changed since the
   * session's previous answer (docs/decisions/0022-compressed-answers.md). `effectsOf` names a
   * step whose options' price effects the answer carries, computed after the update applies
   * (an addition, docs/decisions/0109); an unknown step is refused before anything applies.
   */
  update(
    id: string,
    requirement: Requirement,
    {
      ignoreConflicts,
      compress,
      effectsOf,
    }: {ignoreConflicts: boolean; compress?: 'values' | 'changes'; effectsOf?: string | undefined},
  ): ServedConfiguration | ServedChanges {
    const record = this.#session(id);
    const model = this.#model(record);
    const step = effectsOf === undefined ? -1 : stepIndexOf(model, effectsOf);
    const result = applyRequirement(model, record.state, requirement, {ignoreConflicts});
    if (result.conflicts !== null) {
      if (compress === 'changes') {
        return this.#renderChanges(model, record, record, result.conflicts);
      }
      return this.#render(model, record, {
        conflicts: result.conflicts,
        onlyValues: compress ? [] : undefined,
      });
    }
    const saved = this.#save(record, result.state, result.changed.length > 0);
    const answer =
      compress === 'changes'
        ? this.#renderChanges(model, record, saved, null)
        : this.#render(model, saved, {onlyValues: compress ? result.changed : undefined});
    return step < 0 ? answer : withStepEffects(answer, model, saved.state, step);
  }

  /**
   * Sets text values, all or none: one that fails leaves the session as it was. `compress`
   * answers only what changed, and `effectsOf` adds a step's effects, as {@link update} does.
   */
  setTexts(
    id: string,
    texts: readonly TextRequirement[],
    {compress = false, effectsOf}: {compress?: boolean; effectsOf?: string | undefined} = {},
  ): ServedConfiguration | ServedChanges {
    const record = this.#session(id);
    const model = this.#model(record);
    const step = effectsOf === undefined ? -1 : stepIndexOf(model, effectsOf);
    let state = record.state;
    let changed = false;
    for (const text of texts) {
      const result = applyText(model, state, text);
      state = result.state;
      changed ||= result.changed.length > 0;
    }
    const saved = this.#save(record, state, changed);
    const answer = compress
      ? this.#renderChanges(model, record, saved, null)
      : this.#render(model, saved);
    return step < 0 ? answer : withStepEffects(answer, model, saved.state, step);
  }

  changeLanguage(id: string, lang: string): ServedConfiguration {
    const record = this.#session(id);
    const model = this.#model(record);
    return this.#render(model, this.sessions.save({...record, lang}));
  }

  /** The configured product's picture, for a step when one is named, drawn once. */
  image(id: string, stepId?: string): StepImage {
    const record = this.#session(id);
    return stepImage(this.#model(record), record.state, stepId);
  }

  /** Checks a linked-configuration cardinality update; no offered model has linked configurations. */
  linkedCardinality(id: string, parentNodeId: string | null): never {
    const record = this.#session(id);
    const model = this.#model(record);
    if (parentNodeId === null || !model.indexById.has(parentNodeId.toLowerCase())) {
      throw new ServiceError(
        Errors.unknownNode,
        `No node ${parentNodeId ?? '(none)'} in ${model.name}`,
        {
          parentNodeId,
        },
      );
    }
    throw new ServiceError(
      Errors.notLinkedConfiguration,
      `Node ${parentNodeId} holds no linked configuration; ${model.name} has none`,
      {parentNodeId},
    );
  }

  /** The offered models in a language, for the model lists of every generation. */
  models(lang: string): ModelSummary[] {
    return this.catalog.all().map((model) => this.summary(model, lang));
  }

  summary(model: CompiledModel, lang: string): ModelSummary {
    const key = `${model.id}:${lang}`;
    let summary = this.#summaries.get(key);
    if (!summary) {
      const start = this.#start(model, lang);
      const root = model.nodes[0]!;
      summary = {
        featureModelId: model.id,
        name: localName(root.name, start.languageIso),
        identifier: model.name,
        rootFeatureId: root.featureId,
        rootNodeId: root.id,
        articleCode: root.articleCode,
        description: start.featureModel.description,
        imageUrl: start.featureModel.imageUrl,
        languageIso: start.languageIso,
        currencyIso: start.currencyIso,
        price: start.basePriceExVAT,
        priceIncVAT: start.basePriceIncVAT,
        priceLabel: start.basePriceExVATLabel,
        priceIncVATLabel: start.basePriceIncVATLabel,
        languages: [...model.languages],
      };
      this.#summaries.set(key, summary);
    }
    return summary;
  }

  /** The localised model as a fresh session shows it. */
  featureModel(model: CompiledModel, lang: string): FeatureModel {
    return this.#start(model, lang).featureModel;
  }

  #start(model: CompiledModel, lang: string): Configuration {
    const key = `${model.id}:${lang}`;
    let start = this.#starts.get(key);
    if (!start) {
      start = renderConfiguration(model, initialState(model), {
        id: model.id,
        code: '',
        lang,
        conflicts: null,
      });
      this.#starts.set(key, start);
    }
    return start;
  }

  /** What a quotation line needs of a session, or `undefined` for an unknown session. */
  describe(configurationId: string): ConfiguredItem | undefined {
    const record = isGuid(configurationId) ? this.sessions.get(configurationId) : undefined;
    if (!record) return undefined;
    const model = this.#model(record);
    const configuration = this.#render(model, record);
    const options = chosenOptions(configuration);
    return {
      configurationId: record.id,
      currencyIso: configuration.currencyIso,
      articleCode: model.nodes[0]!.articleCode,
      description: [configuration.featureModel.name, ...options.map((o) => `- ${o}`)].join('\n'),
      unitPriceExVAT: configuration.totalPriceExVAT,
      unitPriceIncVAT: configuration.totalPriceIncVAT,
      unansweredMandatories: configuration.unansweredMandatories,
    };
  }

  #copy(original: SessionRecord, lang: string | undefined): ServedConfiguration {
    const model = this.#model(original);
    const copy = this.sessions.create(
      original.modelId,
      lang ?? original.lang,
      structuredClone(original.state) as SessionState,
    );
    return this.#render(model, copy);
  }

  /**
   * Stores a session's new state: a change of its values or texts advances its revision (and
   * keeps the state it leaves); one that changed none of them is no revision, so an undo never
   * takes back nothing.
   */
  #save(record: SessionRecord, state: SessionState, changed: boolean): SessionRecord {
    return changed ? this.sessions.change(record, state) : this.sessions.save({...record, state});
  }

  #session(id: string): SessionRecord {
    const record = isGuid(id) ? this.sessions.get(id) : undefined;
    if (!record) throw notFound(`No configuration "${id}"`, {configurationId: id});
    return record;
  }

  #model(record: SessionRecord): CompiledModel {
    const model = this.catalog.byId(record.modelId);
    if (!model) throw modelUnavailable(record.id);
    return model;
  }

  /** The changes from the session's previous answer (`before`) to `after`, in its language. */
  #renderChanges(
    model: CompiledModel,
    before: SessionRecord,
    after: SessionRecord,
    conflicts: Conflict[] | null,
  ): ServedChanges {
    const changes = renderConfigurationChanges(model, before.state, after.state, {
      id: after.id,
      code: after.code,
      lang: after.lang,
      conflicts,
    });
    // Added to the rendered object, not to a spread copy of it: in Node 20's V8 a spread copy
    // of this many properties that then gains one gets a hidden class of its own, made in the
    // old generation (about 0.9 KB an update, found dead only by a full collection; decision
    // 78). The rendered object is this answer's alone.
    return Object.assign(changes, additions(model, after));
  }

  #render(
    model: CompiledModel,
    record: SessionRecord,
    {
      conflicts = null,
      onlyValues,
    }: {conflicts?: Conflict[] | null; onlyValues?: string[] | undefined} = {},
  ): ServedConfiguration {
    const configuration = renderConfiguration(model, record.state, {
      id: record.id,
      code: record.code,
      lang: record.lang,
      conflicts,
      ...(onlyValues ? {onlyValues} : {}),
    });
    // Added to the rendered object, not a copy: the encoder writes a rendered answer from the
    // state it was rendered from, which it finds by the object.
    return Object.assign(configuration, additions(model, record));
  }
}

const localName = (text: CompiledModel['nodes'][number]['name'], lang: string) =>
  (text as unknown as Record<string, string | undefined>)[lang] ?? text.en;

/** The language sessions start in when none is asked for. */
export const defaultLanguage = 'en';
