// How the test runner opens a page in its Chromium: in a window of its own, not as a tab.
//
// Headless Chromium still has windows and tabs. Pages opened as tabs of one window (the
// runner's default, `context.newPage()`) leave every tab but the front one hidden:
// `document.visibilityState` is 'hidden', `document.hasFocus()` is false and no
// `requestAnimationFrame` callback ever runs. With two test files at a time, the file that lands
// in the back tab hangs on its first wait for a frame (open-wc's `fixture()` of a plain element
// awaits one) and every test of it times out, while the same file alone passes. A window per
// page keeps each page visible and focused, as a shopper's page is. See decision 0099.

/** The runner's `createPage`: a new window of the browser context for each page. */
export const pageInItsOwnWindow = ({context}) => context.newPage({type: 'window'});
