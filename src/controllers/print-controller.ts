import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {whenIdle, type WhenIdle} from './when-idle.js';

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

/**
 * Encoders already loaded, by their load: another element of the page (or one made again after
 * a restart) has the code at once, with no idle moment to wait for.
 */
const loaded = new WeakMap<() => Promise<QrEncoder>, QrEncoder>();

type Host = ReactiveControllerHost & {readonly updateComplete: Promise<boolean>};

/**
 * The printed sheet's bridge to the browser's printing: the sheet is rendered while printing is
 * wanted (from `beforeprint`, or the "Print / save as PDF" action, to `afterprint`).
 * `beforeprint` is answered in the same task: Lit renders in a microtask, before the browser
 * lays the page out for print, and it cannot wait for a load. So the QR encoder's chunk is
 * loaded once the configured product is on screen and the page is idle (this controller is made
 * by a render of the configured product, after the shopper can act), and a print from the
 * browser's menu finds it here; the code itself is encoded when the sheet renders (a few
 * milliseconds), from the link of that moment. The action also waits for the chunk, should
 * printing be asked for before the page was ever idle.
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
  #idle: WhenIdle;
  #cancelIdle: (() => void) | null = null;

  constructor(
    host: Host,
    load: () => Promise<QrEncoder>,
    target: PrintTarget = window,
    idle: WhenIdle = whenIdle,
  ) {
    this.#host = host;
    this.#load = load;
    this.#target = target;
    this.#idle = idle;
    this.encoder = loaded.get(load) ?? null;
    host.addController(this);
  }

  hostConnected(): void {
    this.#target.addEventListener('beforeprint', this.#before);
    this.#target.addEventListener('afterprint', this.#after);
    if (!this.encoder) {
      this.#cancelIdle = this.#idle(() => {
        this.#cancelIdle = null;
        // Offline: the first print tries again.
        this.#encoder().catch(() => {});
      });
    }
  }

  hostDisconnected(): void {
    this.#target.removeEventListener('beforeprint', this.#before);
    this.#target.removeEventListener('afterprint', this.#after);
    this.#cancelIdle?.();
    this.#cancelIdle = null;
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
        loaded.set(this.#load, encoder);
        // Loaded while idle, nothing on screen changes: only a sheet on its way renders again.
        if (this.wanted) this.#host.requestUpdate();
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
