// What the session exposes to views, apart from the session class so that its events can name
// it without importing the session.
import type {ConfiguratorError} from './errors.js';
import type {Configuration, Conflict, Requirement} from '../wire/index.js';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error' | 'disposed';

/** A requirement the service answered with conflicts, waiting for the shopper's decision. */
export interface PendingConflict {
  requirement: Requirement;
  conflicts: Conflict[];
}

/** A shopper's input on one node that the service has not confirmed yet. */
export interface PendingInput {
  /** From `setValue`. */
  value?: number;
  /** From `select`. */
  on?: boolean;
  /** From `setText`. */
  text?: string;
}

/** Everything a view needs, replaced (never mutated) on every change. */
export interface SessionSnapshot {
  status: SessionStatus;
  /** The last configuration the service confirmed. */
  configuration: Configuration | null;
  /** Node values, normalised from either value shape; 0 is off. */
  values: Map<string, number>;
  texts: Map<string, string>;
  /** The shopper's inputs not yet confirmed by the service (the optimistic view for rendering). */
  pending: ReadonlyMap<string, PendingInput>;
  /** A request is in flight. */
  busy: boolean;
  /** Awaiting the shopper's accept or cancel. */
  conflict: PendingConflict | null;
  /** The last failure; inputs that may still succeed are kept in `pending`. */
  error: ConfiguratorError | null;
  /**
   * `retry()` has something to send again: the failed start or open, or the shopper's inputs
   * kept after a failure. False when the last failure dropped what caused it (a refused input).
   */
  canRetry: boolean;
  /** When the background recovery tries again (epoch ms); null when none is planned. */
  retryAt: number | null;
}
