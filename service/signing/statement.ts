// What the signed configuration states: the configuration's own figures, taken from the very
// answer the configurator gives, so a host reads the price the shopper saw.
import {
  FeatureType,
  type Configuration,
  type FeatureNode,
  type SignedConfiguration,
  type SignedConfigurationLine,
} from '../../src/wire/index.js';
import {roundMoney} from '../i18n/index.js';

/** One chosen option or value: the wire's shape, which the host's check reads too. */
export type StatementLine = SignedConfigurationLine;

/** The claims of a signed configuration (docs/commerce.md lists each). */
export type ConfigurationClaims = SignedConfiguration;

export interface StatementOptions {
  issuer: string;
  /** The model's VAT rate (0.21 for 21 %). */
  vatRate: number;
  decimalDigits: number;
  /** Epoch seconds. */
  issuedAt: number;
  lifetimeSeconds: number;
}

const isOn = (value: Configuration['values'][string] | undefined) =>
  typeof value === 'number' ? value !== 0 : value?.selected === true;
const numberOf = (value: Configuration['values'][string] | undefined) =>
  typeof value === 'number' ? value : (value?.value ?? 0);

/**
 * The claims of a complete configuration. A line is every node that is on and either is what
 * the shopper chose (an option without sub-options, a number, a text) or costs something (a
 * priced group counts too, so that the lines and the base add up to the total). A line's
 * price is its unit price times its number, rounded like the totals.
 */
export function configurationClaims(
  configuration: Configuration,
  options: StatementOptions,
): ConfigurationClaims {
  const {vatRate, decimalDigits: digits} = options;
  const lines: StatementLine[] = [];
  const visit = (node: FeatureNode, path: string[]) => {
    const value = configuration.values[node.id];
    if (!isOn(value)) return;
    const isText = node.featureType === FeatureType.text;
    const isNumber = node.minValue !== null && node.maxValue !== null;
    const number = isNumber ? numberOf(value) : 1;
    const exclVat = roundMoney(node.price * number, digits);
    const chosen = isText || isNumber || node.features.length === 0;
    if ((chosen && !node.hideInQuotation) || exclVat !== 0) {
      const text = configuration.textValues[node.id] ?? '';
      if (!isText || text !== '' || exclVat !== 0) {
        lines.push({
          nodeId: node.id,
          description: path.length > 0 ? `${path.join(' / ')}: ${node.name}` : node.name,
          value: isText ? text : number,
          priceExclVat: exclVat,
          priceInclVat: roundMoney(exclVat * (1 + vatRate), digits),
        });
      }
    }
    for (const child of node.features) visit(child, [...path, node.name]);
  };
  for (const step of configuration.featureModel.steps) {
    for (const node of step.features) visit(node, []);
  }
  return {
    iss: options.issuer,
    sub: configuration.id,
    code: configuration.code,
    model: configuration.featureModelId,
    name: configuration.featureModel.name,
    lang: configuration.languageIso,
    currency: configuration.currencyIso.toUpperCase(),
    baseExclVat: configuration.basePriceExVAT,
    baseInclVat: configuration.basePriceIncVAT,
    lines,
    totalExclVat: configuration.totalPriceExVAT,
    totalInclVat: configuration.totalPriceIncVAT,
    iat: options.issuedAt,
    exp: options.issuedAt + options.lifetimeSeconds,
  };
}
