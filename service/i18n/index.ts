export {languages, resolveLanguage, type Language} from './languages.js';
export {formatPrice, roundMoney} from './price-format.js';
export {notAvailableWith} from './engine-texts.js';
