// The error notices: a chunk beside the script-tag entry, loaded with the first failure the
// element shows (src/element/failure-notice.ts). No page that works pays for them before the
// shopper can act.
export {renderError} from '../view/render-error.js';
export {noticeStyles as styles} from '../view/notice-styles.js';
export {blockingErrorView, errorView, setupErrorView} from './error-views.js';
