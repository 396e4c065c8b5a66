// Undo for a session, outside its core: built on its `between` hook, `copy()` below and
// `open()`, so the headless session file and the element's first render carry none of it. The
// element's configure view (a chunk loaded on demand) owns one (decision 28). Built alone as
// dist/product-configurator-undo.js, the package export `product-configurator/session/undo`
// (docs/decisions/0062-capabilities-beside-the-headless-session.md).
import {
  ConfiguratorError,
  type ConfiguratorSession,
  type NextInput,
  type SessionChangeEvent,
  type SessionSnapshotEvent,
} from './index.js';
import type {Configuration} from '../wire/index.js';

/**
 * A frozen copy of the session's current state: `open/{code}` makes a new session nobody else
 * changes; this one stays as it is. Sent once (a lost answer is not asked again: it creates a
 * session).
 */
export function copy(session: ConfiguratorSession, signal?: AbortSignal): Promise<Configuration> {
  const code = session.code;
  if (!code) {
    return Promise.reject(
      new ConfiguratorError('not_started', 'No session has been started or opened'),
    );
  }
  return session._open(code, signal, {idempotent: false});
}

/** A copy that takes longer is given up: the shopper's next input waits for it. */
const copyTimeoutMs = 3_000;

/** The id in a kept copy's answer, `{"id": "..."}`. */
function copyId(body: unknown): string {
  const id = (body as {id?: unknown} | null)?.id;
  if (typeof id === 'string' && id) return id;
  throw new ConfiguratorError('bad_response', 'The kept copy has no id');
}

/**
 * An earlier state: the id of a frozen copy, or the code and revision of a session whose
 * service keeps its earlier states (the answer's `revision`), copied only to undo.
 */
type Mark = string | readonly [code: string, revision: number];

/**
 * Takes back the shopper's changes (inputs with source `'user'`), each to exactly the state
 * the service had before. Where answers carry a `revision`, the service keeps the states of a
 * session's last changes itself: before each change this notes the session's code and
 * revision, with no request, and undo asks for a copy of that revision
 * (`POST copy/{code}?revision=N`, answered with its id) and opens it, the one time a whole
 * configuration comes back (docs/decisions/0105-revisions-undo-without-copies.md). Without
 * revisions, the service keeps a frozen copy after each change (`POST copy/{code}`, in the
 * background between inputs) and undo opens the one before
 * (docs/decisions/0083-undo-copies-kept-by-the-service.md); a service without that route
 * (404) is copied with `open/{code}` instead, as before.
 * A host's API calls and language changes are not changes to undo and cost no request.
 */
export class UndoHistory {
  readonly session: ConfiguratorSession;
  #levels: number;
  /** Earlier states, oldest first. */
  #copies: Mark[] = [];
  /** The last of `#copies` is a copy of the current state. */
  #copied = false;
  /** The last change was the shopper's: copy its state now, so its undo costs no wait later. */
  #copyAfterChange = false;
  #undoing = false;
  /** Who asked for the undo under way: the shopper's button, or the page. */
  #undoSource: 'user' | 'api' = 'api';
  /** Bumped whenever the history is dropped or rewound: a copy answering later is not kept. */
  #generation = 0;
  /** The service keeps copies itself (`copy/{code}`); false once it answered that with 404. */
  #kept = true;
  /** The copy an undo under way asks for: inputs wait for it. */
  #pending: Promise<unknown> | null = null;

  #onChange = (event: Event) => {
    this.#copied = false;
    this.#copyAfterChange = (event as SessionChangeEvent).source === 'user';
  };

  #onSnapshot = (event: Event) => {
    // A start, an open or a restart is another configuration: its history starts empty.
    if ((event as SessionSnapshotEvent).snapshot.status === 'loading' && !this.#undoing) {
      this.#forget();
    }
  };

  constructor(session: ConfiguratorSession, levels = 20) {
    this.session = session;
    this.#levels = Math.max(1, Math.floor(levels));
    session.addEventListener('change', this.#onChange);
    session.addEventListener('snapshot', this.#onSnapshot);
    session.between = (next, configuration) => this.#between(next, configuration);
  }

  /** There is an earlier state to go back to. */
  get canUndo(): boolean {
    return this.#copies.length > (this.#copied || this.#unchanged() ? 1 : 0);
  }

  /** True while `undo()` reopens an earlier state (the session id changes, the product does not). */
  get undoing(): boolean {
    return this.#undoing;
  }

  /** While `undoing`, who asked for it (`undo(source)`): the change it makes is theirs. */
  get undoSource(): 'user' | 'api' {
    return this.#undoSource;
  }

  /**
   * Takes back the last applied change, exactly: opens a frozen copy of the state before it,
   * so every value the service changed along with it (conflict resolutions, rules) is as it
   * was. The session id changes to that copy's; inputs not yet sent are dropped. Resolves with
   * the current configuration when there is nothing to undo; rejects, changing nothing, when
   * the copy of a revision cannot be had (one no longer kept forgets the history). `source`
   * says who asked: the shopper's own undo button is `'user'`.
   */
  async undo(source: 'user' | 'api' = 'api'): Promise<Configuration | null> {
    // A change noted but not made (refused, cancelled, failed) has nothing to take back.
    if (this.#unchanged()) this.#copies = this.#copies.slice(0, -1);
    const back = this.#copies.length - (this.#copied ? 2 : 1);
    if (back < 0) return this.session.snapshot.configuration;
    const mark = this.#copies[back]!;
    // The copy itself becomes the session: it is no longer a frozen state to come back to.
    this.#copies = this.#copies.slice(0, back);
    this.#copied = false;
    this.#copyAfterChange = false;
    const generation = ++this.#generation;
    let id = mark;
    if (typeof id !== 'string') {
      const kept = this.#send(id[0], AbortSignal.timeout(copyTimeoutMs), id[1]);
      this.#pending = kept;
      try {
        id = await kept;
      } catch (error) {
        // A state no longer kept is forgotten with every one before it, never skipped; after
        // any other failure the same undo can be asked for again.
        if (generation === this.#generation) {
          if (error instanceof ConfiguratorError && error.status === 404) this.#forget();
          else this.#copies = [...this.#copies, mark];
        }
        throw error;
      } finally {
        this.#pending = null;
      }
      if (generation !== this.#generation) return this.session.snapshot.configuration;
    }
    this.#undoing = true;
    this.#undoSource = source;
    try {
      return await this.session.open(id);
    } finally {
      this.#undoing = false;
    }
  }

  /** The last mark is of the state the session holds: the change after it was not made. */
  #unchanged(): boolean {
    const last = this.#copies.at(-1);
    const now = this.session.snapshot.configuration;
    return typeof last === 'object' && last[0] === now?.code && last[1] === now.revision;
  }

  /** Stops taking copies; the session carries on without undo. */
  detach(): void {
    const session = this.session;
    session.removeEventListener('change', this.#onChange);
    session.removeEventListener('snapshot', this.#onSnapshot);
    if (session.between) session.between = null;
    this.#forget();
  }

  #forget() {
    this.#copies = [];
    this.#copied = false;
    this.#copyAfterChange = false;
    this.#generation++;
  }

  /**
   * Notes the state before each of the shopper's changes between inputs, so that the note is
   * of this state and no other. Where the answers carry a revision, the note is the session's
   * code and revision, and costs no request. Otherwise it is a frozen copy, kept right after
   * the shopper's change, or before the shopper's input when the state has none yet (the first
   * change, one after an API call). A failed copy forgets the history: a later undo must never
   * skip a state silently.
   */
  #between(next: NextInput | null, configuration: Configuration): Promise<unknown> | undefined {
    if (this.#pending) return this.#pending;
    const user = next ? next.source === 'user' && next.kind !== 'language' : this.#copyAfterChange;
    const code = configuration.code;
    const revision = configuration.revision;
    if (typeof revision === 'number' && this.#kept) {
      if (this.#unchanged()) this.#copies = this.#copies.slice(0, -1);
      if (next && user && code) {
        this.#copies = [...this.#copies, [code, revision] as const].slice(-this.#levels);
      }
      return undefined;
    }
    if (this.#copied || !user || !code) return undefined;
    this.#copyAfterChange = false;
    const generation = this.#generation;
    // A copy of the state the session holds now (`between` sees no other).
    return this.#copy(code, AbortSignal.timeout(copyTimeoutMs)).then(
      (id) => {
        if (generation !== this.#generation) return;
        this.#copies = [...this.#copies, id].slice(-(this.#levels + 1));
        this.#copied = true;
      },
      () => {
        if (generation !== this.#generation) return;
        this.#forget();
        // Not copied again before this state changes: the history restarts at the next change.
        this.#copied = true;
      },
    );
  }

  /** A frozen copy's id: kept by the service, or opened whole where it keeps none. */
  #copy(code: string, signal: AbortSignal): Promise<string> {
    if (!this.#kept) {
      return this.session._open(code, signal, {idempotent: false}).then((copy) => copy.id);
    }
    return this.#send(code, signal).catch((error: unknown) => {
      if (!(error instanceof ConfiguratorError) || error.status !== 404) throw error;
      this.#kept = false;
      return this.#copy(code, signal);
    });
  }

  /** `POST copy/{code}`: a copy the service keeps, of that revision if one is named. */
  #send(code: string, signal: AbortSignal, revision?: number): Promise<string> {
    return this.session._send({
      method: 'POST',
      path: `/configurator/3/configurator/copy/${encodeURIComponent(code)}`,
      query: {revision: revision?.toString()},
      signal,
      idempotent: false,
      read: copyId,
    });
  }
}
