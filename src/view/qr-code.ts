// The QR encoder, a chunk of its own: loaded when the shopper asks to print (the action on the
// review, or the browser's `beforeprint`), never with the first screen.
import {encode} from 'uqr';

/**
 * The options every QR code of a share link is made with. Medium error correction: a printed
 * sheet gets folded and smudged, and a share link stays short enough for a small code.
 */
export const qrOptions = {ecc: 'M', border: 0} as const;

/** The modules of the QR code of `text`: rows of columns, true for dark. */
export function qrModules(text: string): boolean[][] {
  return encode(text, qrOptions).data;
}
