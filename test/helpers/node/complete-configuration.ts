// Answers every mandatory feature of a session through the API, whatever the model: the first
// enabled option of a group, the least value of a number, a name for a text.
import {NodeType, type Configuration, type FeatureNode} from '../../../src/wire/index.js';
import {json, type RunningService} from './service.js';

/** Every node of a configuration's feature model by id. */
export function nodesOf(configuration: Configuration): Map<string, FeatureNode> {
  const nodes = new Map<string, FeatureNode>();
  const visit = (node: FeatureNode) => {
    nodes.set(node.id, node);
    node.features.forEach(visit);
  };
  for (const step of configuration.featureModel.steps) step.features.forEach(visit);
  return nodes;
}

async function send(service: RunningService, id: string, node: FeatureNode) {
  const versioned = `/configurator/3/configurator/${id}`;
  const response =
    node.featureType === 3
      ? await service.call(`${versioned}/text`, {
          method: 'PUT',
          json: {featureModelNodeId: node.id, textValue: 'Ada'},
        })
      : await service.call(`/api/3/configurator/${id}?ignoreConflicts=true`, {
          method: 'PUT',
          json:
            node.minValue !== null && node.maxValue !== null
              ? {featureModelNodeId: node.id, value: node.minValue, isSelection: false}
              : {featureModelNodeId: node.id, value: 1, isSelection: true},
        });
  if (response.status !== 200) throw new Error(`answering ${node.id}: ${response.status}`);
  return json<Configuration>(response);
}

/**
 * Switches on `extra` optional nodes that cost something (for lines worth checking), then
 * answers mandatories until none is left; returns the last configuration.
 */
export async function completeConfiguration(
  service: RunningService,
  start: Configuration,
  extra = 2,
): Promise<Configuration> {
  let configuration = start;
  const optional = [...nodesOf(start).values()].filter(
    (node) => node.type === NodeType.optional && node.price > 0 && node.featureType !== 3,
  );
  for (const node of optional.slice(0, extra)) {
    configuration = await send(service, configuration.id, node);
  }
  for (let round = 0; configuration.unansweredMandatories.length > 0; round++) {
    if (round > 50) throw new Error('mandatories never all answered');
    const node = nodesOf(configuration).get(configuration.unansweredMandatories[0]!);
    if (!node) throw new Error(`no node ${configuration.unansweredMandatories[0]}`);
    const child = node.features.find((option) => !option.isDisabled);
    configuration = await send(service, configuration.id, child ?? node);
  }
  return configuration;
}
