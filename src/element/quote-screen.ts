// The review, the quote form, the thank-you, the form's data rules and the styles of the review, quote and thank-you
// screens: one chunk of the script-tag build, loaded when the shopper first opens the review
// (or the form, or a quote is requested), never before the first render.
export {renderReview} from '../view/render-review.js';
export {renderThankYou} from '../view/render-thank-you.js';
export {renderQuoteForm} from '../view/render-quote-form.js';
export {customerFromForm, lineAmount, validateQuoteForm} from '../view/quote-form-data.js';
export {quoteScreenStyles as styles} from '../view/quote-screen-styles.js';
