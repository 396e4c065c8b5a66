import type {ReactiveControllerHost} from 'lit';
import type {Announcer} from '../controllers/announcer.js';
import type {ConfigureController} from '../controllers/configure-controller.js';
import type {QuoteController} from '../controllers/quote-controller.js';
import type {ScreenController} from '../controllers/screen-controller.js';
import type {SessionController} from '../controllers/session-controller.js';
import type {SessionEvents} from '../controllers/session-events.js';
import type {TextsController} from '../controllers/texts-controller.js';
import type {VatChoice} from '../controllers/vat-choice.js';
import type {ConfigurationView} from '../view/view-model.js';
import type {Configuration} from '../wire/index.js';
import type {ViewLoader} from './lazy-view.js';
import type * as QuoteScreenModule from './quote-screen.js';

/** The element as its controllers and lazily loaded views see it. */
export type PartsHost = ReactiveControllerHost &
  HTMLElement & {readonly renderRoot: HTMLElement | DocumentFragment};

/** The quote screens' chunk and the quote flow, made once the chunk has loaded. */
export interface QuoteParts {
  module: typeof QuoteScreenModule;
  flow: QuoteController;
}

/** What the lazily loaded views need of the element: its controllers and a few settings. */
export interface ElementParts {
  readonly host: PartsHost;
  readonly session: SessionController;
  readonly events: SessionEvents;
  readonly screens: ScreenController;
  readonly announcer: Announcer;
  readonly texts: TextsController;
  readonly views: ViewLoader;
  readonly vat: VatChoice;
  /** The configure view's state, made with its chunk. */
  readonly configure: ConfigureController<ConfigurationView>;
  /** The quote screens and flow, once loaded. */
  readonly quote: QuoteParts | null;
  /** The service's base URL (for images). */
  readonly apiUrl: string;
  /** The share link's template, read when the shopper shares. */
  shareUrl(): string;
  /** The element's `restart()`. */
  restart(): Promise<Configuration>;
}
