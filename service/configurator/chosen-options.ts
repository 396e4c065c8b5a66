import {FeatureType, type Configuration, type FeatureNode} from '../../src/wire/index.js';

const isOn = (value: Configuration['values'][string] | undefined) =>
  typeof value === 'number' ? value !== 0 : value?.selected === true;

/**
 * The chosen options of a configuration as a sales person reads them: every node that is on
 * and shown in quotations, leaves only (a group is named by its chosen option), each as
 * "Group: Option", numbers with their unit, texts quoted.
 */
export function chosenOptions(configuration: Configuration): string[] {
  const lines: string[] = [];
  const visit = (node: FeatureNode, path: string[]) => {
    const value = configuration.values[node.id];
    if (!isOn(value) || node.hideInQuotation) return;
    const number = typeof value === 'number' ? value : (value?.value ?? 0);
    const label = path.length > 0 ? `${path.join(' / ')}: ${node.name}` : node.name;
    if (node.featureType === FeatureType.text) {
      const text = configuration.textValues[node.id];
      if (text) lines.push(`${label}: "${text}"`);
    } else if (node.minValue !== null && node.maxValue !== null) {
      lines.push(
        `${label}: ${number}${node.unitOfMeasurement ? ` ${node.unitOfMeasurement}` : ''}`,
      );
    } else if (node.features.length === 0 || node.price !== 0) {
      // A priced option with options below it is a line too: nothing priced goes unlisted.
      lines.push(label);
    }
    for (const child of node.features) visit(child, [...path, node.name]);
  };
  for (const step of configuration.featureModel.steps) {
    for (const node of step.features) visit(node, []);
  }
  return lines;
}
