// The conflict dialog and its styles: one chunk of the script-tag build, loaded the first time
// a conflict needs it.
export {renderConflictDialog} from '../view/render-conflict-dialog.js';
export {conflictDialogStyles as styles} from '../view/conflict-dialog-styles.js';

/**
 * Opens the rendered dialog modally while a conflict waits, and closes it when it no longer
 * does, moving focus in and back out to where it was (kept in `focus`, the element's own).
 */
export function syncDialog(
  root: ShadowRoot,
  open: boolean,
  focus: {returnFocus: HTMLElement | null},
): void {
  const dialog = root.querySelector('dialog');
  if (!dialog) return;
  if (open && !dialog.open) {
    const active = root.activeElement;
    focus.returnFocus = active instanceof HTMLElement ? active : null;
    dialog.showModal();
    // Focus the least destructive choice; autofocus in a shadow root is not honoured everywhere.
    dialog.querySelector<HTMLElement>('[data-action="cancel"]')?.focus();
  } else if (!open && dialog.open) {
    dialog.close();
    const back = focus.returnFocus;
    focus.returnFocus = null;
    if (back?.isConnected) back.focus();
  }
}
