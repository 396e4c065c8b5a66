// The session's public options and the shapes its methods take and answer, apart from the
// session class so that they read as its interface (and a page's code can name them without
// the class).
import type {ChangeSource} from './change-source.js';
import type {RetryOptions} from './http-client.js';
import type * as Merge from './merge-configuration.js';
import type {TokenSource} from './token-source.js';
import type {Configuration} from '../wire/index.js';

export interface SessionOptions {
  /** The service's base URL (`{base_url}`); a trailing slash is ignored. */
  apiUrl: string;
  /** Where bearer tokens come from; see `endpointTokenSource` and `functionTokenSource`. */
  tokenSource: TokenSource;
  /** Two-letter language of the session. Default `'en'`. */
  lang?: string;
  /** Used instead of `globalThis.fetch` (for tests, or a host's instrumented fetch). */
  fetch?: typeof fetch;
  /** Per request attempt, in milliseconds. Default 15000. */
  timeoutMs?: number;
  /** Backoff for network errors, timeouts, 429 and 5xx. Default 4 attempts, 300 ms .. 8 s. */
  retry?: Partial<RetryOptions>;
  /**
   * Recovery without the shopper: after a failure that may pass, what failed is sent again in
   * the background, with this backoff, until it succeeds (and at once on the browser's `online`
   * event). `false` leaves it to `retry()`. Default 1 s doubling to at most 60 s.
   */
  recovery?: Partial<RecoveryOptions> | false;
  /**
   * Loads the merge of compressed answers (`() => import('product-configurator/session/merge')`).
   * Given, updates ask for compressed answers (`compress=true`: only what changed) once it is
   * loaded (it is asked for when a session starts or opens) and merge them into the
   * configuration held; without it they ask for whole answers. The merge is a module of its
   * own so that a page that does not need it does not load it.
   */
  loadMerge?: () => Promise<MergeModule>;
}

/** The module `loadMerge` loads: src/session/merge-configuration.ts. */
export type MergeModule = Pick<typeof Merge, 'mergeConfiguration' | 'ConfigurationMergeError'>;

/** The backoff of the background recovery. */
export interface RecoveryOptions {
  /** Delay before the first background retry; doubled each time, with jitter. */
  baseDelayMs: number;
  /** No wait between background retries is longer than this. */
  maxDelayMs: number;
}

/** The next input, as `between` sees it. */
export interface NextInput {
  kind: 'select' | 'value' | 'text' | 'language';
  source: ChangeSource;
}

/**
 * Runs between inputs, before `next` is sent, or with `next` null once the queue ran empty
 * after an answer or a load. A promise it returns holds every input until it settles, so that
 * what it does sees this state and no other (undo's frozen copies use it).
 */
export type Between = (next: NextInput | null, configuration: Configuration) => unknown;

/** What an input led to once the service answered. */
export interface ChangeResult {
  configuration: Configuration;
  /** Node ids whose value or text changed. */
  changes: string[];
  /** True when the input caused a conflict and the shopper cancelled it. */
  cancelled?: boolean;
}

/** Options of the input methods. */
export interface InputOptions {
  /** Reported in the `change` event. Default `'user'`. */
  source?: ChangeSource;
  /**
   * `setValue` and `setText` only: hold the input until no newer one for the same node has come
   * for this many milliseconds (at most {@link maxHoldMs} after the first held one), so a
   * dragged slider or typed text costs one request, not one per step. A held input is in
   * `pending` at once; {@link ConfiguratorSession.flush}, a `select`, a language change and a
   * quote request send it without waiting. Default 0: send as soon as nothing is in flight.
   */
  quietMs?: number;
}

/** The longest an input is held by `quietMs` while newer ones keep replacing it. */
export const maxHoldMs = 1000;
