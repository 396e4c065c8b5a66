// The service's one table of errors (service/errors.ts): docs/errors.md against it both ways,
// code and status; every row answered as it says; one answer for anything thrown.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {EngineError} from '../../service/engine/index.js';
import {ErrorCode, Errors, ServiceError, errorResponse} from '../../service/errors.js';
import {ServiceErrorCode} from '../../src/wire/index.js';
import {
  compareCodes,
  documentedCodes,
  documentedStatuses,
  readErrorsDoc,
  rowStatuses,
} from '../helpers/node/error-docs.js';

// The service's codes fill the page down to the token endpoint helper's own table.
const [from, until] = [/^# Error codes/, /^## Token endpoint/];
const rows = Object.entries(Errors);

describe('docs/errors.md', () => {
  test('documents every service error code, and no other', () => {
    const documented = documentedCodes(readErrorsDoc(), from, until);
    assert.deepEqual(compareCodes(Object.values(ErrorCode), documented), {
      undocumented: [],
      unknown: [],
    });
  });

  test("gives each code the statuses of the table's rows, and no other", () => {
    const documented = Object.fromEntries(documentedStatuses(readErrorsDoc(), from, until));
    assert.deepEqual(documented, Object.fromEntries(rowStatuses(Object.values(Errors))));
  });

  test('the check catches a code without a row, a row without a code and a wrong status', () => {
    const doc = [
      '# Error codes',
      '| code | status | meaning |',
      '| --- | --- | --- |',
      '| `not_found` | 404 | no such thing |',
      '| `currency_mismatch` | 400 | only one of its statuses |',
      '| `no_such_code` | 400 | a row for a code nobody answers with |',
      '## Token endpoint',
      '| `conflict` | 409 | a row of another table |',
    ].join('\n');
    const found = compareCodes(
      ['not_found', 'currency_mismatch', 'conflict'],
      documentedCodes(doc, from, until),
    );
    assert.deepEqual(found, {undocumented: ['conflict'], unknown: ['no_such_code']});
    const statuses = documentedStatuses(doc, from, until);
    assert.deepEqual(statuses.get('currency_mismatch'), [400]);
    assert.deepEqual(
      rowStatuses([Errors.currencyMismatch, Errors.quotationCurrencyMismatch]),
      new Map([['currency_mismatch', [400, 409]]]),
    );
  });
});

describe('the table of errors', () => {
  test('spells each code in snake case, and gives a code two rows only for two statuses', () => {
    const seen = new Set<string>();
    for (const [name, {code, status}] of rows) {
      assert.match(code, /^[a-z]+(_[a-z]+)*$/, name);
      assert.ok(!seen.has(`${code} ${status}`), `${name}: ${code} ${status} has another row`);
      seen.add(`${code} ${status}`);
    }
  });

  test('takes the codes the widget reads from the wire', () => {
    const codes = new Set(Object.values(ErrorCode));
    for (const code of Object.values(ServiceErrorCode)) assert.ok(codes.has(code), code);
  });

  for (const [name, row] of rows) {
    test(`${name}: a ServiceError naming the row answers ${row.status} ${row.code}`, async () => {
      const answer = new ServiceError(row, 'why', {field: 'x'}).toResponse();
      assert.equal(answer.status, row.status);
      assert.deepEqual(await answer.json(), {
        code: row.code,
        message: 'why',
        details: {field: 'x'},
      });
    });
  }
});

describe('errorResponse', () => {
  test('answers a ServiceError with its own row and the headers it adds', async () => {
    const answer = errorResponse(new ServiceError(Errors.invalidTransition, 'no'));
    assert.equal(answer.status, 409);
    assert.deepEqual(await answer.json(), {code: 'invalid_transition', message: 'no'});
  });

  test("answers the engine's refusal with its row", async () => {
    const answer = errorResponse(new EngineError('unknown_node', 'No node "x"'));
    assert.equal(answer.status, 404);
    assert.deepEqual(await answer.json(), {code: 'unknown_node', message: 'No node "x"'});
  });

  test('answers anything else 500 internal_error, without its message', async (t) => {
    const logged = t.mock.method(console, 'error', () => {});
    const answer = errorResponse(new Error('secret detail'));
    assert.equal(answer.status, 500);
    assert.deepEqual(await answer.json(), {code: 'internal_error', message: 'Internal error'});
    assert.equal(logged.mock.callCount(), 1);
  });
});
