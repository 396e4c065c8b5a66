import {errorText} from '../i18n/error-text.js';
import type {FirstStrings} from '../i18n/strings.js';
import {type ConfiguratorError, type SessionSnapshot} from '../session/index.js';
import type {ErrorView} from '../view/render-states.js';

/** Failures only the page's developer can fix: Try again could not help, so it is not offered. */
const pageMistakes: ReadonlySet<string> = new Set([
  'origin_not_allowed',
  'invalid_publishable_key',
  'token_endpoint_not_found',
  'token_credentials_rejected',
]);

/**
 * The message tells the truth about the shopper's change: kept for sending again (then Retry
 * is offered, and the widget says when it tries by itself) or refused and undone.
 */
export function errorView(
  snapshot: SessionSnapshot,
  error: ConfiguratorError,
  s: FirstStrings,
  blocking: boolean,
): ErrorView {
  return {
    title: s.errorTitle,
    message: blocking ? s.errorLoad : snapshot.canRetry ? s.errorApply : s.errorRefused,
    reason: errorText(error, s),
    // Only the page's developer can let a refused page in: no button that cannot help.
    canRetry: !pageMistakes.has(error.code) && (blocking || snapshot.canRetry),
    note:
      blocking && snapshot.status === 'loading'
        ? s.loading
        : snapshot.retryAt !== null
          ? s.retrying
          : '',
  };
}

/**
 * Nothing loaded. A saved configuration the service does not know never opens however often
 * it is tried, so instead of Retry the shopper may start the element's `model` anew.
 */
export function blockingErrorView(
  snapshot: SessionSnapshot,
  error: ConfiguratorError,
  s: FirstStrings,
  target: {model: string; configuration: string; startModel(): void},
): ErrorView {
  const view = errorView(snapshot, error, s, true);
  if (pageMistakes.has(error.code)) return {...view, action: null};
  if (error.code !== 'session_not_found' || !target.configuration) return view;
  return {
    ...view,
    message: s.errorSavedNotFound,
    reason: target.model ? '' : s.errorSavedNotFoundNoModel,
    action: target.model
      ? {label: s.newConfiguration, name: 'start-new', run: () => target.startModel()}
      : null,
  };
}

/** A mistake in the element's settings: only the page's developer can fix it, no button. */
export function setupErrorView(error: ConfiguratorError, s: FirstStrings): ErrorView {
  return {
    title: s.errorTitle,
    message: s.errorLoad,
    reason: errorText(error, s),
    canRetry: false,
    action: null,
  };
}
