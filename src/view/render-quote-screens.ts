// The screens after the steps (review, quote form, thank-you) from the element's state: what
// they derive from it (quantity, line total) is worked out here, in the quote screen's chunk,
// so the element's first render carries none of it.
import {buildBill} from './bill.js';
import type {TemplateResult} from 'lit';
import type {QuoteRequested} from '../session/quote-requested.js';
import type {Strings} from '../i18n/strings.js';
import type {Configuration} from '../wire/index.js';
import {lineAmount, quantityOf} from './quote-form-data.js';
import {renderQuoteForm, type QuoteFormHandlers, type QuoteFormState} from './render-quote-form.js';
import {renderReview} from './render-review.js';
import {renderThankYou} from './render-thank-you.js';
import type {ConfigurationView} from './view-model.js';

export type QuoteScreen = 'review' | 'quote' | 'thanks';

export interface QuoteScreensState extends Pick<
  QuoteFormState,
  'lang' | 'draft' | 'shipTo' | 'errors' | 'formError' | 'submitting'
> {
  screen: string;
  view: ConfigurationView;
  configuration: Configuration;
  inclVat: boolean;
  result: QuoteRequested | null;
}

export interface QuoteScreensHandlers extends Omit<QuoteFormHandlers, 'back'> {
  show(screen: QuoteScreen | 'configure'): void;
  restart(): void;
  /** Prints the configuration's sheet; absent until the sheet's code is here. */
  print?: () => void;
}

/** The screen asked for, or null for the steps (the configure screen). */
export function renderQuoteScreens(
  state: QuoteScreensState,
  s: Strings,
  on: QuoteScreensHandlers,
): TemplateResult | null {
  const {view, configuration, result} = state;
  const typed = state.draft['quantity'] ?? '1';
  const quantity = quantityOf(typed);
  // The configured total times the quantity, for the review and the quote form.
  const amount = lineAmount(configuration, quantity, state.inclVat, s.locale);
  if (state.screen === 'thanks' && result) {
    return renderThankYou(
      {
        quotationId: result.quotationId,
        quotationNumber: result.quotationNumber,
        code: view.code,
      },
      s,
      () => on.restart(),
    );
  }
  if (state.screen === 'review') {
    return renderReview(
      view,
      {
        lang: state.lang,
        quantity: quantity ?? 1,
        totalInclVat: configuration.totalPriceIncVATLabel,
        totalExclVat: configuration.totalPriceExVATLabel,
        lineTotal: (quantity ?? 1) > 1 ? amount : '',
        bill: buildBill(configuration, state.inclVat),
      },
      s,
      {
        back: () => on.show('configure'),
        next: () => on.show('quote'),
        goToNode: (nodeId, stepId) => on.goToNode(nodeId, stepId),
        print: on.print,
      },
    );
  }
  if (state.screen === 'quote') {
    return renderQuoteForm(
      {
        ...state,
        unanswered: view.unanswered,
        steps: view.steps,
        defaultCountry: configuration.countryIso || 'NL',
        quantity: typed,
        lineTotal: amount
          ? `${s.lineTotal(quantity!)}: ${amount} ${state.inclVat ? s.inclVat : s.exclVat}`
          : '',
      },
      s,
      {...on, back: () => on.show('review')},
    );
  }
  return null;
}
