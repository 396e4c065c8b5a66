// What the configurator's routes answer beyond a rendered configuration: the fields every
// answer carries, and the types of the answers as served.
import {pictureKey, type CompiledModel} from '../engine/index.js';
import type {CompressedConfiguration, Configuration} from '../../src/wire/index.js';
import type {SessionRecord} from './sessions.js';

/**
 * A node of a model that links another configuration model (a configuration inside the
 * configuration). None of the offered models links one; the list is still in every answer,
 * empty, because the official client reads it before it sends anything that names the root
 * configuration.
 */
export interface LinkedConfigurationModel {
  parentNodeId: string;
  configurationModelId: string;
  configurationModelName: string;
  allowCardinality: boolean;
  allowMultiplier: boolean;
}

/** A configuration as every configurator route answers it. */
export type ServedConfiguration = Configuration & {
  linkedConfigurationModels: LinkedConfigurationModel[];
};

/** A compressed answer (`compress=true`) as the routes send it: every top-level field too. */
export type ServedChanges = CompressedConfiguration & {
  linkedConfigurationModels: LinkedConfigurationModel[];
};

/**
 * What every answer has beyond the rendered configuration: no linked models, the session's
 * revision (undo, decision 105) and the picture's key (decision 112).
 */
export const additions = (model: CompiledModel, record: SessionRecord) => ({
  linkedConfigurationModels: [] as LinkedConfigurationModel[],
  revision: record.revision ?? 0,
  pictureKey: pictureKey(model, record.state),
});
