// The "Token endpoint" table of docs/errors.md against the helper's table of codes.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {TokenEndpointErrorCode} from '../../src/server/token-endpoint.js';
import {compareCodes, documentedCodes, readErrorsDoc} from '../helpers/node/error-docs.js';

test('docs/errors.md documents every token endpoint error code, and no other', () => {
  const documented = documentedCodes(
    readErrorsDoc(),
    /^## Token endpoint/,
    /^## Signed configuration verification/,
  );
  assert.deepEqual(compareCodes(Object.values(TokenEndpointErrorCode), documented), {
    undocumented: [],
    unknown: [],
  });
});
