// The configure view: the view model, steps, options, fields, the total bar and the sanitiser
// of model texts, with their styles; the summary column is a chunk it asks for (decision 106).
// A chunk of the script-tag build whose load starts when the element connects, alongside the
// token and configuration requests, so it is here before the first configuration is (see
// docs/decisions/0024-a-small-entry-and-chunks-beside-it.md).
import {css} from 'lit';
import {buttonStyles} from '../view/button-styles.js';
import {configureLayoutStyles} from '../view/configure-layout-styles.js';
import {fieldStyles} from '../view/field-styles.js';
import {nodeStyles} from '../view/node-styles.js';
import {priceStyles} from '../view/price-styles.js';
import {stepsStyles} from '../view/steps-styles.js';

export {tabId} from '../view/render-steps.js';
export {
  configureController,
  renderConfigured,
  renderConflict,
  syncConflictDialog,
  announcePrice,
} from './render-ready.js';
export {quoteScreen} from './later-views.js';

/**
 * The styles of what this view renders, each beside its render function, in cascade order. The
 * quote screen relies on the buttons, fields and price rows here: it is only ever loaded from
 * this chunk.
 */
export const styles = css`
  ${buttonStyles}
  ${configureLayoutStyles}
  ${stepsStyles}
  ${fieldStyles}
  ${nodeStyles}
  ${priceStyles}
`;
