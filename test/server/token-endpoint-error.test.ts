// The token endpoint helper's own table of errors against the "Token endpoint" table of
// docs/errors.md, code and status, and every row answered as it says.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {
  TokenEndpointError,
  TokenEndpointErrorCode,
  TokenEndpointErrors,
} from '../../src/server/token-endpoint.js';
import {
  compareCodes,
  documentedCodes,
  documentedStatuses,
  readErrorsDoc,
  rowStatuses,
} from '../helpers/node/error-docs.js';

const [from, until] = [/^## Token endpoint/, /^## Signed configuration verification/];

describe('docs/errors.md', () => {
  test('documents every token endpoint error code, and no other', () => {
    const documented = documentedCodes(readErrorsDoc(), from, until);
    assert.deepEqual(compareCodes(Object.values(TokenEndpointErrorCode), documented), {
      undocumented: [],
      unknown: [],
    });
  });

  test("gives each code its row's status", () => {
    assert.deepEqual(
      Object.fromEntries(documentedStatuses(readErrorsDoc(), from, until)),
      Object.fromEntries(rowStatuses(Object.values(TokenEndpointErrors))),
    );
  });
});

describe('the table of errors', () => {
  for (const [name, row] of Object.entries(TokenEndpointErrors)) {
    test(`${name}: an error naming the row answers ${row.status} ${row.code}`, async () => {
      const answer = new TokenEndpointError(row, 'why', {headers: {'retry-after': '3'}}).toResponse(
        {'cache-control': 'no-store'},
      );
      assert.equal(answer.status, row.status);
      assert.equal(answer.headers.get('retry-after'), '3');
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await answer.json(), {code: row.code, message: 'why'});
    });
  }
});
