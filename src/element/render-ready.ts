// The configured product on screen: heading, error banner, steps or quote screens, the total
// bar and the summary with the shopper's tools. Part of the configure view's chunk: the
// element's first render (a skeleton) carries none of it.
import {html, nothing, type TemplateResult} from 'lit';
import {ConfigureController, type FirstScreen} from '../controllers/configure-controller.js';
import type {PrintController} from '../controllers/print-controller.js';
import {loadedStrings} from '../i18n/dictionaries.js';
import type {Strings} from '../i18n/strings.js';
import {type SessionSnapshot} from '../session/index.js';
import {firstPart, renderSteps, type StepHandlers} from '../view/render-steps.js';
import {renderTotalBar} from '../view/render-total-bar.js';
import {richText} from '../view/sanitize.js';
import {isSessionCode} from '../view/session-code.js';
import {buildViewModel, type ConfigurationView, type StepView} from '../view/view-model.js';
import {reuseUnchanged} from '../view/reuse-unchanged.js';
import {priceBasis} from '../view/price-effects.js';
import {adoptStyles} from './lazy-view.js';
import {afterNextFrame} from '../controllers/yield-to-main.js';
import {conflictDialog, extras, loadAfterFirstScreen, summaryColumn} from './later-views.js';
import type {Tools} from './summary-column.js';
import type {ElementParts} from './element-parts.js';

import {renderFailure} from './failure-notice.js';
import {errorText} from '../i18n/error-text.js';

type ExtrasModule = typeof import('./configure-extras.js');
type ColumnModule = typeof import('./summary-column.js');

/**
 * The configure view's controller for an element: made once, when the configure view first
 * renders there. Its tools speak the complete texts, which load with this chunk.
 */
export function configureController(p: ElementParts): ConfigureController<ConfigurationView> {
  const {screens} = p;
  return new ConfigureController<ConfigurationView>(
    p.host,
    p.session,
    {
      goToStep: (id, focus) => void screens.goToStep(id, focus),
      review: () => void screens.show('review'),
    },
    {
      // English is here whenever this view is (it loads with it).
      strings: () => p.texts.complete ?? loadedStrings('en')!,
      announce: (text) => p.announcer.say(text),
      restart: () => p.restart(),
      opened: () => screens.reset(),
      isCode: isSessionCode,
    },
  );
}

/** The configuration on screen, from the session's snapshot and the element's screen. */
export function renderConfigured(p: ElementParts, s: Strings): TemplateResult {
  const own = p.configure;
  const snapshot = p.session.snapshot!;
  const configuration = snapshot.configuration!;
  const steps = configuration.featureModel.steps;
  // The element's first screen is drawn in passes, each a task after the frame of the one
  // before: the step's first nodes; more of the step each pass until it is whole, with its
  // buttons and the total bar; then the summary column and what the extras add (the picture,
  // the price effects' questions). So none is one long task for the page, and nothing but the
  // steps is asked for before the shopper can act (docs/decisions/0106 and 0107). Each pass
  // adds below what is drawn: nothing moves.
  const whole = own.firstScreen.whole;
  const column = whole ? p.views.use(summaryColumn) : null;
  const more = whole ? extrasFor(p) : null;
  const print = more ? own.withPrint((host) => new more.PrintController(host, more.loadQr)) : null;
  const shown = (steps.find((st) => st.id === p.screens.step) ?? steps[0])?.id ?? '';
  const effects = more
    ? own.withPriceEffects((host) => new more.PriceEffectsController(host))
    : null;
  // Until the later chunk brings the controller, the exact figures are on their way.
  const stepEffects = effects?.totalsFor(configuration, shown) ?? {totals: null, estimates: false};
  const built = buildViewModel({
    configuration,
    values: snapshot.values,
    texts: snapshot.texts,
    pending: withoutConflict(snapshot),
    apiUrl: p.apiUrl,
    inclVat: p.vat.inclVat,
    // The step shown: the one chosen, else the first.
    // The printed sheet lists every step's choices.
    onlyStep: p.screens.screen === 'configure' && !print?.wanted ? shown : undefined,
    totalsAfter: stepEffects.totals,
    effectEstimates: stepEffects.estimates,
  });
  const view = (own.view = reuseUnchanged(own.view, built));
  // The shopper can act once the step's first nodes are on screen: `configurator-ready` does
  // not wait for the later passes (the element's `updateComplete` does).
  p.events.shows(configuration);
  if (!whole) p.views.track(afterNextFrame());
  const shownStep = view.steps.find((st) => st.id === shown);
  const part = whole ? undefined : nextPart(own.firstScreen, shownStep);
  const nodes = shownStep?.nodes ?? [];
  if (more && effects && !snapshot.conflict) {
    effects.want(p.session.require(), configuration, shown, more.optionRequirements(nodes));
  }
  if (more) own.withPicture((host, source) => new more.PictureController(host, source));
  if (more) own.withJourney(() => new more.StepReporter(p));
  const tools = toolsFor(p, more);
  return html`${renderReady(view, snapshot, s, p, tools, own.steps, more, own.picture, print, column, part)}${
    more && print?.wanted
      ? more.renderSheet(view, configuration, s, p, print, own.picture)
      : nothing
  }`;
}

/**
 * How many of the shown step's nodes this pass of the first screen draws: its first few, then
 * more each pass; `undefined` once the step is whole (with its buttons and the total bar; the
 * next pass adds the summary column), or when the shopper went to another step meanwhile.
 */
function nextPart(first: FirstScreen, step: StepView | undefined): number | undefined {
  const drawn = first.nodes;
  if (step && (drawn === 0 || first.step === step.id)) {
    const upTo = drawn + firstPart(step.nodes.slice(drawn), drawn === 0 ? 4 : 24);
    first.step = step.id;
    first.nodes = upTo;
    if (upTo < step.nodes.length) return upTo;
  }
  first.whole = true;
  return undefined;
}

/**
 * The extras' chunk if it is here (its styles adopted), else null; renders again when it
 * arrives. It is asked for once the first screen is on screen and the main thread is idle, never
 * among the first screen's requests, and its load holds neither `updateComplete` nor the events:
 * the steps are usable without it, and `configurator-ready` fires when the shopper can act.
 */
function extrasFor(p: ElementParts): ExtrasModule | null {
  const more = extras.module;
  if (more) adoptStyles(p.host.renderRoot as ShadowRoot, more.styles);
  else if (!extras.failed) loadAfterFirstScreen(extras, p.host, p.configure.laterViews);
  return more;
}

function toolsFor(p: ElementParts, more: ExtrasModule | null): Tools {
  const own = p.configure;
  const make = (m: ExtrasModule) =>
    own.withTools(
      (history, host, options) =>
        new m.ShopperTools(history, host, {
          ...options,
          share: m.shareConfiguration,
          link: m.shareLink,
        }),
    );
  const now = more ? make(more) : null;
  return {
    now,
    canUndo: own.history?.canUndo ?? false,
    use: (work) => {
      if (now) return void work(now);
      // Counted until the action has started, so `updateComplete` after a click includes it;
      // not the action itself (it may wait for the element's own updates).
      const started = extras.load().then(make);
      p.views.track(started.then((tools) => void (tools && work(tools))));
    },
  };
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
  const names = p.configure.view?.names ?? new Map<string, string>();
  const configuration = p.session.snapshot?.configuration;
  const inclVat = p.vat.inclVat;
  const after =
    conflict && configuration
      ? p.configure.priceEffects?.totalsIfAccepted(
          p.session.require(),
          configuration,
          conflict.requirement,
        )
      : null;
  const prices = configuration
    ? {
        basis: priceBasis(configuration, inclVat),
        totalAfter: after ? (inclVat ? after.inclVat : after.exclVat) : null,
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

/** After a render: `configurator-price-change` when the price on screen is another. */
export function announcePrice(p: ElementParts): void {
  p.configure.price.rendered(p.session.snapshot?.configuration, p.vat.inclVat);
}

/** After a render: the dialog opens while a conflict waits and closes when it no longer does. */
export function syncConflictDialog(p: ElementParts): void {
  const open = !!p.session.snapshot?.conflict;
  conflictDialog.module?.syncDialog(p.host.renderRoot as ShadowRoot, open, p.configure.dialog);
}

function renderReady(
  view: ConfigurationView,
  snapshot: SessionSnapshot,
  s: Strings,
  on: ElementParts,
  tools: Tools,
  stepHandlers: StepHandlers,
  more: ExtrasModule | null,
  picture: string | null,
  print: PrintController | null,
  column: ColumnModule | null,
  part: number | undefined,
): TemplateResult {
  const configuration = snapshot.configuration!;
  const screen = on.screens.screen;
  const steps = view.steps;
  const active = steps.find((st) => st.id === on.screens.step)?.id ?? steps[0]?.id ?? '';
  const error = snapshot.error;
  const retry = () => void on.session.retry().catch(() => {});
  const banner =
    // The quote form reports its own failures; elsewhere the banner offers a retry.
    error && error.code !== 'aborted' && screen === 'configure'
      ? renderFailure(
          on.views,
          s,
          (m) =>
            m.renderError(m.errorView(snapshot, error, s, false), false, s, retry, () =>
              on.session.dismissError(),
            ),
          {line: `${s.errorTitle}: ${errorText(error, s)}`, retry},
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
          inclVat: on.vat.inclVat,
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
          print: print ? () => void print.print() : undefined,
        },
      )) ??
    html`<div class="card configure" part="panel">
      ${renderSteps(steps, active, s, stepHandlers, part)}
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
        // Not in the first pass: it sits below the step, which grows in the second.
        screen === 'configure' && part === undefined
          ? renderTotalBar(
              view,
              s,
              () => show('review'),
              more
                ? more.renderBarPicture(picture || view.product.imageUrl)
                : view.product.imageUrl && html`<span class="bar-picture"></span>`,
            )
          : nothing
      }
    </div>
    <div class="side">
      ${column?.renderSide(view, snapshot, s, on, tools, picture)}
      ${more?.renderLanguagePicker(configuration.languages, on.texts.shown, s, (l) => (on.host.lang = l))}
    </div>`;
}
