import type {CSSResult} from 'lit';

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

const adopted = new WeakMap<ShadowRoot, Set<CSSResult>>();

/** Adds a lazy view's styles to a shadow root (once). */
export function adoptStyles(root: ShadowRoot, styles: CSSResult): void {
  const done = adopted.get(root) ?? new Set<CSSResult>();
  if (done.has(styles)) return;
  done.add(styles);
  adopted.set(root, done);
  const sheet = styles.styleSheet;
  if (sheet) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    // Without constructable style sheets, as Lit itself falls back.
    const style = document.createElement('style');
    style.textContent = styles.cssText;
    root.append(style);
  }
}
