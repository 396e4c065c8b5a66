// Loaded from the configure view, not from the entry: what they share with it (Lit's
// directives, the formatters) is already in memory when they load, so it stays in its chunk.
import type {CSSResult, ReactiveControllerHost} from 'lit';
import {whenIdle} from '../controllers/when-idle.js';
import {loadLaterEnglish} from '../i18n/dictionaries.js';
import {lazyView, type LazyView} from './lazy-view.js';

/** A view after the first screen, with the English texts it may speak (see loadLaterEnglish). */
const withLaterEnglish = <T>(view: Promise<T>): Promise<T> =>
  Promise.all([view, loadLaterEnglish()]).then(([module]) => module);

export const quoteScreen = lazyView(() => withLaterEnglish(import('./quote-screen.js')));
export const conflictDialog = lazyView(() => withLaterEnglish(import('./conflict-dialog.js')));
// The configured picture, focus kept clear of the total bar, the language choice and the price
// effects asked of the service: wanted on the first configure screen, yet nothing there waits
// for them.
// The summary column: asked for by the first screen's last pass, after `configurator-ready`
// (decision 106), and drawn once it is here.
export const summaryColumn = lazyView(() => import('./summary-column.js'));
export const extras = lazyView(() => withLaterEnglish(import('./configure-extras.js')));

/**
 * Loads `view` once the element's current render is done and the page is idle: after the first
 * screen (and `configurator-ready`), never among the requests the shopper waits for. The element
 * renders again when it arrives; a failed load is asked again by a later render. `views` holds
 * what this element has asked for (its configure controller keeps it).
 */
export function loadAfterFirstScreen<T extends {styles: CSSResult}>(
  view: LazyView<T>,
  host: ReactiveControllerHost,
  views: Set<object>,
): void {
  if (view.module || views.has(view)) return;
  views.add(view);
  void host.updateComplete.then(() =>
    whenIdle(() =>
      view.load().then(
        () => host.requestUpdate(),
        () => views.delete(view),
      ),
    ),
  );
}
