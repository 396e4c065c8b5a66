// The printed sheet from the element's state: part of the extras' chunk, so that it is in
// memory when the browser's `beforeprint` asks for it (that event cannot wait for a load).
import type {PrintController} from '../controllers/print-controller.js';
import type {Strings} from '../i18n/strings.js';
import {buildBill} from '../view/bill.js';
import {renderPrintSheet} from '../view/render-print-sheet.js';
import {shareLink} from '../view/share-link.js';
import type {ConfigurationView} from '../view/view-model.js';
import type {Configuration} from '../wire/index.js';
import type {ElementParts} from './element-parts.js';

/** The QR encoder's own chunk, loaded when printing is first asked for. */
export const loadQr = () => import('../view/qr-code.js');

/** The sheet of the configuration on screen, its QR code encoding the share link. */
export function renderSheet(
  view: ConfigurationView,
  configuration: Configuration,
  s: Strings,
  p: ElementParts,
  print: PrintController,
  picture: string | null,
) {
  const link = shareLink(p.shareUrl(), view.code);
  return renderPrintSheet(
    view,
    {
      lang: p.texts.shown,
      picture: picture || view.product.imageUrl,
      // In the VAT mode on screen, as the review builds it.
      bill: buildBill(configuration, p.vat.inclVat),
      totalInclVat: configuration.totalPriceIncVATLabel,
      totalExclVat: configuration.totalPriceExVATLabel,
      link,
      qr: print.qr(link),
    },
    s,
  );
}
