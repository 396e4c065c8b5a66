// The bill of a configuration: one line per choice, with what it adds to the total, as the
// review and the printed sheet show it (docs/decisions/0098). Built from the service's answer
// alone, walking the model as the quotation does, so its lines are the quotation's lines.
import {FeatureType, type Configuration, type FeatureNode} from '../wire/index.js';
import {effectLabel, priceBasis, roundMoney, type PriceBasis} from './price-effects.js';

export interface BillLine {
  /** The node chosen (or the mandatory choice not answered yet). */
  id: string;
  stepId: string;
  /** The names above it from the step's top level down, which tell equal names apart. */
  path: string[];
  name: string;
  /** A number with its unit, or the typed text; '' for an option. */
  value: string;
  /** The quotation's wording of the line: `Path / To: Name`, then `: value` (text quoted). */
  text: string;
  /** What it adds to the options' sum, excl. VAT, unrounded. */
  amountExVat: number;
  /** What it adds in the VAT mode on screen ("+ €127.05"); '' when it adds nothing. */
  amountLabel: string;
  /** A mandatory choice the shopper has not answered yet (no quote until it is). */
  unanswered: boolean;
}

export interface Bill {
  lines: BillLine[];
  base: string;
  options: string;
  total: string;
  inclVat: boolean;
}

/** A node's number in the answer, whichever value shape the service sent; 0 when off. */
function valueIn(configuration: Configuration, id: string): number {
  const value = configuration.values[id];
  if (value === undefined) return 0;
  return typeof value === 'number' ? value : value.selected ? value.value : 0;
}

const isNumber = (node: FeatureNode) => node.minValue !== null && node.maxValue !== null;

/**
 * The bill in the VAT mode on screen. Lines follow the steps' order; an option's line is its
 * own price, a number's its price per unit times the number. Options the model hides from
 * quotations are left out, as the quotation leaves them out.
 */
export function buildBill(configuration: Configuration, inclVat: boolean): Bill {
  const basis = priceBasis(configuration, inclVat);
  const unanswered = new Set(configuration.unansweredMandatories ?? []);
  const lines: BillLine[] = [];
  for (const step of configuration.featureModel.steps) {
    // Without recursion: a deep model cannot exhaust the stack.
    const pending: [FeatureNode, string[]][] = step.features.map((n) => [n, []]);
    pending.reverse();
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [node, path] = next;
      if (node.hideInQuotation) continue;
      if (unanswered.has(node.id)) {
        lines.push(line(basis, step.id, node, path, '', 0, true));
        continue;
      }
      const value = valueIn(configuration, node.id);
      if (value === 0) continue;
      if (node.featureType === FeatureType.text) {
        const text = configuration.textValues?.[node.id];
        if (text) lines.push(line(basis, step.id, node, path, text, 0, false));
      } else if (isNumber(node)) {
        const shown = node.unitOfMeasurement ? `${value} ${node.unitOfMeasurement}` : `${value}`;
        lines.push(line(basis, step.id, node, path, shown, node.price * value, false));
      } else if (node.features.length === 0 || node.price !== 0) {
        // A priced option with options below it is a line too, as in the quotation.
        lines.push(line(basis, step.id, node, path, '', node.price, false));
      }
      const below = [...path, node.name];
      for (let i = node.features.length - 1; i >= 0; i--) pending.push([node.features[i]!, below]);
    }
  }
  const c = configuration;
  return {
    lines,
    base: inclVat ? c.basePriceIncVATLabel : c.basePriceExVATLabel,
    options: inclVat ? c.additionalPriceIncVATLabel : c.additionalPriceExVATLabel,
    total: inclVat ? c.totalPriceIncVATLabel : c.totalPriceExVATLabel,
    inclVat,
  };
}

function line(
  basis: PriceBasis,
  stepId: string,
  node: FeatureNode,
  path: string[],
  value: string,
  amountExVat: number,
  unanswered: boolean,
): BillLine {
  const label = path.length > 0 ? `${path.join(' / ')}: ${node.name}` : node.name;
  const quoted = node.featureType === FeatureType.text ? `"${value}"` : value;
  const shown = roundMoney(basis.inclVat ? amountExVat * basis.vat : amountExVat, basis.digits);
  return {
    id: node.id,
    stepId,
    path,
    name: node.name,
    value,
    text: value ? `${label}: ${quoted}` : label,
    amountExVat,
    amountLabel: shown === 0 ? '' : effectLabel(basis, shown),
    unanswered,
  };
}

/**
 * The bill's lines grouped by step in the steps' order, steps without a line left out: the
 * review and the printed sheet both list these, so they cannot disagree.
 */
export function billSteps<S extends {id: string}>(
  steps: readonly S[],
  bill: Bill,
): {step: S; lines: BillLine[]}[] {
  return steps
    .map((step) => ({step, lines: bill.lines.filter((l) => l.stepId === step.id)}))
    .filter((entry) => entry.lines.length > 0);
}
