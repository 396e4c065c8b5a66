import type {Conflict, Requirement} from '../session/wire.js';

/**
 * Fired when the service answered a requirement with conflicts. The element then asks the
 * shopper to accept (apply it and its consequences) or cancel (keep the configuration).
 */
export class ConfiguratorConflictEvent extends Event {
  static readonly eventName = 'configurator-conflict' as const;
  /** What accepting would add, remove, switch or change. */
  readonly conflicts: readonly Conflict[];
  /** The requirement that was not applied. */
  readonly requirement: Requirement;

  constructor(conflicts: readonly Conflict[], requirement: Requirement) {
    super(ConfiguratorConflictEvent.eventName, {bubbles: true, composed: true});
    this.conflicts = conflicts;
    this.requirement = requirement;
  }
}

declare global {
  interface HTMLElementEventMap {
    'configurator-conflict': ConfiguratorConflictEvent;
  }
}
