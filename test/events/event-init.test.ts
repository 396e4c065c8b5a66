// Every event of the element leaves its shadow root and bubbles to the page, and only the
// quote's submit can be cancelled: the classes share one rule for it (eventInit).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  ConfiguratorChangeEvent,
  ConfiguratorConflictEvent,
  ConfiguratorErrorEvent,
  ConfiguratorLanguageChangeEvent,
  ConfiguratorPriceChangeEvent,
  ConfiguratorQuoteRequestedEvent,
  ConfiguratorQuoteSubmitEvent,
  ConfiguratorReadyEvent,
  ConfiguratorStepEvent,
  EventName,
} from '../../src/events/index.js';

// The detail's contents do not matter here: each class only carries what it is given.
const any = {} as never;
const price = {amount: 1, label: '€1', displayed: 'inclVat'} as never;

const events: Event[] = [
  new ConfiguratorReadyEvent(any, price),
  new ConfiguratorChangeEvent(any, [], 'user', price),
  new ConfiguratorLanguageChangeEvent('de', any, price),
  new ConfiguratorConflictEvent([], any),
  new ConfiguratorQuoteSubmitEvent('id', any),
  new ConfiguratorQuoteRequestedEvent('id', any),
  new ConfiguratorErrorEvent({code: 'network', message: 'm', retryable: true, status: null}),
  new ConfiguratorStepEvent(any),
  new ConfiguratorPriceChangeEvent(price, 'id'),
];

test('one event of each name, each a CustomEvent', () => {
  assert.deepEqual(events.map((e) => e.type).sort(), Object.values(EventName).sort());
  for (const e of events) assert.ok(e instanceof CustomEvent, e.type);
});

test('every event bubbles and is composed; only the quote submit is cancelable', () => {
  for (const e of events) {
    assert.equal(e.bubbles, true, e.type);
    assert.equal(e.composed, true, e.type);
    assert.equal(e.cancelable, e.type === EventName.quoteSubmit, e.type);
  }
});

test('the detail is what the constructor was given', () => {
  const e = new ConfiguratorPriceChangeEvent(price, 'session-1');
  assert.deepEqual(e.detail, {price, configurationId: 'session-1'});
  assert.equal(e.price, price);
});
