// The review, the quote form, the thank-you, the form's data rules and the styles of these
// screens: one chunk of the script-tag build, loaded when the shopper first opens the review
// (or the form, or a quote is requested), never before the first render.
import {css} from 'lit';
import {quoteFormStyles} from '../view/quote-form-styles.js';
import {reviewStyles} from '../view/review-styles.js';
import {thankYouStyles} from '../view/thank-you-styles.js';

export {renderQuoteScreens} from '../view/render-quote-screens.js';
export {submitQuote} from '../view/submit-quote.js';

/** Its fields, button variants and price rows come with the configure view, which loads it. */
export const styles = css`
  ${quoteFormStyles}
  ${reviewStyles}
  ${thankYouStyles}
`;
