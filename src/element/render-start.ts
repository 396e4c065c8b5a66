import {nothing} from 'lit';
import type {SessionController} from '../controllers/session-controller.js';
import {errorText} from '../i18n/error-text.js';
import type {FirstStrings} from '../i18n/strings.js';
import {type ConfiguratorError} from '../session/index.js';
import {renderSkeleton} from '../view/render-states.js';
import {renderFailure} from './failure-notice.js';
import type {ViewLoader} from './lazy-view.js';

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
  /** The element's lazy views: a failure's notice is one. */
  views: ViewLoader;
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
    const skeleton = state.model || state.configuration ? renderSkeleton(s) : nothing;
    if (!setup) return skeleton;
    return renderFailure(
      state.views,
      s,
      (m) => m.renderError(m.setupErrorView(setup, s), true, s, () => {}),
      {line: `${s.errorLoad} ${errorText(setup, s)}`, retry: null},
      skeleton,
    );
  }
  // Also while a retry loads, the shopper keeps the message and the button until it works.
  const failed = () => {
    const snapshot = controller.snapshot!;
    const error = snapshot.error;
    if (!error || error.code === 'aborted') return renderSkeleton(s);
    const startModel = () => void controller.startModel().catch(() => {});
    const retry = () => void controller.retry().catch(() => {});
    return renderFailure(
      state.views,
      s,
      (m) =>
        m.renderError(
          m.blockingErrorView(snapshot, error, s, {...state, startModel}),
          true,
          s,
          retry,
        ),
      {line: `${s.errorLoad} ${errorText(error, s)}`, retry},
      renderSkeleton(s),
    );
  };
  const shown = () => (state.loaded ? ready() : null);
  return controller.start.render({
    pending: () => shown() ?? failed(),
    complete: () => shown() ?? renderSkeleton(s),
    error: () => shown() ?? failed(),
  });
}
