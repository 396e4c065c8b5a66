// The review, the quote form, the thank-you, the quote flow and the form's data rules, with
// the styles of these screens: one chunk of the script-tag build, loaded when the shopper first
// opens the review (or the form, or a quote is requested), never before the first render.
import {css} from 'lit';
import type {QuoteFormRules} from '../controllers/quote-controller.js';
import {customerFromForm, quantityOf, validateQuoteForm} from '../view/quote-form-data.js';
import {noticeStyles} from '../view/notice-styles.js';
import {quoteFormStyles} from '../view/quote-form-styles.js';
import {reviewStyles} from '../view/review-styles.js';
import {thankYouStyles} from '../view/thank-you-styles.js';

export {QuoteController} from '../controllers/quote-controller.js';
export {renderQuoteScreens} from '../view/render-quote-screens.js';

/** Its fields, button variants and price rows come with the configure view, which loads it. */
export const styles = css`
  ${noticeStyles}
  ${quoteFormStyles}
  ${reviewStyles}
  ${thankYouStyles}
`;

export const rules: QuoteFormRules = {
  validate: validateQuoteForm,
  customer: customerFromForm,
  quantity: quantityOf,
};
