import type {Conflict, Requirement} from '../wire/index.js';
import {EventName, eventInit} from './event-names.js';

export interface ConfiguratorConflictDetail {
  /** What accepting would add, remove, switch or change. */
  conflicts: readonly Conflict[];
  /** The requirement that was not applied. */
  requirement: Requirement;
}

/**
 * Fired when the service answered a requirement with conflicts. The element then asks the
 * shopper to accept (apply it and its consequences) or cancel (keep the configuration).
 */
export class ConfiguratorConflictEvent extends CustomEvent<ConfiguratorConflictDetail> {
  static readonly eventName = EventName.conflict;

  constructor(conflicts: readonly Conflict[], requirement: Requirement) {
    super(ConfiguratorConflictEvent.eventName, eventInit({conflicts, requirement}));
  }

  /** Same as `detail.conflicts`. */
  get conflicts(): readonly Conflict[] {
    return this.detail.conflicts;
  }

  /** Same as `detail.requirement`. */
  get requirement(): Requirement {
    return this.detail.requirement;
  }
}

declare global {
  interface HTMLElementEventMap {
    [EventName.conflict]: ConfiguratorConflictEvent;
  }
}
