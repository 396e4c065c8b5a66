import type {ChangeSource} from '../events/change-source.js';
import type {ConfiguratorError} from './errors.js';
import type {SessionSnapshot} from './session-snapshot.js';
import type {Configuration, Conflict, Requirement} from '../wire/index.js';

/**
 * Session events carry their fields both directly (`event.changes`) and as `detail`
 * (`event.detail.changes`), so listeners written for either style work.
 */

/** Fired on any change of {@link SessionSnapshot}: the signal to render again. */
export class SessionSnapshotEvent extends Event {
  static readonly eventName = 'snapshot';
  readonly snapshot: SessionSnapshot;
  constructor(snapshot: SessionSnapshot) {
    super(SessionSnapshotEvent.eventName);
    this.snapshot = snapshot;
  }
  get detail(): {snapshot: SessionSnapshot} {
    return {snapshot: this.snapshot};
  }
}

/** Fired after the service applied a change that changed at least one value or text. */
export class SessionChangeEvent extends Event {
  static readonly eventName = 'change';
  readonly configuration: Configuration;
  /** Node ids whose value or text differs from before. */
  readonly changes: string[];
  readonly source: ChangeSource;
  constructor(configuration: Configuration, changes: string[], source: ChangeSource) {
    super(SessionChangeEvent.eventName);
    this.configuration = configuration;
    this.changes = changes;
    this.source = source;
  }
  get detail(): {configuration: Configuration; changes: string[]; source: ChangeSource} {
    return {configuration: this.configuration, changes: this.changes, source: this.source};
  }
}

/** Fired when the service answered a requirement with conflicts; the queue waits for a decision. */
export class SessionConflictEvent extends Event {
  static readonly eventName = 'conflict';
  readonly conflicts: Conflict[];
  readonly requirement: Requirement;
  constructor(conflicts: Conflict[], requirement: Requirement) {
    super(SessionConflictEvent.eventName);
    this.conflicts = conflicts;
    this.requirement = requirement;
  }
  get detail(): {conflicts: Conflict[]; requirement: Requirement} {
    return {conflicts: this.conflicts, requirement: this.requirement};
  }
}

/** Fired when loading or applying failed; the shopper's inputs are kept where they can be. */
export class SessionErrorEvent extends Event {
  static readonly eventName = 'error';
  readonly error: ConfiguratorError;
  constructor(error: ConfiguratorError) {
    super(SessionErrorEvent.eventName);
    this.error = error;
  }
  get detail(): {error: ConfiguratorError} {
    return {error: this.error};
  }
}

/** The events of a {@link ConfiguratorSession}, for typed `addEventListener`. */
export interface SessionEventMap {
  snapshot: SessionSnapshotEvent;
  change: SessionChangeEvent;
  conflict: SessionConflictEvent;
  error: SessionErrorEvent;
}
