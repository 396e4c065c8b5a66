// Google consent mode as a page's consent banner states it: gtag's `consent` commands in
// `dataLayer` (`gtag('consent', 'default' | 'update', {analytics_storage: ...})`), read as
// they come, including the ones that come after the widget started.

/**
 * What consent mode says about `analytics_storage`: `granted`; `denied` by an update (the
 * shopper refused); `unsaid` when nothing was said yet or only a default denies (the banner
 * has not been answered).
 */
export type ConsentState = 'granted' | 'denied' | 'unsaid';

/** A `dataLayer` as the page keeps it: an array whose `push` tag managers replace. */
export type DataLayer = unknown[];

/** The arguments of a gtag `consent` command, or null for any other entry. */
function consentCommand(entry: unknown): {kind: unknown; settings: Record<string, unknown>} | null {
  // gtag pushes its `arguments` object; some consent tools push a plain array.
  const isList =
    Array.isArray(entry) || Object.prototype.toString.call(entry) === '[object Arguments]';
  if (!isList) return null;
  const list = entry as ArrayLike<unknown>;
  const settings = list[2];
  if (list[0] !== 'consent' || !settings || typeof settings !== 'object') return null;
  return {kind: list[1], settings: settings as Record<string, unknown>};
}

/** Whether an entry is a consent command (for the watcher: only those can change the answer). */
export function isConsentCommand(entry: unknown): boolean {
  return consentCommand(entry) !== null;
}

/**
 * Reads a data layer's consent commands once each, however often it is asked: each entry is
 * looked at once, so asking on every event costs what was pushed since.
 */
export class ConsentModeReader {
  #layer: DataLayer | null = null;
  #read = 0;
  /** The entry read last, to notice an array emptied and refilled to the same length. */
  #lastRead: unknown = undefined;
  /** The last default for every region; a default for some regions only can deny, not grant. */
  #default: 'granted' | 'denied' | null = null;
  #regionDenied = false;
  #update: 'granted' | 'denied' | null = null;

  state(layer: DataLayer): ConsentState {
    // Another array, or one emptied (and maybe refilled): read it from its start.
    const emptied = layer.length < this.#read || layer[this.#read - 1] !== this.#lastRead;
    if (layer !== this.#layer || (this.#read > 0 && emptied)) {
      this.#layer = layer;
      this.#read = 0;
      this.#default = null;
      this.#regionDenied = false;
      this.#update = null;
    }
    for (; this.#read < layer.length; this.#read++)
      this.#take((this.#lastRead = layer[this.#read]));
    const answer = this.#update ?? (this.#regionDenied ? 'denied' : this.#default);
    if (answer === 'granted') return 'granted';
    // An update that denies is the shopper's refusal; a default only waits for the banner.
    return this.#update === 'denied' ? 'denied' : 'unsaid';
  }

  #take(entry: unknown): void {
    const command = consentCommand(entry);
    const value = command?.settings['analytics_storage'];
    if (!command || (value !== 'granted' && value !== 'denied')) return;
    if (command.kind === 'update') {
      this.#update = value;
    } else if (command.kind === 'default') {
      // The widget cannot tell the shopper's region: a default for some regions may deny
      // (the safe side) but never grant.
      if (command.settings['region'] === undefined) this.#default = value;
      else if (value === 'denied') this.#regionDenied = true;
    }
  }
}

/** The page's listeners per data layer array: one wrapper of `push` however many elements. */
const watchers = new WeakMap<DataLayer, Set<() => void>>();

/**
 * Calls `changed` after every consent command pushed to `layer` from now on. `push` is wrapped
 * once per array, calling the push it replaced (Tag Manager's or gtag's, which wrap theirs the
 * same way) first. Returns the unsubscribe.
 */
export function watchConsent(layer: DataLayer, changed: () => void): () => void {
  let listeners = watchers.get(layer);
  if (!listeners) {
    const own = new Set<() => void>();
    listeners = own;
    watchers.set(layer, own);
    const push = layer.push;
    layer.push = function (this: DataLayer, ...entries: unknown[]): number {
      const length = push.apply(this, entries);
      if (entries.some(isConsentCommand)) for (const listener of [...own]) listener();
      return length;
    };
  }
  listeners.add(changed);
  const set = listeners;
  return () => set.delete(changed);
}
