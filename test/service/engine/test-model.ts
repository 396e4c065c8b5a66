import {DisplayType, FeatureType, NodeType} from '../../../src/wire/index.js';
import {
  applyRequirement,
  compileModel,
  nodeIdByKey,
  type CompiledModel,
  type ModelDefinition,
  type SessionState,
} from '../../../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../../../service/models/index.js';

const t = (en: string) => ({en, nl: `${en} (nl)`, de: `${en} (de)`});

/** A small model with one of everything, so each rule can be checked in isolation. */
export const testDefinition: ModelDefinition = {
  key: 'engine-test',
  vatRate: 0.21,
  countryIso: 'nl',
  lease: [{months: 24, rate: 0.05}],
  root: {
    key: 'root',
    name: {en: 'Test Product', nl: 'Testproduct', de: 'Testprodukt'},
    price: 1000,
    children: [
      {
        key: 'colour',
        name: t('Colour'),
        type: NodeType.mandatory,
        children: [
          {key: 'red', name: t('Red'), type: NodeType.alternative, selected: true},
          {key: 'blue', name: t('Blue'), type: NodeType.alternative, price: 10},
          {
            key: 'green',
            name: t('Green'),
            type: NodeType.alternative,
            price: 20,
            excludes: ['glass'],
          },
        ],
      },
      {
        key: 'extras',
        name: t('Extras'),
        type: NodeType.optional,
        price: 50,
        children: [
          {key: 'extra-a', name: t('Extra A'), type: NodeType.optional, selected: true, price: 5},
          {key: 'extra-b', name: t('Extra B'), type: NodeType.optional, price: 7},
          {key: 'extra-fixed', name: t('Fixed part'), type: NodeType.mandatory},
        ],
      },
      {
        key: 'lights',
        name: t('Lights'),
        type: NodeType.mandatory,
        children: [
          {key: 'light-1', name: t('Light 1'), type: NodeType.or, selected: true},
          {key: 'light-2', name: t('Light 2'), type: NodeType.or, price: 3},
        ],
      },
      {
        key: 'width',
        name: t('Width'),
        type: NodeType.mandatory,
        displayType: DisplayType.input,
        min: 110,
        max: 210,
        step: 10,
        value: 140,
        price: 2,
      },
      {
        key: 'big-motor',
        name: t('Big motor'),
        price: 100,
        requires: [{key: 'width', atLeast: 160}],
      },
      {key: 'headrest', name: t('Headrest'), price: 30, requires: ['high-back']},
      {key: 'high-back', name: t('High back'), price: 40},
      {key: 'glass', name: t('Glass top'), price: 200, excludes: ['tray']},
      {key: 'tray', name: t('Cable tray'), price: 20},
      {
        key: 'engraving',
        name: t('Engraving'),
        price: 15,
        children: [
          {
            key: 'engraving-text',
            name: t('Engraving name'),
            type: NodeType.mandatory,
            featureType: FeatureType.text,
            mandatory: true,
          },
        ],
      },
      {
        key: 'warranty',
        name: t('Warranty'),
        type: NodeType.mandatory,
        mandatory: true,
        children: [
          {key: 'warranty-2', name: t('2 years'), type: NodeType.alternative},
          {key: 'warranty-5', name: t('5 years'), type: NodeType.alternative, price: 60},
        ],
      },
    ],
  },
};

export const testModel: CompiledModel = compileModel(testDefinition);

export const id = (key: string, model: CompiledModel = testModel) => nodeIdByKey(model, key);

/** Whether a node is on in a state. */
export const isOn = (state: SessionState, key: string, model: CompiledModel = testModel) =>
  state.on[model.indexByKey.get(key)!] === '1';

/** Applies a selection and expects no conflict; returns the new state. */
export function select(
  state: SessionState,
  key: string,
  value = 1,
  model: CompiledModel = testModel,
  isSelection = true,
): SessionState {
  const result = applyRequirement(
    model,
    state,
    {featureModelNodeId: id(key, model), value, isSelection},
    {ignoreConflicts: false},
  );
  if (result.conflicts) {
    throw new Error(`Unexpected conflict selecting ${key}: ${JSON.stringify(result.conflicts)}`);
  }
  return result.state;
}

/** Applies a requirement and returns the whole result. */
export function apply(
  state: SessionState,
  key: string,
  value: number,
  ignoreConflicts = false,
  model: CompiledModel = testModel,
  isSelection = true,
) {
  return applyRequirement(
    model,
    state,
    {featureModelNodeId: id(key, model), value, isSelection},
    {ignoreConflicts},
  );
}

/**
 * The models random journeys run on: this test model, the sample models and a generated
 * 2,000-node one (`large`, from `seed`).
 */
export function journeyModels(seed: number): {large: CompiledModel; models: CompiledModel[]} {
  const large = compileModel(generateLargeModel({nodes: 2000, seed, name: 'Large Model 2000'}));
  return {large, models: [testModel, ...sampleModels(), large]};
}
