// The GA4 pushes as plain functions of a configuration: the ecommerce object, the names, and
// nothing of what the shopper typed.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  conflictMet,
  ecommerceOf,
  Ga4Event,
  Ga4Param,
  leadGenerated,
  stepReached,
  viewItem,
} from '../../src/analytics/ga4.js';
import {configurationFixture} from '../helpers/browser/configuration-fixture.js';

const configuration = configurationFixture({
  id: 'session-id-123',
  code: 'ABCDEFGH',
  currencyIso: 'eur',
  totalPriceExVAT: 0.1,
  totalPriceIncVAT: 0.12,
  textValues: {engraving: 'PRIVATE TEXT'},
});

describe('GA4 pushes', () => {
  test('the ecommerce object: capital currency, the price excl. VAT, value rounded to cents', () => {
    const ecommerce = ecommerceOf(configuration, 3);
    assert.deepEqual(ecommerce, {
      currency: 'EUR',
      value: 0.3,
      items: [
        {
          item_id: configuration.featureModelId,
          item_name: configuration.featureModel.name,
          price: 0.1,
          quantity: 3,
        },
      ],
    });
  });

  test('each event clears the previous ecommerce object first', () => {
    const step = {
      screen: 'review' as const,
      index: 2,
      stepId: null,
      name: 'Review your configuration',
      stepCount: 2,
      review: true,
    };
    const pushes = [
      viewItem(configuration),
      stepReached(step, configuration),
      stepReached({...step, screen: 'quote', index: 3, review: false}, configuration),
      stepReached(
        {...step, screen: 'configure', index: 0, stepId: 's1', review: false},
        configuration,
      ),
      conflictMet({featureModelNodeId: 'red', value: 1, isSelection: true}, [], configuration),
      leadGenerated(configuration, 2),
    ];
    for (const pair of pushes) {
      assert.equal(pair.length, 2);
      assert.deepEqual(pair[0], {ecommerce: null});
    }
    assert.deepEqual(
      pushes.map((pair) => pair[1]!.event),
      [
        Ga4Event.viewItem,
        Ga4Event.review,
        Ga4Event.quoteForm,
        Ga4Event.step,
        Ga4Event.conflict,
        Ga4Event.lead,
      ],
    );
    assert.deepEqual(pushes[1]![1], {
      event: 'configurator_review',
      step_index: 2,
      step_id: 'review',
      step_name: 'Review your configuration',
      step_count: 2,
      ecommerce: ecommerceOf(configuration),
    });
    assert.equal(pushes[4]![1]!.feature_name, 'Red');
    assert.equal((pushes[5]![1]!.ecommerce as {value: number}).value, 0.2);

    // Every name a push holds is a documented one.
    const names = new Set<string>([...Object.values(Ga4Param), 'event', 'ecommerce']);
    for (const pair of pushes) {
      for (const key of Object.keys(pair[1]!)) assert.ok(names.has(key), key);
    }
    // Nothing that reopens the configuration or that the shopper typed.
    const text = JSON.stringify(pushes);
    for (const secret of ['session-id-123', 'ABCDEFGH', 'PRIVATE TEXT']) {
      assert.ok(!text.includes(secret), secret);
    }
  });
});
