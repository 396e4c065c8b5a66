// The configured product on screen: heading, error banner, steps or quote screens, the total
// bar and the summary with the shopper's tools. Part of the configure view's chunk: the
// element's first render (a skeleton) carries none of it.
import {html, nothing, type TemplateResult} from 'lit';
import {ShopperTools} from '../controllers/shopper-tools.js';
import {en} from '../i18n/en.js';
import type {Strings} from '../i18n/strings.js';
import {ErrorCode, type SessionSnapshot} from '../session/index.js';
import {renderHistory} from '../view/render-history.js';
import {renderResume, shareConfiguration} from '../view/render-resume.js';
import {renderError} from '../view/render-states.js';
import {renderSteps, type StepHandlers} from '../view/render-steps.js';
import {renderSummary} from '../view/render-summary.js';
import {renderTotalBar} from '../view/render-total-bar.js';
import {richText} from '../view/sanitize.js';
import {isSessionCode} from '../view/session-code.js';
import {buildViewModel, reuseUnchanged, type ConfigurationView} from '../view/view-model.js';
import {priceBasis} from '../view/price-effects.js';
import {adoptStyles} from './lazy-view.js';
import {conflictDialog, extras} from './later-views.js';
import type {ElementParts} from './element-parts.js';
import type {PictureController} from '../controllers/picture-controller.js';
import {PriceEffectsController} from '../controllers/price-effects-controller.js';

type ExtrasModule = typeof import('./configure-extras.js');
import {errorView} from './error-views.js';

/** Per element: its undo and other tools, the view last rendered, its step handlers. */
interface Kept {
  tools: ShopperTools | null;
  /** The configured product's picture, once the extras chunk is here. */
  picture: PictureController | null;
  view: ConfigurationView | null;
  steps: StepHandlers;
  effects: PriceEffectsController;
}
const kept = new WeakMap<object, Kept>();

function keptFor(p: ElementParts): Kept {
  let own = kept.get(p.host);
  if (!own) {
    const {session, screens} = p;
    own = {
      effects: new PriceEffectsController(p.host),
      tools: null,
      picture: null,
      view: null,
      // The same object every render, so unchanged nodes are not rendered again.
      steps: {
        select: (id, on) => void session.select(id, on).catch(() => {}),
        setValue: (id, value) => void session.setValue(id, value).catch(() => {}),
        setText: (id, text) => void session.setText(id, text).catch(() => {}),
        flush: () => session.flush(),
        goToStep: (id, focusTab) => void screens.goToStep(id, focusTab),
        review: () => void screens.show('review'),
      },
    };
    kept.set(p.host, own);
  }
  return own;
}

/**
 * Undo, start over, share and resume of the current session: a new session gets its own.
 * Attached before the shopper can change anything, so the first change can be undone.
 */
function toolsFor(p: ElementParts, own: Kept): ShopperTools {
  const current = p.session.require();
  if (own.tools?.history.session !== current) {
    own.tools?.history.detach();
    own.tools = new ShopperTools(current, p.host, {
      // Complete once this view runs: it loads with the rest of English (configurator-parts).
      strings: () => p.texts.complete ?? en,
      announce: (text) => p.announcer.say(text),
      restart: () => p.restart(),
      opened: () => p.screens.reset(),
      share: shareConfiguration,
      isCode: isSessionCode,
    });
    p.session.history = own.tools.history;
  }
  return own.tools;
}

/** The configuration on screen, from the session's snapshot and the element's screen. */
export function renderConfigured(p: ElementParts, s: Strings): TemplateResult {
  const own = keptFor(p);
  const snapshot = p.session.snapshot!;
  const configuration = snapshot.configuration!;
  const steps = configuration.featureModel.steps;
  const shown = (steps.find((st) => st.id === p.screens.step) ?? steps[0])?.id ?? '';
  const built = buildViewModel({
    configuration,
    values: snapshot.values,
    texts: snapshot.texts,
    pending: withoutConflict(snapshot),
    apiUrl: p.apiUrl,
    inclVat: p.inclVat,
    // The step shown: the one chosen, else the first.
    onlyStep: p.screens.screen === 'configure' ? shown : undefined,
    totalsAfter: own.effects.totalsFor(configuration, shown),
  });
  const view = (own.view = reuseUnchanged(own.view, built));
  const nodes = view.steps.find((st) => st.id === shown)?.nodes ?? [];
  if (!snapshot.conflict) own.effects.want(p.session.require(), configuration, shown, nodes);
  const more = extrasFor(p);
  if (more && !own.picture) own.picture = new more.PictureController(p.host, () => p.session);
  return renderReady(view, snapshot, s, p, toolsFor(p, own), own.steps, more, own.picture);
}

/**
 * The extras' chunk if it is here (its styles adopted), else null; renders again when it
 * arrives. Its load (started with this chunk) holds neither `updateComplete` nor the events:
 * the steps are usable without it, and `configurator-ready` fires when the shopper can act.
 */
function extrasFor(p: ElementParts): ExtrasModule | null {
  const more = extras.module;
  if (more) adoptStyles(p.host.renderRoot as ShadowRoot, more.styles);
  else if (!extras.failed)
    extras.load().then(
      () => p.host.requestUpdate(),
      () => {},
    );
  return more;
}

/**
 * The shopper's inputs as the steps show them. The input that met a conflict is not applied
 * until the shopper accepts the changes the dialog offers, so behind the dialog its control
 * shows the configuration as it is (a clicked checkbox unticked again); cancelling changes
 * nothing on screen.
 */
function withoutConflict(snapshot: SessionSnapshot): SessionSnapshot['pending'] {
  const id = snapshot.conflict?.requirement.featureModelNodeId;
  if (id === undefined || !snapshot.pending.has(id)) return snapshot.pending;
  const pending = new Map(snapshot.pending);
  pending.delete(id);
  return pending;
}

/** The conflict dialog, loaded the first time a conflict needs it. */
export function renderConflict(p: ElementParts, s: Strings): unknown {
  const conflict = p.session.snapshot?.conflict ?? null;
  // Until it has loaded there is no dialog to close.
  const dialog = conflict ? p.views.use(conflictDialog) : conflictDialog.module;
  if (!dialog) return nothing;
  const own = kept.get(p.host);
  const names = own?.view?.names ?? new Map<string, string>();
  const configuration = p.session.snapshot?.configuration;
  const after =
    conflict && configuration
      ? own?.effects.totalsIfAccepted(p.session.require(), configuration, conflict.requirement)
      : null;
  const prices = configuration
    ? {
        basis: priceBasis(configuration, p.inclVat),
        totalAfter: after ? (p.inclVat ? after.inclVat : after.exclVat) : null,
      }
    : null;
  return dialog.renderConflictDialog(
    conflict,
    names,
    p.texts.shown,
    s,
    {resolveConflict: (accept) => void p.session.resolveConflict(accept).catch(() => {})},
    prices,
  );
}

/** After a render: the dialog opens while a conflict waits and closes when it no longer does. */
export function syncConflictDialog(p: ElementParts): void {
  const open = !!p.session.snapshot?.conflict;
  conflictDialog.module?.syncDialog(p.host.renderRoot as ShadowRoot, open);
}

function renderReady(
  view: ConfigurationView,
  snapshot: SessionSnapshot,
  s: Strings,
  on: ElementParts,
  tools: ShopperTools,
  stepHandlers: StepHandlers,
  more: ExtrasModule | null,
  picture: PictureController | null,
): TemplateResult {
  const configuration = snapshot.configuration!;
  const screen = on.screens.screen;
  const steps = view.steps;
  const active = steps.find((st) => st.id === on.screens.step)?.id ?? steps[0]?.id ?? '';
  const banner =
    // The quote form reports its own failures; elsewhere the banner offers a retry.
    snapshot.error && snapshot.error.code !== ErrorCode.aborted && screen === 'configure'
      ? renderError(
          errorView(snapshot, snapshot.error, s, false),
          false,
          s,
          () => void on.session.retry().catch(() => {}),
          () => on.session.dismissError(),
        )
      : nothing;
  const show = (to: typeof screen) => void on.screens.show(to);

  const quote = on.quote;
  const main =
    (quote &&
      quote.module.renderQuoteScreens(
        {
          screen,
          view,
          configuration,
          lang: on.texts.shown,
          inclVat: on.inclVat,
          result: quote.flow.result,
          draft: quote.flow.draft,
          shipTo: quote.flow.shipTo,
          errors: quote.flow.errors,
          formError: quote.flow.formError(s),
          submitting: quote.flow.submitting,
        },
        s,
        {
          show,
          // The thank-you's button goes away: focus moves to the steps rather than the page.
          restart: () => {
            on.restart().catch(() => {});
            show('configure');
          },
          submit: (form) => void quote.flow.submit(form, s, on.texts.shown),
          draftInput: (name, value) => quote.flow.input(name, value),
          toggleShipTo: (on) => quote.flow.toggleShipTo(on),
          goToNode: (nodeId, stepId) => void on.screens.goToNode(nodeId, stepId),
        },
      )) ??
    html`<div class="card configure" part="panel">
      ${renderSteps(steps, active, s, stepHandlers)}
    </div>`;

  // No header, aside or nav: page landmarks are the host's, and a second widget on the page
  // would repeat them (docs/decisions/0056-no-page-landmarks-in-the-widget.md).
  return html`<div class="main" @focusin=${more?.keepClearOfTotalBar}>
      <div class="product" part="header">
        <div>
          <h2 class="product-name" part="product-name">${view.product.name}</h2>
          ${
            view.product.descriptionHtml
              ? html`<div class="description">${richText(view.product.descriptionHtml)}</div>`
              : nothing
          }
        </div>
      </div>
      ${banner} ${main}
      ${
        screen === 'configure'
          ? renderTotalBar(
              view,
              s,
              () => show('review'),
              more?.renderBarPicture(picture?.src || view.product.imageUrl),
            )
          : nothing
      }
    </div>
    <div class="side">
      ${renderSummary(
        view,
        {
          busy: snapshot.busy,
          copyStatus: tools.copyStatus,
          showQuoteButton: screen === 'configure',
          picture: picture?.src ?? null,
        },
        s,
        {
          toggleVat: (incl) => on.toggleVat(incl),
          copyCode: () => void tools.copy(view.code),
          shareCode: () => void tools.share(on.shareUrl(), view.code, view.product.name),
          requestQuote: () => show('review'),
        },
      )}
      ${screen === 'configure' ? renderTools(tools, s, snapshot.busy) : nothing}
      ${more?.renderLanguagePicker(configuration.languages, on.texts.shown, s, (l) => (on.host.lang = l))}
    </div>`;
}

/** "Have a code?", then undo and start over (the configure screen's summary column). */
function renderTools(tools: ShopperTools, s: Strings, busy: boolean): TemplateResult {
  return html`${renderResume(tools.resumeError, s, (code) => void tools.resume(code))}
  ${renderHistory({canUndo: tools.history.canUndo && !busy, confirming: tools.confirming}, s, {
    undo: () => void tools.undo(),
    askStartOver: () => void tools.askStartOver(true),
    startOver: (confirmed) => void tools.askStartOver(false, confirmed),
  })}`;
}
