// What the configure view adds once it is on screen: the configured picture (in the summary,
// and small in the narrow layout's total bar), focus kept clear of that bar, and the language
// choice, the printed sheet, the styles for the shopper's own settings (forced colours, reduced
// motion, a right-to-left page), `configurator-step` (the journey's steps, reported from the
// first step on), what each choice would make the total, asked of the service (decision 98),
// and the shopper's tools (undo, start over, share, "Have a code?"; a first click waits for them).
// A chunk of its own, asked for once the first configure screen is on screen and the page is
// idle; until it is here the model's own image, no language choice and the estimated effects
// show.
import {css} from 'lit';
import {extrasStyles} from '../view/configure-extras-styles.js';
import {preferenceStyles} from '../view/preference-styles.js';
import {printSheetStyles} from '../view/print-sheet-styles.js';

export {PictureController} from '../controllers/picture-controller.js';
export {renderBarPicture} from '../view/render-bar-picture.js';
export {keepClearOfTotalBar} from '../view/keep-clear-of-total-bar.js';
export {renderLanguagePicker} from '../view/render-language-picker.js';
export {PrintController} from '../controllers/print-controller.js';
export {PriceEffectsController} from '../controllers/price-effects-controller.js';
export {ShopperTools} from '../controllers/shopper-tools.js';
export {loadQr, renderSheet} from './render-sheet.js';
export {StepReporter} from './step-reporter.js';
// The price effects' question and the share tool's parts, here rather than in the first
// screen's code.
export {optionRequirements} from '../view/option-requirements.js';
export {shareConfiguration, shareLink} from '../view/share-link.js';

export const styles = css`
  ${extrasStyles}
  ${preferenceStyles}
  ${printSheetStyles}
`;
