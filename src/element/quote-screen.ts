// The review, the quote form, the thank-you, the form's data rules and the styles of these
// screens: one chunk of the script-tag build, loaded when the shopper first opens the review
// (or the form, or a quote is requested), never before the first render.
export {renderQuoteScreens} from '../view/render-quote-screens.js';
export {submitQuote} from '../view/submit-quote.js';
export {quoteScreenStyles as styles} from '../view/quote-screen-styles.js';
