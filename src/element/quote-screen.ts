// The quote form, its data rules and the styles of the quote and thank-you screens: one chunk
// of the script-tag build, loaded when the shopper first opens the form (or a quote is
// requested), never before the first render.
export {renderQuoteForm} from '../view/render-quote-form.js';
export {customerFromForm, validateQuoteForm} from '../view/quote-form-data.js';
export {quoteScreenStyles as styles} from '../view/quote-screen-styles.js';
