// The conflict dialog and its styles: one chunk of the script-tag build, loaded the first time
// a conflict needs it.
export {renderConflictDialog} from '../view/render-conflict-dialog.js';
export {conflictDialogStyles as styles} from '../view/conflict-dialog-styles.js';
