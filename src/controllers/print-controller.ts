import type {ReactiveController, ReactiveControllerHost} from 'lit';

/** What the QR chunk gives: the modules of a text's QR code. */
export interface QrEncoder {
  qrModules(text: string): boolean[][];
}

/** The window's printing, as far as this controller uses it (a test may hand in its own). */
export interface PrintTarget {
  addEventListener(type: 'beforeprint' | 'afterprint', listener: () => void): void;
  removeEventListener(type: 'beforeprint' | 'afterprint', listener: () => void): void;
  print(): void;
}

type Host = ReactiveControllerHost & {readonly updateComplete: Promise<boolean>};

/**
 * The printed sheet's bridge to the browser's printing: the sheet is rendered while printing is
 * wanted (from `beforeprint`, or the "Print / save as PDF" action, to `afterprint`), and the QR
 * encoder's chunk is loaded the first time it is, never before. `beforeprint` is answered in
 * the same task: Lit renders in a microtask, before the browser lays the page out for print.
 * The encoder's chunk cannot arrive that fast the first time, so a sheet printed straight from
 * the browser's menu before any other print carries the link and the code without its QR code;
 * the action waits for it.
 */
export class PrintController implements ReactiveController {
  #host: Host;
  #load: () => Promise<QrEncoder>;
  #target: PrintTarget;
  #loading: Promise<QrEncoder> | null = null;
  /** The QR encoder, once its chunk is here. */
  encoder: QrEncoder | null = null;
  /** Whether the sheet is to be rendered. */
  wanted = false;
  /** The last QR code made, by the text it encodes: the same link is not encoded twice. */
  #qr: {text: string; modules: boolean[][]} | null = null;

  constructor(host: Host, load: () => Promise<QrEncoder>, target: PrintTarget = window) {
    this.#host = host;
    this.#load = load;
    this.#target = target;
    host.addController(this);
  }

  hostConnected(): void {
    this.#target.addEventListener('beforeprint', this.#before);
    this.#target.addEventListener('afterprint', this.#after);
  }

  hostDisconnected(): void {
    this.#target.removeEventListener('beforeprint', this.#before);
    this.#target.removeEventListener('afterprint', this.#after);
  }

  /** The modules of `text`'s QR code, or null while the encoder's chunk is on its way. */
  qr(text: string): boolean[][] | null {
    if (!this.encoder) return null;
    if (this.#qr?.text !== text) this.#qr = {text, modules: this.encoder.qrModules(text)};
    return this.#qr.modules;
  }

  /**
   * The action: renders the sheet with its QR code, then opens the browser's print dialog (which
   * also saves as PDF). A chunk that cannot load (offline) prints the sheet without the code.
   */
  async print(): Promise<void> {
    this.wanted = true;
    this.#host.requestUpdate();
    await this.#encoder().catch(() => null);
    await this.#host.updateComplete;
    this.#target.print();
  }

  #before = () => {
    this.wanted = true;
    this.#host.requestUpdate();
    this.#encoder().catch(() => {});
  };

  #after = () => {
    // The sheet costs a view of every step on each render: only while printing.
    this.wanted = false;
    this.#host.requestUpdate();
  };

  #encoder(): Promise<QrEncoder> {
    this.#loading ??= this.#load().then(
      (encoder) => {
        this.encoder = encoder;
        this.#host.requestUpdate();
        return encoder;
      },
      (error: unknown) => {
        // Offline: the next print tries again.
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }
}
