import {ErrorCode, isTimeout, type ConfiguratorError} from '../session/errors.js';
import type {FirstStrings} from './strings.js';

/**
 * What the shopper reads after a failure: the text of its code in the language's table.
 * `token_failed` is the one code whose text depends on how it failed: a token source that
 * hung, could not be reached or is down for a moment refused no one, so the shopper reads
 * what a service call failing the same way would say.
 */
export function errorText(error: ConfiguratorError, s: FirstStrings): string {
  return s.errors[shownCode(error)];
}

function shownCode(error: ConfiguratorError): ErrorCode {
  if (error.code !== 'token_failed' || !error.retryable) return error.code;
  if (isTimeout(error)) return 'timeout';
  return error.status === null ? 'network' : 'service_unavailable';
}
