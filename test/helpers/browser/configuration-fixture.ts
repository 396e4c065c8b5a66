import type {Configuration, FeatureNode} from '../../../src/wire/index.js';

/** A feature node with defaults; tests override what they look at. */
export function node(partial: Partial<FeatureNode> & {id: string; name: string}): FeatureNode {
  return {
    featureId: `f-${partial.id}`,
    parentId: null,
    articleCode: null,
    description: null,
    extendedDescription: null,
    moreInfo: null,
    unitOfMeasurement: null,
    imageUrl: null,
    type: 0,
    featureType: 0,
    displayType: 0,
    minValue: null,
    maxValue: null,
    stepValue: null,
    isMandatory: false,
    isDisabled: false,
    disabledReason: null,
    hideInQuotation: false,
    price: 0,
    priceIncVAT: 0,
    priceLabel: '€ 0,00',
    priceIncVATLabel: '€ 0,00',
    features: [],
    ...partial,
  };
}

/**
 * A hand-built configuration following wire.ts: two steps with cards, a slider, checkboxes
 * (one disabled), a dropdown, a text input and a description with hostile HTML.
 */
export function configurationFixture(overrides: Partial<Configuration> = {}): Configuration {
  const colour = node({
    id: 'colour',
    name: 'Colour',
    type: 1,
    displayType: 1,
    isMandatory: true,
    description: '<p>Pick a <strong>colour</strong>.</p>',
    features: [
      node({id: 'black', name: 'Black', type: 2, imageUrl: '/images/black.png'}),
      node({
        id: 'red',
        name: 'Red',
        type: 2,
        imageUrl: 'https://cdn.example/red.png',
        price: 40,
        priceIncVAT: 48.4,
        priceLabel: '€ 40,00',
        priceIncVATLabel: '€ 48,40',
      }),
      node({id: 'green', name: 'Green', type: 2, imageUrl: 'javascript:alert(1)'}),
    ],
  });
  const width = node({
    id: 'width',
    name: 'Width',
    type: 1,
    displayType: 7,
    minValue: 110,
    maxValue: 210,
    stepValue: 10,
    unitOfMeasurement: 'cm',
  });
  const extras = node({
    id: 'extras',
    name: 'Extras',
    type: 1,
    features: [
      node({
        id: 'armrests',
        name: 'Armrests',
        type: 0,
        description: '<img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">more</a>',
        price: 50,
        priceIncVAT: 60.5,
        priceLabel: '€ 50,00',
        priceIncVATLabel: '€ 60,50',
        features: [node({id: 'armpads', name: 'Soft pads', type: 0})],
      }),
      node({
        id: 'headrest',
        name: 'Headrest',
        type: 0,
        isDisabled: true,
        disabledReason: 'Not with a low back',
      }),
    ],
  });
  const base = node({
    id: 'base',
    name: 'Base',
    type: 1,
    displayType: 2,
    isMandatory: true,
    features: [
      node({id: 'nylon', name: 'Nylon', type: 2}),
      node({
        id: 'alu',
        name: 'Aluminium',
        type: 2,
        price: 80,
        priceLabel: '€ 80,00',
        priceIncVATLabel: '€ 96,80',
      }),
    ],
  });
  const engraving = node({id: 'engraving', name: 'Engraving', type: 1, featureType: 3});
  const quantity = node({
    id: 'quantity',
    name: 'Quantity',
    type: 1,
    displayType: 8,
    minValue: 1,
    maxValue: 20,
    stepValue: 1,
  });

  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    code: 'ABCDEFGH',
    currencyIso: 'eur',
    currency: {
      iso: 'EUR',
      name: 'Euro',
      symbol: '€',
      decimalDigits: 2,
      rounding: 0.01,
      namePlural: 'Euros',
      isDefault: true,
    },
    languageIso: 'en',
    countryIso: 'NL',
    featureModelId: 'model-1',
    featureModel: {
      id: 'model-1',
      name: 'Test Chair',
      description: '<p>A chair <em>for tests</em>.</p>',
      imageUrl: '/images/chair.png',
      rootNodeId: 'root',
      steps: [
        {id: 'step-frame', title: 'Frame', iconUrl: null, features: [colour, width]},
        {
          id: 'step-options',
          title: 'Options',
          iconUrl: null,
          features: [extras, base, engraving, quantity],
        },
      ],
    },
    values: {
      colour: 1,
      black: 1,
      red: 0,
      green: 0,
      width: 150,
      extras: 1,
      armrests: 0,
      armpads: 0,
      headrest: 0,
      base: 1,
      nylon: 0,
      alu: 0,
      engraving: 1,
      quantity: 1,
    },
    textValues: {engraving: 'Hi'},
    conflicts: null,
    unansweredMandatories: ['base'],
    basePrice: 300,
    basePriceIncVAT: 363,
    basePriceExVAT: 300,
    additionalPrice: 0,
    additionalPriceIncVAT: 0,
    additionalPriceExVAT: 0,
    totalPrice: 300,
    totalPriceIncVAT: 363,
    totalPriceExVAT: 300,
    basePriceLabel: '€ 300,00',
    basePriceIncVATLabel: '€ 363,00',
    basePriceExVATLabel: '€ 300,00',
    additionalPriceLabel: '€ 0,00',
    additionalPriceIncVATLabel: '€ 0,00',
    additionalPriceExVATLabel: '€ 0,00',
    totalPriceLabel: '€ 300,00',
    totalPriceIncVATLabel: '€ 363,00',
    totalPriceExVATLabel: '€ 300,00',
    leasePrices: null,
    leasePricesLabels: null,
    ...overrides,
  };
}

/** The view-model input for a configuration: values as numbers, no pending inputs. */
export function viewInput(configuration: Configuration, inclVat = true) {
  const values = new Map<string, number>();
  for (const [id, v] of Object.entries(configuration.values)) {
    values.set(id, typeof v === 'number' ? v : v.selected ? v.value : 0);
  }
  return {
    configuration,
    values,
    texts: new Map(Object.entries(configuration.textValues ?? {})),
    pending: new Map(),
    apiUrl: 'https://api.example',
    inclVat,
  };
}
