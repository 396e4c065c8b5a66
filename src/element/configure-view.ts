// The configure view: the view model, steps, options, fields, the total bar and the sanitiser
// of model texts, with their styles; the summary column is a chunk it asks for (decision 106).
// A chunk of the script-tag build whose load starts when the element connects, alongside the
// token and configuration requests, so it is here before the first configuration is (see
// docs/decisions/0024-a-small-entry-and-chunks-beside-it.md).
import {configureStyles} from './configure-styles.js';

export {tabId} from '../view/render-steps.js';
export {
  configureController,
  renderConfigured,
  renderConflict,
  syncConflictDialog,
  announcePrice,
} from './render-ready.js';
export {quoteScreen} from './later-views.js';

/** Its styles, the summary column's with them (configure-styles.ts). */
export const styles = configureStyles;
