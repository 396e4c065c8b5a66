import type {ReactiveControllerHost} from 'lit';
import type {Announcer} from '../controllers/announcer.js';
import type {QuoteController} from '../controllers/quote-controller.js';
import type {ScreenController} from '../controllers/screen-controller.js';
import type {SessionController} from '../controllers/session-controller.js';
import type {TextsController} from '../controllers/texts-controller.js';
import type {Configuration} from '../wire/index.js';
import type {ViewLoader} from './lazy-view.js';
import type * as QuoteScreenModule from './quote-screen.js';

/** What the lazily loaded views need of the element: its controllers and a few settings. */
export interface ElementParts {
  readonly host: ReactiveControllerHost &
    HTMLElement & {readonly renderRoot: HTMLElement | DocumentFragment};
  readonly session: SessionController;
  readonly screens: ScreenController;
  readonly announcer: Announcer;
  readonly texts: TextsController;
  readonly views: ViewLoader;
  /** The quote screens' chunk and the quote flow, once loaded. */
  readonly quote: {module: typeof QuoteScreenModule; flow: QuoteController} | null;
  /** The service's base URL (for images). */
  readonly apiUrl: string;
  /** The share link's template, read when the shopper shares. */
  shareUrl(): string;
  readonly inclVat: boolean;
  toggleVat(incl: boolean): void;
  /** The element's `restart()`. */
  restart(): Promise<Configuration>;
}
