import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Configuration, FeatureNode} from '../../../src/wire/index.js';
import {
  applyText,
  encodeConfiguration,
  initialState,
  renderConfiguration,
  renderStepImage,
  serializeConfiguration,
  type SessionState,
} from '../../../service/engine/index.js';
import {id, select, testModel} from './test-model.js';

const render = (state: SessionState, lang = 'en', onlyValues?: string[]) =>
  renderConfiguration(testModel, state, {
    id: 'sid',
    code: 'ABCDEFGH',
    lang,
    conflicts: null,
    onlyValues,
  });

function findNode(configuration: Configuration, nodeId: string): FeatureNode {
  const stack = configuration.featureModel.steps.flatMap((s) => s.features);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id === nodeId) return node;
    stack.push(...node.features);
  }
  throw new Error(`No node ${nodeId}`);
}

describe('prices', () => {
  it('adds base and options, numbers priced per unit', () => {
    const c = render(initialState(testModel));
    // Base 1000; width 140 cm at 2 a centimetre.
    assert.equal(c.basePrice, 1000);
    assert.equal(c.basePriceExVAT, 1000);
    assert.equal(c.additionalPrice, 280);
    assert.equal(c.totalPrice, 1280);
    assert.equal(c.totalPriceExVAT, c.basePriceExVAT + c.additionalPriceExVAT);
    assert.equal(c.basePriceIncVAT, 1210);
    assert.equal(c.additionalPriceIncVAT, 338.8);
    assert.equal(c.totalPriceIncVAT, 1548.8);
  });

  it('follows the selection', () => {
    let state = select(initialState(testModel), 'green');
    state = select(state, 'extras');
    state = select(state, 'width', 200, testModel, false);
    const c = render(state);
    // green 20 + extras 50 + extra A 5 + width 400
    assert.equal(c.additionalPrice, 475);
    assert.equal(c.totalPrice, 1475);
    assert.equal(c.totalPriceIncVAT, c.basePriceIncVAT + c.additionalPriceIncVAT);
  });

  it('formats labels for the language', () => {
    const state = initialState(testModel);
    assert.equal(render(state, 'en').totalPriceLabel, '€1,280.00');
    assert.equal(render(state, 'nl').totalPriceLabel, '€ 1.280,00');
    assert.equal(render(state, 'de').totalPriceLabel, '1.280,00 €');
    assert.equal(render(state, 'nl').totalPriceIncVATLabel, '€ 1.548,80');
    assert.equal(render(state, 'de').basePriceIncVATLabel, '1.210,00 €');
  });

  it('prices each node excl. and incl. VAT', () => {
    const node = findNode(render(initialState(testModel), 'nl'), id('glass'));
    assert.equal(node.price, 200);
    assert.equal(node.priceIncVAT, 242);
    assert.equal(node.priceLabel, '€ 200,00');
    assert.equal(node.priceIncVATLabel, '€ 242,00');
  });

  it('reports the currency and lease prices', () => {
    const c = render(initialState(testModel));
    assert.equal(c.currencyIso, 'eur');
    assert.deepEqual(
      {iso: c.currency.iso, symbol: c.currency.symbol, decimalDigits: c.currency.decimalDigits},
      {iso: 'eur', symbol: '€', decimalDigits: 2},
    );
    assert.deepEqual(c.leasePrices, [
      {months: 24, monthlyPriceExVAT: 64, monthlyPriceIncVAT: 77.44},
    ]);
    assert.deepEqual(c.leasePricesLabels, [
      {months: 24, monthlyPriceExVATLabel: '€64.00', monthlyPriceIncVATLabel: '€77.44'},
    ]);
  });
});

describe('language', () => {
  it('localises texts and falls back to English', () => {
    const state = initialState(testModel);
    assert.equal(findNode(render(state, 'nl'), id('glass')).name, 'Glass top (nl)');
    assert.equal(findNode(render(state, 'de'), id('glass')).name, 'Glass top (de)');
    const unknown = render(state, 'xx');
    assert.equal(unknown.languageIso, 'en');
    assert.equal(findNode(unknown, id('glass')).name, 'Glass top');
    assert.equal(render(state, 'NL').languageIso, 'nl');
  });
});

describe('values', () => {
  it('lists every node, 0 when off, numbers for inputs', () => {
    const c = render(initialState(testModel));
    assert.equal(Object.keys(c.values).length, testModel.nodes.length);
    assert.equal(c.values[id('red')], 1);
    assert.equal(c.values[id('blue')], 0);
    assert.equal(c.values[id('width')], 140);
  });

  it('limits values to the given nodes (compress)', () => {
    const c = render(initialState(testModel), 'en', [id('red'), id('width')]);
    assert.deepEqual(c.values, {[id('red')]: 1, [id('width')]: 140});
  });
});

describe('mandatory tracking', () => {
  it('lists mandatory items until the shopper answers them', () => {
    let state = initialState(testModel);
    assert.deepEqual(render(state).unansweredMandatories, [id('warranty')]);
    state = select(state, 'engraving');
    assert.deepEqual(render(state).unansweredMandatories, [id('engraving-text'), id('warranty')]);
    state = applyText(testModel, state, {
      featureModelNodeId: id('engraving-text'),
      textValue: 'Ada',
    }).state;
    state = select(state, 'warranty-5');
    const c = render(state);
    assert.deepEqual(c.unansweredMandatories, []);
    assert.deepEqual(c.textValues, {[id('engraving-text')]: 'Ada'});
    assert.equal(findNode(c, id('warranty')).isMandatory, true);
  });
});

describe('disabled nodes', () => {
  it('reports what the selection forbids with a localised reason', () => {
    const state = select(initialState(testModel), 'glass');
    const en = findNode(render(state, 'en'), id('tray'));
    assert.equal(en.isDisabled, true);
    assert.equal(en.disabledReason, 'Not available with Glass top');
    assert.equal(
      findNode(render(state, 'nl'), id('tray')).disabledReason,
      'Niet beschikbaar in combinatie met Glass top (nl)',
    );
    assert.equal(
      findNode(render(state, 'de'), id('tray')).disabledReason,
      'Nicht verfügbar mit Glass top (de)',
    );
    assert.equal(findNode(render(initialState(testModel)), id('tray')).isDisabled, false);
  });
});

describe('encodeConfiguration and serializeConfiguration', () => {
  it('give the same JSON value as JSON.stringify, in UTF-8', () => {
    for (const state of [initialState(testModel), select(initialState(testModel), 'glass')]) {
      for (const lang of ['nl', 'de']) {
        const c = render(state, lang);
        const expected = JSON.parse(JSON.stringify(c));
        // Twice: the second answer comes from the cache.
        for (let i = 0; i < 2; i++) {
          assert.deepEqual(JSON.parse(serializeConfiguration(c)), expected);
          assert.deepEqual(JSON.parse(new TextDecoder().decode(encodeConfiguration(c))), expected);
        }
      }
    }
  });

  it('keep texts outside ASCII intact', () => {
    const c = render(select(initialState(testModel), 'glass'), 'de');
    assert.match(serializeConfiguration(c), /1\.210,00 €/);
    assert.match(serializeConfiguration(c), /Nicht verfügbar mit Glass top \(de\)/);
  });
});

describe('renderStepImage', () => {
  it('draws an SVG of the requested size and refuses unknown steps', () => {
    const svg = renderStepImage(testModel, initialState(testModel), null, {size: 200});
    assert.match(svg, /^<svg [^>]*width="200" height="200"/);
    assert.match(svg, /<rect width="400" height="400" fill="#fff"\/>/);
    const transparent = renderStepImage(testModel, initialState(testModel), undefined, {
      background: false,
    });
    assert.doesNotMatch(transparent, /fill="#fff"\/>/);
    assert.throws(
      () =>
        renderStepImage(testModel, initialState(testModel), '00000000-0000-5000-8000-000000000000'),
      {code: 'unknown_step'},
    );
  });
});
