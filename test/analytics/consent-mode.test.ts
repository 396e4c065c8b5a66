// Google consent mode as the widget reads it from a data layer: gtag's `arguments` objects and
// plain arrays, defaults and updates, regions, and commands pushed after the reader started.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  ConsentModeReader,
  isConsentCommand,
  watchConsent,
} from '../../src/analytics/consent-mode.js';

/** What gtag pushes: its own `arguments` object. */
function args(...values: unknown[]): IArguments {
  return (function () {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  })(...values);
}

describe('consent mode in the data layer', () => {
  test('nothing said, or only a default that denies, waits for an answer', () => {
    const reader = new ConsentModeReader();
    const layer: unknown[] = [{event: 'gtm.js'}];
    assert.equal(reader.state(layer), 'unsaid');
    layer.push(args('consent', 'default', {analytics_storage: 'denied'}));
    assert.equal(reader.state(layer), 'unsaid');
  });

  test('a default or an update grants; an update that denies refuses; the update wins', () => {
    const reader = new ConsentModeReader();
    const layer: unknown[] = [args('consent', 'default', {analytics_storage: 'granted'})];
    assert.equal(reader.state(layer), 'granted');
    layer.push(args('consent', 'update', {analytics_storage: 'denied'}));
    assert.equal(reader.state(layer), 'denied');
    // A default after an update does not undo the shopper's answer.
    layer.push(args('consent', 'default', {analytics_storage: 'granted'}));
    assert.equal(reader.state(layer), 'denied');
    layer.push(['consent', 'update', {analytics_storage: 'granted'}]);
    assert.equal(reader.state(layer), 'granted');
  });

  test('a default for some regions may deny but never grants', () => {
    const reader = new ConsentModeReader();
    const layer: unknown[] = [
      args('consent', 'default', {analytics_storage: 'granted', region: ['US']}),
    ];
    assert.equal(reader.state(layer), 'unsaid');
    layer.push(args('consent', 'default', {analytics_storage: 'granted'}));
    assert.equal(reader.state(layer), 'granted');
    layer.push(args('consent', 'default', {analytics_storage: 'denied', region: ['NL']}));
    assert.equal(reader.state(layer), 'unsaid');
  });

  test('other settings, other commands and objects are no consent', () => {
    assert.equal(isConsentCommand(args('consent', 'update', {ad_storage: 'granted'})), true);
    assert.equal(isConsentCommand(args('config', 'G-XXXX', {})), false);
    assert.equal(isConsentCommand({consent: 'update', analytics_storage: 'granted'}), false);
    assert.equal(isConsentCommand(args('consent', 'update')), false);
    const reader = new ConsentModeReader();
    assert.equal(
      reader.state([
        args('consent', 'update', {ad_storage: 'granted'}),
        args('consent', 'update', {analytics_storage: 'yes'}),
      ]),
      'unsaid',
    );
  });

  test('reads each entry once, and again from the start for another or an emptied array', () => {
    const reader = new ConsentModeReader();
    let reads = 0;
    const counted = (value: string) =>
      new Proxy(['consent', 'update', {analytics_storage: value}], {
        get(target, key, receiver) {
          if (key === '0') reads += 1;
          return Reflect.get(target, key, receiver);
        },
      });
    const layer: unknown[] = [counted('granted')];
    for (let i = 0; i < 5; i++) reader.state(layer);
    assert.equal(reads, 1);
    layer.length = 0;
    layer.push(counted('denied'));
    assert.equal(reader.state(layer), 'denied');
    assert.equal(reader.state([]), 'unsaid');
  });

  test('hears commands pushed later, through the push it replaced, and stops when asked', () => {
    const layer: unknown[] = [];
    const seen: unknown[] = [];
    const original = layer.push;
    // A tag manager's own push, installed before the widget's.
    layer.push = function (...entries: unknown[]) {
      seen.push(...entries);
      return original.apply(this, entries);
    };
    let heard = 0;
    const stop = watchConsent(layer, () => (heard += 1));
    const again = watchConsent(layer, () => (heard += 10));
    assert.equal(layer.push({event: 'x'}), 1);
    assert.equal(heard, 0);
    layer.push(args('consent', 'update', {analytics_storage: 'granted'}));
    assert.equal(heard, 11);
    assert.equal(seen.length, 2);
    assert.equal(layer.length, 2);
    stop();
    again();
    layer.push(args('consent', 'update', {analytics_storage: 'denied'}));
    assert.equal(heard, 11);
    assert.equal(seen.length, 3);
  });
});
