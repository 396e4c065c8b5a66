// The conflict dialog and its styles: one chunk of the script-tag build, loaded the first time
// a conflict needs it.
export {renderConflictDialog} from '../view/render-conflict-dialog.js';
export {conflictDialogStyles as styles} from '../view/conflict-dialog-styles.js';

/** Where focus was when a dialog opened, to return it when the dialog closes. */
const returnFocus = new WeakMap<Node, HTMLElement | null>();

/**
 * Opens the rendered dialog modally while a conflict waits, and closes it when it no longer
 * does, moving focus in and back out.
 */
export function syncDialog(root: ShadowRoot, open: boolean): void {
  const dialog = root.querySelector('dialog');
  if (!dialog) return;
  if (open && !dialog.open) {
    const active = root.activeElement;
    returnFocus.set(root, active instanceof HTMLElement ? active : null);
    dialog.showModal();
    // Focus the least destructive choice; autofocus in a shadow root is not honoured everywhere.
    dialog.querySelector<HTMLElement>('[data-action="cancel"]')?.focus();
  } else if (!open && dialog.open) {
    dialog.close();
    const back = returnFocus.get(root);
    returnFocus.delete(root);
    if (back?.isConnected) back.focus();
  }
}
