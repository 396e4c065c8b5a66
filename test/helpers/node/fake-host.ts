// A stand-in for the element that controllers attach to: it keeps its controllers, counts the
// updates they request, and runs an update (each controller's hostUpdate and hostUpdated, then
// `updateComplete`) only when a test says so, so a test can tell what waits for a render.
import type {ReactiveController, ReactiveControllerHost} from 'lit';

export class FakeHost extends EventTarget implements ReactiveControllerHost {
  readonly controllers = new Set<ReactiveController>();
  isConnected = false;
  /** How many times a controller asked for an update. */
  requested = 0;
  readonly renderRoot = {querySelector: () => null} as unknown as DocumentFragment;
  readonly attributes = new Set<string>();
  #pending: {promise: Promise<boolean>; resolve: (done: boolean) => void} | null = null;

  addController(controller: ReactiveController): void {
    this.controllers.add(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.controllers.delete(controller);
  }

  requestUpdate(): void {
    this.requested++;
    if (this.#pending) return;
    let resolve!: (done: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    this.#pending = {promise, resolve};
  }

  get updateComplete(): Promise<boolean> {
    return this.#pending?.promise ?? Promise.resolve(true);
  }

  hasAttribute(name: string): boolean {
    return this.attributes.has(name);
  }

  connect(): void {
    this.isConnected = true;
    for (const controller of this.controllers) controller.hostConnected?.();
  }

  disconnect(): void {
    this.isConnected = false;
    for (const controller of this.controllers) controller.hostDisconnected?.();
  }

  /** Runs the pending update, as Lit would: the controllers' hooks, then `updateComplete`. */
  async update(render?: () => void): Promise<void> {
    const pending = this.#pending;
    this.#pending = null;
    for (const controller of this.controllers) controller.hostUpdate?.();
    render?.();
    for (const controller of this.controllers) controller.hostUpdated?.();
    pending?.resolve(true);
    // Lets what waited on `updateComplete` (and microtasks queued after it) run.
    await new Promise((resolve) => setTimeout(resolve));
  }

  /** The element as the controllers' constructors type it. */
  get asElement(): ReactiveControllerHost &
    HTMLElement & {
      readonly renderRoot: DocumentFragment;
      readonly updateComplete: Promise<boolean>;
    } {
    return this as never;
  }
}

/** The events of `type` the host dispatched, recorded from now on. */
export function record<T extends Event = Event>(host: EventTarget, type: string): T[] {
  const seen: T[] = [];
  host.addEventListener(type, (event) => seen.push(event as T));
  return seen;
}
