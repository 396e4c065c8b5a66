import {html, nothing} from 'lit';
import type {FirstStrings} from '../i18n/strings.js';
import {lazyView, type ViewLoader} from './lazy-view.js';

/** The error notices' code and styles, loaded with the first failure an element shows. */
export const errorNotices = lazyView(() => import('./error-notices.js'));

export type ErrorNotices = typeof import('./error-notices.js');

/** What a failure says where its notice cannot load, and how the shopper tries again. */
export interface PlainFailure {
  /** The failure in one line, in the element's language. */
  line: string;
  /** Try again, or null where trying again cannot help. */
  retry: (() => void) | null;
}

/**
 * A failure on screen: its notice, which comes with the error chunk (asked for by the first
 * failure; `waiting` shows meanwhile, the skeleton or nothing). The element's `updateComplete`
 * waits for the chunk, so `configurator-error` and the announcement follow the notice as before.
 * Where the chunk cannot load (offline), the failure is said in a plain line, read out like a
 * notice, and Try again asks for the chunk too.
 */
export function renderFailure(
  views: ViewLoader,
  s: FirstStrings,
  notice: (m: ErrorNotices) => unknown,
  plain: PlainFailure,
  waiting: unknown = nothing,
): unknown {
  const notices = views.use(errorNotices);
  if (notices) return notice(notices);
  if (!errorNotices.failed) return waiting;
  const retry = plain.retry;
  return html`<div class="failure">
    <p part="error">${plain.line}</p>
    ${
      retry
        ? html`<button
            type="button"
            class="button secondary"
            part="button"
            data-action="retry"
            @click=${() => {
              views.track(views.load(errorNotices));
              retry();
            }}
          >
            ${s.retry}
          </button>`
        : nothing
    }
  </div>`;
}
