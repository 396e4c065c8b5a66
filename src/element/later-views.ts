// Loaded from the configure view, not from the entry: what they share with it (Lit's
// directives, the formatters) is already in memory when they load, so it stays in its chunk.
import {lazyView} from './lazy-view.js';

export const quoteScreen = lazyView(() => import('./quote-screen.js'));
export const conflictDialog = lazyView(() => import('./conflict-dialog.js'));
// The configured picture, focus kept clear of the total bar and the language choice: wanted on
// the first configure screen, yet nothing there waits for them.
export const extras = lazyView(() => import('./configure-extras.js'));
