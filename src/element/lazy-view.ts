import type {CSSResult} from 'lit';
import {whenIdle} from '../controllers/when-idle.js';

/** A part of the element that is not needed for the first render: code and its styles. */
export interface LazyView<T extends {styles: CSSResult}> {
  /** The module, once loaded. */
  readonly module: T | null;
  /** The last load failed (offline); `load()` tries again. */
  readonly failed: boolean;
  /** Loads it (once; callers share the load). A failed load (offline) may be tried again. */
  load(): Promise<T>;
}

/** Wraps a dynamic `import()`; the bundler turns it into a chunk beside the entry. */
export function lazyView<T extends {styles: CSSResult}>(load: () => Promise<T>): LazyView<T> {
  let loading: Promise<T> | null = null;
  const view = {
    module: null as T | null,
    failed: false,
    load(): Promise<T> {
      loading ??= load().then(
        (module) => {
          view.failed = false;
          // Its style sheet is parsed while the page waits (for the configuration, at start-up),
          // not in the render that first shows the view; Lit keeps the sheet it made.
          whenIdle(() => void module.styles.styleSheet);
          return (view.module = module);
        },
        (error: unknown) => {
          loading = null;
          view.failed = true;
          throw error;
        },
      );
      return loading;
    },
  };
  return view;
}

/** Adds a lazy view's styles to a shadow root (once: the root itself says whether it has them). */
export function adoptStyles(root: ShadowRoot, styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (sheet) {
    if (root.adoptedStyleSheets.includes(sheet)) return;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    // Without constructable style sheets, as Lit itself falls back.
    if ([...root.querySelectorAll('style')].some((st) => st.textContent === styles.cssText)) return;
    const style = document.createElement('style');
    style.textContent = styles.cssText;
    root.append(style);
  }
}

/**
 * Loads an element's lazy views and adopts their styles; renders again when one arrives, and
 * counts the loads so the element's `updateComplete` can wait for them.
 */
export class ViewLoader {
  #host: {readonly renderRoot: HTMLElement | DocumentFragment; requestUpdate(): void};
  #loads = new Set<Promise<unknown>>();

  constructor(host: {readonly renderRoot: HTMLElement | DocumentFragment; requestUpdate(): void}) {
    this.#host = host;
  }

  /**
   * The host's `updateComplete` (`complete`) once no load is on its way any more: a load that
   * settles renders again, and may start another.
   */
  async settled(complete: () => Promise<boolean>): Promise<boolean> {
    let done = await complete();
    while (this.#loads.size > 0) {
      await Promise.allSettled([...this.#loads]);
      done = await complete();
    }
    return done;
  }

  /** Renders again once `work` settles, and counts it until then. */
  track(work: Promise<unknown>): void {
    if (this.#loads.has(work)) return;
    this.#loads.add(work);
    const done = () => {
      this.#loads.delete(work);
      this.#host.requestUpdate();
    };
    work.then(done, done);
  }

  /** Loads a lazy view and adds its styles to the element. */
  async load<T extends {styles: CSSResult}>(view: LazyView<T>): Promise<T> {
    const module = view.module ?? (await view.load());
    adoptStyles(this.#host.renderRoot as ShadowRoot, module.styles);
    return module;
  }

  /** A lazy view if it is here (styles adopted); otherwise starts loading it and answers null. */
  use<T extends {styles: CSSResult}>(view: LazyView<T>): T | null {
    if (view.module) {
      adoptStyles(this.#host.renderRoot as ShadowRoot, view.module.styles);
      return view.module;
    }
    // A failed load is tried again when the shopper asks, not on every render.
    if (!view.failed) this.track(this.load(view));
    return null;
  }
}
