import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {ConfiguratorSession} from '../session/configurator-session.js';
import {keyedImage} from '../session/keyed-image.js';
import type {SessionSnapshot} from '../session/session-snapshot.js';
import type {Configuration} from '../wire/index.js';

/**
 * Picture sizes asked of the service, in device pixels: a few steps, so that one size serves
 * many layouts and a configuration seen before (after undo, or back and forth) comes from the
 * cache instead of the network.
 */
export const pictureSizes = [160, 240, 320, 480, 640, 960, 1280] as const;

/** The smallest size step covering `cssPixels` on a screen with this pixel ratio. */
export function pictureSize(cssPixels: number, pixelRatio: number): number {
  const want = Math.ceil(Math.max(1, cssPixels) * Math.max(1, pixelRatio || 1));
  return pictureSizes.find((size) => size >= want) ?? pictureSizes[pictureSizes.length - 1];
}

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** A picture ready for an `<img>`; object URLs are revoked when it leaves the cache. */
export interface PictureUrl {
  url: string;
  objectUrl: boolean;
}

/**
 * Turns the service's image answer into something an `<img>` may show: raster images as object
 * URLs, SVG as a `data:` URL (an opaque origin: opened in a tab of its own, a script inside
 * cannot reach the page, and browsers refuse to navigate to it at all), anything else not at all
 * (see docs/decisions/0043-the-configured-picture-through-the-session.md).
 */
export async function pictureUrl(blob: Blob): Promise<PictureUrl | null> {
  const type = blob.type.split(';')[0]!.trim().toLowerCase();
  if (rasterTypes.has(type)) return {url: URL.createObjectURL(blob), objectUrl: true};
  if (type !== 'image/svg+xml') return null;
  const svg = await blob.text();
  return {url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, objectUrl: false};
}

const stateKeys = new WeakMap<Configuration, string>();

/**
 * What decides the picture: the service's key for it where the answer has one (a change the
 * picture does not show keeps it, and the picture is not asked for again: decision 112);
 * otherwise the model and every value and text, not the session id.
 */
export function pictureStateKey(configuration: Configuration): string {
  const drawn = namedDrawing(configuration);
  if (drawn !== null) return drawnKey(configuration, drawn);
  let key = stateKeys.get(configuration);
  if (key === undefined) {
    // Sorted: a reopened copy (undo) may list the same values in another order.
    const sorted = (record: object) =>
      Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    key = JSON.stringify([
      configuration.featureModelId,
      sorted(configuration.values),
      sorted(configuration.textValues),
    ]);
    stateKeys.set(configuration, key);
  }
  return key;
}

/** The service's name for the configuration's drawing, where its answer gives one. */
function namedDrawing(configuration: Configuration): string | null {
  const drawn = configuration.pictureKey;
  return typeof drawn === 'string' && drawn && drawn.length <= 128 ? drawn : null;
}

/** The key of a drawing the service named, of this configuration's model. */
const drawnKey = (configuration: Configuration, drawn: string) =>
  `=${configuration.featureModelId}\n${drawn}`;

/** What the controller reads from its host's session bridge on every update. */
export interface PictureSource {
  readonly session: ConfiguratorSession | null;
  readonly snapshot: SessionSnapshot | null;
}

/** Pictures kept (a few undo steps and a size change). */
const cacheSize = 12;

/**
 * The configured product's picture: asks the session for it after each applied change, at a
 * size fitting the box it is shown in, and offers the new URL only once the browser has
 * decoded it, so the old picture stays until the new one can replace it without a blank frame.
 * A superseded load is aborted; a failed one keeps the picture shown.
 */
export class PictureController implements ReactiveController {
  #host: ReactiveControllerHost & {readonly renderRoot: HTMLElement | DocumentFragment};
  #source: () => PictureSource;
  #cache = new Map<string, PictureUrl>();
  #shown = '';
  #wanted = '';
  #abort: AbortController | null = null;
  #resize: ResizeObserver | null = null;
  #observed: Element | null = null;
  #size = 0;
  /** The check after an update, once per task. */
  #pending: ReturnType<typeof setTimeout> | 0 = 0;

  constructor(
    host: ReactiveControllerHost & {readonly renderRoot: HTMLElement | DocumentFragment},
    source: () => PictureSource,
  ) {
    this.#host = host;
    this.#source = source;
    host.addController(this);
  }

  /** The URL to show: the latest picture loaded, null until the first one is. */
  get src(): string | null {
    return this.#cache.get(this.#shown)?.url ?? null;
  }

  hostUpdated(): void {
    // Not within the update: measuring the box there forces a layout in the middle of every
    // render (the first one's is the whole configure view's) and holds `configurator-ready`.
    // A task later it costs at most the layout the next frame does anyway.
    if (this.#pending) return;
    this.#pending = setTimeout(() => {
      this.#pending = 0;
      this.#check();
    });
  }

  #check(): void {
    const {session, snapshot} = this.#source();
    const configuration = snapshot?.configuration;
    // Inputs still on their way would make the service draw a later state than this key says.
    if (!session || !configuration || snapshot.busy || snapshot.pending.size) return;
    // A box already observed has its size kept by the resize observer: no layout to read.
    const size = this.#observe() || !this.#size || !this.#resize ? this.#measure() : this.#size;
    const key = `${size}\n${pictureStateKey(configuration)}`;
    if (key === this.#wanted) return;
    this.#wanted = key;
    const cached = this.#cache.get(key);
    if (cached) {
      this.#abort?.abort();
      this.#touch(key, cached);
      this.#show(key);
      return;
    }
    // Where the answers name the drawing, the picture's own tag says which one came.
    const filedAs =
      namedDrawing(configuration) === null
        ? null
        : (drawn: string) => `${size}\n${drawnKey(configuration, drawn)}`;
    void this.#load(session, key, size, filedAs);
  }

  hostDisconnected(): void {
    clearTimeout(this.#pending);
    this.#pending = 0;
    this.#abort?.abort();
    this.#resize?.disconnect();
    this.#resize = this.#observed = null;
    for (const picture of this.#cache.values())
      if (picture.objectUrl) URL.revokeObjectURL(picture.url);
    this.#cache.clear();
    this.#shown = this.#wanted = '';
  }

  /**
   * Loads the picture for `key`. With `filedAs` (the key of a drawing the service names), a
   * picture whose tag names another drawing (a change reached the service first) is kept under
   * that drawing's key, not shown for this one; the answer that brings its key finds it in the
   * cache.
   */
  async #load(
    session: ConfiguratorSession,
    key: string,
    size: number,
    filedAs: ((drawn: string) => string) | null,
  ): Promise<void> {
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    let picture: PictureUrl | null = null;
    let filed = key;
    try {
      const answer = await keyedImage(session, {size, signal: abort.signal});
      if (filedAs && answer.key !== null) filed = filedAs(answer.key);
      picture = await pictureUrl(answer.blob);
      if (!picture) return;
      // Decoded before it is offered, so the swap never shows an empty box.
      const img = new Image();
      img.src = picture.url;
      await img.decode();
    } catch {
      // The picture shown stays (or the model's own image, before the first): the shopper
      // loses nothing, and the next change tries again.
      if (this.#wanted === key) this.#wanted = '';
      if (picture?.objectUrl) URL.revokeObjectURL(picture.url);
      return;
    }
    if (abort.signal.aborted) {
      if (picture.objectUrl) URL.revokeObjectURL(picture.url);
      return;
    }
    this.#touch(filed, picture);
    if (filed === key) this.#show(key);
    else if (this.#wanted === key) this.#wanted = '';
  }

  #show(key: string) {
    if (this.#shown === key) return;
    this.#shown = key;
    this.#host.requestUpdate();
  }

  /** Adds or refreshes an entry; the oldest not on screen leaves when the cache is full. */
  #touch(key: string, picture: PictureUrl) {
    this.#cache.delete(key);
    this.#cache.set(key, picture);
    for (const [old, entry] of this.#cache) {
      if (this.#cache.size <= cacheSize) break;
      if (old === this.#shown || old === key) continue;
      this.#cache.delete(old);
      if (entry.objectUrl) URL.revokeObjectURL(entry.url);
    }
  }

  /** The size step for the picture's box (its shorter side: the picture is square). */
  #measure(): number {
    const box = this.#host.renderRoot.querySelector<HTMLElement>('.product-image');
    const side = box ? Math.min(box.clientWidth, box.clientHeight) : 0;
    this.#size = pictureSize(side || 320, globalThis.devicePixelRatio ?? 1);
    return this.#size;
  }

  /**
   * A box that grows past the size step (rotation, a wider layout) asks for a larger picture.
   * True when it starts observing another box (its size is not known yet).
   */
  #observe(): boolean {
    const box = this.#host.renderRoot.querySelector('.product-image');
    if (!box || box === this.#observed || typeof ResizeObserver !== 'function') return false;
    this.#resize ??= new ResizeObserver(() => {
      const before = this.#size;
      if (this.#measure() !== before) this.#host.requestUpdate();
    });
    if (this.#observed) this.#resize.unobserve(this.#observed);
    this.#resize.observe(box);
    this.#observed = box;
    return true;
  }
}
