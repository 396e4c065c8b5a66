import type {ReactiveController, ReactiveControllerHost} from 'lit';

/**
 * `loading="lazy"`: tells when the element has come within half a screen of the viewport, like
 * an image's lazy loading; until then the session waits.
 */
export class ViewportController implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #lazy: () => boolean;
  #near = false;
  #observer: IntersectionObserver | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement, lazy: () => boolean) {
    this.#host = host;
    this.#lazy = lazy;
    host.addController(this);
  }

  /** Whether a lazy element still holds its start back. */
  get waiting(): boolean {
    return this.#lazy() && !this.#near;
  }

  hostConnected(): void {
    this.watch();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
  }

  /** Starts watching when the element is lazy, connected and not yet near. */
  watch(): void {
    if (!this.#lazy() || this.#near || this.#observer || !this.#host.isConnected) return;
    if (typeof IntersectionObserver !== 'function') {
      this.#near = true;
      return;
    }
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.hostDisconnected();
        this.#near = true;
        this.#host.requestUpdate();
      },
      {rootMargin: '50% 0px'},
    );
    this.#observer.observe(this.#host);
  }
}
