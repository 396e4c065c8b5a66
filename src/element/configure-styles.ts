// The configure view's styles, with the summary column's: one sheet the shadow root adopts
// once. The column's chunk answers this same sheet, so its arrival adopts nothing new: a sheet
// added to a shadow root has the browser match every element of it again, a whole-screen style
// recalculation in the middle of the start-up (docs/decisions/0106-first-screen-in-two-passes.md).
import {css} from 'lit';
import {buttonStyles} from '../view/button-styles.js';
import {configureLayoutStyles} from '../view/configure-layout-styles.js';
import {fieldStyles} from '../view/field-styles.js';
import {historyStyles} from '../view/history-styles.js';
import {nodeStyles} from '../view/node-styles.js';
import {priceStyles} from '../view/price-styles.js';
import {resumeStyles} from '../view/resume-styles.js';
import {stepsStyles} from '../view/steps-styles.js';
import {summaryStyles} from '../view/summary-styles.js';

/**
 * The styles of what the configure view and the summary column render, each beside its render
 * function, in cascade order. The quote screen relies on the buttons, fields and price rows here:
 * it is only ever loaded from the configure view's chunk.
 */
export const configureStyles = css`
  ${buttonStyles}
  ${configureLayoutStyles}
  ${stepsStyles}
  ${fieldStyles}
  ${nodeStyles}
  ${priceStyles}
  ${summaryStyles}
  ${resumeStyles}
  ${historyStyles}
`;
