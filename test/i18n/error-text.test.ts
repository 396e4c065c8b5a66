import assert from 'node:assert/strict';
import {test} from 'node:test';
import {de} from '../../src/i18n/de.js';
import {en} from '../../src/i18n/en.js';
import {errorText} from '../../src/i18n/error-text.js';
import {fr} from '../../src/i18n/fr.js';
import {nl} from '../../src/i18n/nl.js';
import {ConfiguratorError, ErrorCode} from '../../src/session/errors.js';

const languages = {en, nl, de, fr};
const codes = Object.values(ErrorCode);

test('every language has one non-empty text for every code, and no other', () => {
  for (const [lang, s] of Object.entries(languages)) {
    assert.deepEqual(Object.keys(s.errors).sort(), [...codes].sort(), lang);
    for (const code of codes) assert.ok(s.errors[code].trim(), `${lang} ${code}`);
  }
});

test('a code reads its own text in the shopper’s language', () => {
  for (const s of Object.values(languages)) {
    for (const code of codes) {
      const error = new ConfiguratorError(code, 'for developers', {status: 400});
      assert.equal(errorText(error, s), s.errors[code]);
    }
  }
});

// The texts shoppers have read so far; the element's tests assert some of them.
test('the English texts stay as shoppers know them', () => {
  const of = (code: ErrorCode, options = {}) =>
    errorText(new ConfiguratorError(code, 'x', options), en);
  assert.equal(of(ErrorCode.network), 'There is no connection to the service.');
  assert.equal(of(ErrorCode.timeout), 'The service took too long to answer.');
  assert.equal(of(ErrorCode.tokenFailed), 'Access to the service was refused.');
  assert.equal(of(ErrorCode.unauthorized), 'Access to the service was refused.');
  assert.equal(of(ErrorCode.sessionNotFound), 'This product or configuration could not be found.');
  assert.equal(of(ErrorCode.serverError), 'The service is busy or unavailable at the moment.');
  assert.equal(of(ErrorCode.badResponse), 'The service sent an unreadable answer.');
  assert.equal(of(ErrorCode.quoteBlocked), 'The service could not handle the request.');
  assert.equal(
    of(ErrorCode.originNotAllowed),
    'This page is not set up to use the configurator yet.',
  );
});

test('a token source that failed for a moment reads as the failure behind it', () => {
  const token = (options: ConstructorParameters<typeof ConfiguratorError>[2]) =>
    errorText(new ConfiguratorError(ErrorCode.tokenFailed, 'x', options), en);
  assert.equal(token({retryable: true, status: null}), en.errors.network);
  assert.equal(token({retryable: true, status: 503}), en.errors.service_unavailable);
  assert.equal(token({retryable: true, status: 429}), en.errors.service_unavailable);
  const hung = new DOMException('The token source did not answer', 'TimeoutError');
  assert.equal(token({retryable: true, status: null, cause: hung}), en.errors.timeout);
  // Refused for good: the token endpoint said no.
  assert.equal(token({retryable: false, status: 403}), en.errors.token_failed);
  assert.equal(token({retryable: false, status: null}), en.errors.token_failed);
});

test('the same failure reads in each language’s own words', () => {
  const error = new ConfiguratorError(ErrorCode.noTokenSource, 'x');
  const texts = Object.values(languages).map((s) => errorText(error, s));
  assert.equal(new Set(texts).size, texts.length);
});
