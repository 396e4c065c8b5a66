// One If-None-Match check for every answer with an entity tag (service/http/etag.ts).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {matchesEtag} from '../../../service/http/index.js';

test('If-None-Match names a tag: exactly, weakly either way, in a list, or as *', () => {
  assert.equal(matchesEtag('"abc"', '"abc"'), true);
  assert.equal(matchesEtag('W/"abc"', '"abc"'), true);
  assert.equal(matchesEtag('"abc"', 'W/"abc"'), true);
  assert.equal(matchesEtag('"x", W/"abc" ,"y"', '"abc"'), true);
  assert.equal(matchesEtag('*', '"abc"'), true);
});

test('another tag, a tag without its quotes or no header is no match', () => {
  assert.equal(matchesEtag('"abd"', '"abc"'), false);
  assert.equal(matchesEtag('abc', '"abc"'), false);
  assert.equal(matchesEtag('"abc', '"abc"'), false);
  assert.equal(matchesEtag('', '"abc"'), false);
  assert.equal(matchesEtag(null, '"abc"'), false);
  assert.equal(matchesEtag(undefined, '"abc"'), false);
});
