// The configure view: the view model, steps, options, fields, the summary, undo and start over,
// share and 'Have a code?', and the sanitiser of model texts, with their styles. A chunk of the
// script-tag build whose load starts when the element connects, alongside the token and
// configuration requests, so it is here before the first configuration is (see docs/decisions/0024-a-small-entry-and-chunks-beside-it.md).
import {lazyView} from './lazy-view.js';

export {buildViewModel, reuseUnchanged} from '../view/view-model.js';
export {renderSteps, tabId} from '../view/render-steps.js';
export {renderSummary} from '../view/render-summary.js';
export {richText} from '../view/sanitize.js';
export {ShopperTools} from '../view/shopper-tools.js';
export {configureViewStyles as styles} from '../view/configure-view-styles.js';

// Loaded from here, not from the entry: what they share with this view (Lit's directives, the
// formatters) is already in memory when they load, so it stays in this chunk.
export const quoteScreen = lazyView(() => import('./quote-screen.js'));
export const conflictDialog = lazyView(() => import('./conflict-dialog.js'));
