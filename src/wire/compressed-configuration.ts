import type {FeatureNode} from './feature-model.js';
import type {Configuration, ConfigurationValues} from './configuration.js';

/**
 * A compressed answer (`compress=true` on an update): what changed since the session's previous
 * answer, plus every top-level field of a full answer. `featureModel` is left out; the nodes
 * whose rendered fields changed come in {@link ConfigurationChanges.nodes}. Merged into the
 * previous full configuration it gives exactly the full answer (`mergeConfiguration`).
 */
export interface CompressedConfiguration extends Omit<
  Configuration,
  'featureModel' | 'values' | 'textValues'
> {
  /** The values that changed; `null` removes a node's value. */
  values: Record<string, ConfigurationValues[string] | null>;
  /** The texts that changed; `null` removes a text (it was cleared). */
  textValues: Record<string, string | null>;
  compressed: ConfigurationChanges;
}

/** What a compressed answer says about its base and the feature tree. */
export interface ConfigurationChanges {
  /**
   * The fingerprint of the configuration the changes apply to (8 hex digits over `values`,
   * `textValues` and `languageIso`); a client whose previous answer has another fingerprint
   * missed an answer and must fetch a full configuration instead.
   */
  since: string;
  /** Changed fields of feature nodes by node id (`isDisabled`, `disabledReason`, ...). */
  nodes: Record<string, Partial<Omit<FeatureNode, 'id' | 'features'>>>;
}
