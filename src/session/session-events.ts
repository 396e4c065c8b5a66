import type {ChangeSource} from './change-source.js';
import type {ConfiguratorError} from './errors.js';
import type {SessionSnapshot} from './session-snapshot.js';
import type {Configuration, Conflict, Requirement} from '../wire/index.js';

/**
 * Session events carry their fields both directly (`event.changes`) and as `detail`
 * (`event.detail.changes`), so listeners written for either style work. One base class copies
 * the detail onto the event; each event only names its type and fields.
 */
class SessionEvent<Detail extends object> extends Event {
  // Declared only, as ConfiguratorError's fields are: the constructor sets it.
  declare readonly detail: Detail;
  constructor(detail: Detail) {
    // The type is the class's own `eventName`, so each event names it once.
    super((new.target as unknown as {eventName: string}).eventName);
    this.detail = detail;
    Object.assign(this, detail);
  }
}

/** Fired on any change of {@link SessionSnapshot}: the signal to render again. */
export class SessionSnapshotEvent extends SessionEvent<{snapshot: SessionSnapshot}> {
  static readonly eventName = 'snapshot';
  declare readonly snapshot: SessionSnapshot;
  constructor(snapshot: SessionSnapshot) {
    super({snapshot});
  }
}

/** Fired after the service applied a change that changed at least one value or text. */
export class SessionChangeEvent extends SessionEvent<{
  configuration: Configuration;
  changes: string[];
  source: ChangeSource;
}> {
  static readonly eventName = 'change';
  declare readonly configuration: Configuration;
  /** Node ids whose value or text differs from before. */
  declare readonly changes: string[];
  declare readonly source: ChangeSource;
  constructor(configuration: Configuration, changes: string[], source: ChangeSource) {
    super({configuration, changes, source});
  }
}

/** Fired when the service answered a requirement with conflicts; the queue waits for a decision. */
export class SessionConflictEvent extends SessionEvent<{
  conflicts: Conflict[];
  requirement: Requirement;
}> {
  static readonly eventName = 'conflict';
  declare readonly conflicts: Conflict[];
  declare readonly requirement: Requirement;
  constructor(conflicts: Conflict[], requirement: Requirement) {
    super({conflicts, requirement});
  }
}

/** Fired when loading or applying failed; the shopper's inputs are kept where they can be. */
export class SessionErrorEvent extends SessionEvent<{error: ConfiguratorError}> {
  static readonly eventName = 'error';
  declare readonly error: ConfiguratorError;
  constructor(error: ConfiguratorError) {
    super({error});
  }
}

/** The events of a {@link ConfiguratorSession}, for typed `addEventListener`. */
export interface SessionEventMap {
  snapshot: SessionSnapshotEvent;
  change: SessionChangeEvent;
  conflict: SessionConflictEvent;
  error: SessionErrorEvent;
}
