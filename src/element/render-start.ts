import {nothing} from 'lit';
import type {SessionController} from '../controllers/session-controller.js';
import type {FirstStrings} from '../i18n/strings.js';
import {ErrorCode, type ConfiguratorError} from '../session/index.js';
import {renderError, renderSkeleton} from '../view/render-states.js';
import {blockingErrorView, setupErrorView} from './error-views.js';

export interface StartState {
  /** The element's `model` and `configuration` (trimmed). */
  model: string;
  configuration: string;
  /** `loading="lazy"` still holds the start back. */
  waiting: boolean;
  /** The configuration when it may be shown (its texts are here), else null. */
  loaded: unknown;
  /** A mistake in the element's settings that keeps it from starting (SettingsCheck). */
  setup: ConfiguratorError | null;
}

/**
 * What starting the session has come to, from its start task: the configuration (`ready`),
 * the skeleton while it loads, or why it cannot load. A settings mistake shows before any
 * session exists.
 */
export function renderStart(
  controller: SessionController,
  state: StartState,
  s: FirstStrings,
  ready: () => unknown,
): unknown {
  if (!controller.session) {
    const setup = state.waiting ? null : state.setup;
    if (setup) return renderError(setupErrorView(setup, s), true, s, () => {});
    return state.model || state.configuration ? renderSkeleton(s) : nothing;
  }
  // Also while a retry loads, the shopper keeps the message and the button until it works.
  const failed = () => {
    const snapshot = controller.snapshot!;
    const error = snapshot.error;
    if (!error || error.code === ErrorCode.aborted) return renderSkeleton(s);
    const startModel = () => void controller.startModel().catch(() => {});
    const view = blockingErrorView(snapshot, error, s, {...state, startModel});
    return renderError(view, true, s, () => void controller.retry().catch(() => {}));
  };
  const shown = () => (state.loaded ? ready() : null);
  return controller.start.render({
    pending: () => shown() ?? failed(),
    complete: () => shown() ?? renderSkeleton(s),
    error: () => shown() ?? failed(),
  });
}
