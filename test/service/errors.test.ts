// docs/errors.md against the service's one table of codes (service/errors.ts): a code added
// without a row, or a row for a code the service does not have, fails here.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {ErrorCode, ServiceError} from '../../service/errors.js';
import {compareCodes, documentedCodes, readErrorsDoc} from '../helpers/node/error-docs.js';

// The service's codes fill the page down to the token endpoint helper's own table.
const [from, until] = [/^# Error codes/, /^## Token endpoint/];

describe('docs/errors.md', () => {
  test('documents every service error code, and no other', () => {
    const documented = documentedCodes(readErrorsDoc(), from, until);
    assert.deepEqual(compareCodes(Object.values(ErrorCode), documented), {
      undocumented: [],
      unknown: [],
    });
  });

  test('the check catches a code without a row and a row without a code', () => {
    const doc = [
      '# Error codes',
      '| code | status | meaning |',
      '| --- | --- | --- |',
      '| `not_found` | 404 | no such thing |',
      '| `no_such_code` | 400 | a row for a code nobody answers with |',
      '## Token endpoint',
      '| `conflict` | 409 | a row of another table |',
    ].join('\n');
    const found = compareCodes(['not_found', 'conflict'], documentedCodes(doc, from, until));
    assert.deepEqual(found, {undocumented: ['conflict'], unknown: ['no_such_code']});
  });
});

describe('the table of codes', () => {
  test('spells each code once, in snake case', () => {
    const codes = Object.values(ErrorCode);
    assert.equal(new Set(codes).size, codes.length);
    for (const code of codes) assert.match(code, /^[a-z]+(_[a-z]+)*$/);
  });

  test('is what ServiceError answers with', async () => {
    const answer = new ServiceError(409, ErrorCode.invalidTransition, 'no').toResponse();
    assert.deepEqual(await answer.json(), {code: 'invalid_transition', message: 'no'});
  });
});
