// The `configurator-error` event carries the widget's codes, typed: a host's `switch` over
// `event.code` is checked by TypeScript, and a code outside the table does not type-check.
// (The type half of this file is checked by `npm run typecheck`.)
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ErrorCode} from '../../src/events/error-code.js';
import {
  ConfiguratorErrorEvent,
  type ConfiguratorErrorDetail,
} from '../../src/events/configurator-error-event.js';
import {ConfiguratorError, ErrorCode as SessionErrorCode} from '../../src/session/errors.js';

/** What a host writes: every code handled, the compiler telling when one is added. */
function advice(event: ConfiguratorErrorEvent): 'retry' | 'setup' | 'wait' | 'other' {
  const code = event.code;
  switch (code) {
    case ErrorCode.network:
    case ErrorCode.timeout:
    case ErrorCode.serviceUnavailable:
    case ErrorCode.serverError:
    case ErrorCode.badResponse:
      return 'retry';
    case ErrorCode.noTokenSource:
    case ErrorCode.invalidApiUrl:
    case ErrorCode.originNotAllowed:
    case ErrorCode.invalidPublishableKey:
    case ErrorCode.tokenEndpointNotFound:
    case ErrorCode.tokenCredentialsRejected:
    case ErrorCode.tokenFailed:
    case ErrorCode.unauthorized:
    case ErrorCode.modelNotFound:
      return 'setup';
    case ErrorCode.rateLimited:
    case ErrorCode.conflictPending:
      return 'wait';
    case ErrorCode.notFound:
    case ErrorCode.sessionNotFound:
    case ErrorCode.invalidRequest:
    case ErrorCode.requestRejected:
    case ErrorCode.notStarted:
    case ErrorCode.quoteBlocked:
    case ErrorCode.aborted:
      return 'other';
    default: {
      // Compiles only while `code` is the union of the table's codes, not any string.
      const unknown: never = code;
      throw new Error(`unhandled ${String(unknown)}`);
    }
  }
}

const detail = (code: ConfiguratorErrorDetail['code']): ConfiguratorErrorDetail => ({
  code,
  message: 'x',
  retryable: false,
  status: null,
});

test('the session and the event share one table of codes', () => {
  assert.equal(SessionErrorCode, ErrorCode);
});

test('a session failure becomes an event whose code is one of the table', () => {
  const error = new ConfiguratorError(ErrorCode.network, 'offline', {retryable: true});
  const event = new ConfiguratorErrorEvent({
    code: error.code,
    message: error.message,
    retryable: error.retryable,
    status: error.status,
  });
  assert.equal(event.detail.code, 'network');
  assert.equal(event.code, ErrorCode.network);
  assert.equal(advice(event), 'retry');
  for (const code of Object.values(ErrorCode)) {
    assert.ok(advice(new ConfiguratorErrorEvent(detail(code))), code);
  }
});

test('a code outside the table does not type-check', () => {
  // @ts-expect-error `no_such_code` is none of the widget's codes
  const wrong = detail('no_such_code');
  assert.equal(Object.values(ErrorCode).includes(wrong.code), false);
});
