// The summary column: the price summary with the VAT switch, the session's code with copy and
// share, the quote button, "Have a code?", undo and start over. A chunk of its own, asked for
// by the first screen's last pass, frames after the steps are on screen and
// `configurator-ready` has fired: the shopper acts on the steps, which need none of it
// (docs/decisions/0106-first-screen-in-two-passes.md, 0107).
import {html, nothing, type TemplateResult} from 'lit';
import type {Strings} from '../i18n/strings.js';
import type {SessionSnapshot} from '../session/index.js';
import {renderHistory} from '../view/render-history.js';
import {renderResume} from '../view/render-resume.js';
import {renderSummary} from '../view/render-summary.js';
import type {ConfigurationView} from '../view/view-model.js';
import type {ElementParts} from './element-parts.js';
import type {ShopperTools} from '../controllers/shopper-tools.js';

// The configure view's own sheet, which holds the column's styles: adopted already, so the
// column's arrival changes no style sheet of the shadow root (configure-styles.ts).
export {configureStyles as styles} from './configure-styles.js';

/** The shopper's tools if they are here, and a way to use them that waits for their chunk. */
export interface Tools {
  now: ShopperTools | null;
  canUndo: boolean;
  /** Runs `work` with the tools, once their chunk is here (a first click waits for it). */
  use(work: (tools: ShopperTools) => unknown): void;
}

/** The column's summary, then on the configure screen the shopper's tools. */
export function renderSide(
  view: ConfigurationView,
  snapshot: SessionSnapshot,
  s: Strings,
  on: ElementParts,
  tools: Tools,
  picture: string | null,
): TemplateResult {
  const configure = on.screens.screen === 'configure';
  return html`${renderSummary(
    view,
    {
      busy: snapshot.busy,
      copyStatus: tools.now?.copyStatus ?? '',
      showQuoteButton: configure,
      picture,
    },
    s,
    {
      toggleVat: (incl) => on.vat.set(incl),
      // The link that resumes it; the code stays in view beside the button.
      copyCode: () => tools.use((t) => t.copy(on.shareUrl(), view.code)),
      shareCode: () => tools.use((t) => t.share(on.shareUrl(), view.code, view.product.name)),
      requestQuote: () => void on.screens.show('review'),
    },
  )}
  ${configure ? renderTools(tools, s, snapshot.busy) : nothing}`;
}

/** "Have a code?", then undo and start over (the configure screen's summary column). */
function renderTools(tools: Tools, s: Strings, busy: boolean): TemplateResult {
  const now = tools.now;
  return html`${renderResume(now?.resumeError ?? '', s, (code) => tools.use((t) => t.resume(code)))}
  ${renderHistory(
    {
      canUndo: tools.canUndo && !busy,
      confirming: now?.confirming ?? false,
      error: now?.undoError ?? '',
    },
    s,
    {
      undo: () => tools.use((t) => t.undo()),
      askStartOver: () => tools.use((t) => t.askStartOver(true)),
      startOver: (confirmed) => tools.use((t) => t.askStartOver(false, confirmed)),
    },
  )}`;
}
