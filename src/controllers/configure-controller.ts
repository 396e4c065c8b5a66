// What the configure view keeps per element: the shopper's tools (undo and the rest) for the
// session running, the configured picture, the view model last rendered and the step handlers.
// Made with the configure view's chunk, when the element first renders the configure view.
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {ConfiguratorSession} from '../session/index.js';
import type {Configuration} from '../wire/index.js';
import type {PictureController, PictureSource} from './picture-controller.js';
import type {PriceEffectsController} from './price-effects-controller.js';
import type {PrintController} from './print-controller.js';
import type {SessionController} from './session-controller.js';
import {PriceEvent} from './price-event.js';
import {UndoHistory} from '../session/undo-history.js';
import type {ShopperTools, ShopperToolsOptions} from './shopper-tools.js';

type Host = ReactiveControllerHost &
  HTMLElement & {
    readonly renderRoot: HTMLElement | DocumentFragment;
    readonly updateComplete: Promise<boolean>;
  };

/** The tools' options but the share link's, which the tools' chunk brings (`share-link.ts`). */
export type ToolsOptions = Omit<ShopperToolsOptions, 'share' | 'link'>;

/**
 * The first screen so far (docs/decisions/0106 and 0107): the step it draws and how many of its
 * nodes, until the step is whole; from then on every render draws everything.
 */
export interface FirstScreen {
  step: string;
  nodes: number;
  whole: boolean;
}

/** Where the step handlers take the shopper (the screens the element shows). */
export interface ConfigureScreens {
  goToStep(stepId: string, focus: 'tab' | 'title' | false): void;
  review(): void;
}

/**
 * Keeps the configure view's per-element state in named fields and the shopper's tools in step
 * with the session: a new session gets its own undo history, attached as soon as the session
 * exists (before the shopper can change anything, so the first change can be undone), and
 * the one it replaces is let go. `View` is the view model the render keeps between renders.
 */
export class ConfigureController<View = unknown> implements ReactiveController {
  readonly #host: Host;
  readonly #sessions: SessionController;
  readonly #tools: ToolsOptions;
  #unwatch: (() => void) | null = null;
  /** The running session's undo history, attached as soon as the session exists. */
  #history: UndoHistory | null = null;
  /** The shopper's tools for it, once the extras' chunk (which brings them) is here. */
  #current: ShopperTools | null = null;
  /** The configured product's picture, once the extras' chunk is here. */
  #picture: PictureController | null = null;
  /** The printed sheet's bridge to the browser's printing, once the extras' chunk is here. */
  #print: PrintController | null = null;
  /**
   * What each choice would make the total, asked of the service; made once the extras' chunk
   * (which brings it, after the first screen) is here. Until then the view model's estimates show.
   */
  #priceEffects: PriceEffectsController | null = null;
  /** The journey's step reporter, once the extras' chunk is here. */
  #journey: ReactiveController | null = null;
  /** The view model last rendered: unchanged nodes keep their objects (and skip rendering). */
  view: View | null = null;
  /** How far the element's first screen, drawn in passes a frame apart, has come. */
  readonly firstScreen: FirstScreen = {step: '', nodes: 0, whole: false};
  /** The views this element has asked to load after its first screen (each asked once). */
  readonly laterViews = new Set<object>();
  /** `configurator-price-change`, fired when the price on screen is not the one last fired. */
  readonly price: PriceEvent;
  /** Where focus was when the conflict dialog opened, to return it there when it closes. */
  readonly dialog: {returnFocus: HTMLElement | null} = {returnFocus: null};

  /** The same object every render, so unchanged nodes are not rendered again. */
  readonly steps: {
    select(id: string, on: boolean): void;
    setValue(id: string, value: number): void;
    setText(id: string, text: string): void;
    flush(): void;
    goToStep(id: string, focus: 'tab' | 'title' | false): void;
    review(): void;
  };

  constructor(
    host: Host,
    sessions: SessionController,
    screens: ConfigureScreens,
    tools: ToolsOptions,
  ) {
    this.#host = host;
    this.#sessions = sessions;
    this.#tools = tools;
    this.price = new PriceEvent(host);
    this.steps = {
      select: (id, on) => void sessions.select(id, on).catch(() => {}),
      setValue: (id, value) => void sessions.setValue(id, value).catch(() => {}),
      setText: (id, text) => void sessions.setText(id, text).catch(() => {}),
      flush: () => sessions.flush(),
      goToStep: (id, focus) => screens.goToStep(id, focus),
      review: () => screens.review(),
    };
    host.addController(this);
  }

  /** The undo history of the current session; null without a session. */
  get history(): UndoHistory | null {
    return this.#history;
  }

  /**
   * Undo, start over, share and resume of the current session; null without a session, and
   * until the extras' chunk is here.
   */
  get tools(): ShopperTools | null {
    return this.#current;
  }

  /** Makes the shopper's tools for the current session once their chunk is here. */
  withTools(
    make: (history: UndoHistory, host: Host, options: ToolsOptions) => ShopperTools,
  ): ShopperTools | null {
    const history = this.#history;
    if (history && this.#current?.history !== history) {
      this.#current = make(history, this.#host, this.#tools);
    }
    return this.#current;
  }

  /** The configured picture's URL, null until the extras' chunk and the first picture are here. */
  get picture(): string | null {
    return this.#picture?.src ?? null;
  }

  hostConnected(): void {
    this.#unwatch ??= this.#sessions.watch((session) => this.#follow(session));
    this.#follow(this.#sessions.session);
  }

  hostDisconnected(): void {
    // The history stays with its session: a move keeps both, and a removal disposes the
    // session, which the next connection finds replaced.
    this.#unwatch?.();
    this.#unwatch = null;
    // A question about prices no one will see is not asked (or its answer not waited for).
    this.#priceEffects?.cancel();
  }

  /** Makes the picture once the extras' chunk (which brings its controller) is here. */
  withPicture(make: (host: Host, source: () => PictureSource) => PictureController): void {
    this.#picture ??= make(this.#host, () => this.#sessions);
  }

  /** The price effects of the step on screen and of a conflict's proposal (decision 98). */
  get priceEffects(): PriceEffectsController | null {
    return this.#priceEffects;
  }

  /** Makes the price effects' controller once the extras' chunk (which brings it) is here. */
  withPriceEffects(make: (host: Host) => PriceEffectsController): PriceEffectsController {
    return (this.#priceEffects ??= make(this.#host));
  }

  /** Makes the printed sheet's controller once the extras' chunk (which brings it) is here. */
  withPrint(make: (host: Host) => PrintController): PrintController {
    return (this.#print ??= make(this.#host));
  }

  /** Makes the step reporter (`configurator-step`) once the extras' chunk that brings it is here. */
  withJourney(make: () => ReactiveController): void {
    this.#journey ??= make();
  }

  /** Takes back the last change; before a session has tools there is nothing to undo. */
  undo(): Promise<Configuration | null> {
    const session = this.#sessions.require();
    const history = this.#history;
    return history?.session === session
      ? history.undo()
      : Promise.resolve(session.snapshot.configuration);
  }

  #follow(session: ConfiguratorSession | null) {
    if (this.#history?.session === session) return;
    this.#history?.detach();
    this.#history = session ? new UndoHistory(session) : null;
    this.#current = null;
    this.#host.requestUpdate();
  }
}
