// The "Signed configuration verification" table of docs/errors.md against verifyConfiguration's
// table of codes.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ConfigurationVerificationErrorCode} from '../../src/server/token-endpoint.js';
import {compareCodes, documentedCodes, readErrorsDoc} from '../helpers/node/error-docs.js';

test('docs/errors.md documents every verification error code, and no other', () => {
  const documented = documentedCodes(readErrorsDoc(), /^## Signed configuration verification/);
  assert.deepEqual(compareCodes(Object.values(ConfigurationVerificationErrorCode), documented), {
    undocumented: [],
    unknown: [],
  });
});
