/**
 * Reads node values in either shape the service generations send: `{nodeId: number}` (0 is
 * off) or `{nodeId: {selected, value}}`. An unselected node reads 0; a selected node reads its
 * value (1 when it has none). Entries of any other shape are ignored.
 */
export function normaliseValues(values: unknown): Map<string, number> {
  const result = new Map<string, number>();
  if (typeof values !== 'object' || values === null) return result;
  // `Number.isFinite` is false for anything but a finite number (no `typeof` before it), and
  // `Object(raw)` is an object whatever `raw` is, so `in` cannot throw.
  for (const [nodeId, raw] of Object.entries(values)) {
    if (Number.isFinite(raw)) {
      result.set(nodeId, raw as number);
    } else if ('selected' in Object(raw)) {
      const {selected, value} = raw as {selected: unknown; value?: unknown};
      result.set(nodeId, selected !== true ? 0 : Number.isFinite(value) ? (value as number) : 1);
    }
  }
  return result;
}

/** Reads text values by node id; entries that are not strings are ignored. */
export function normaliseTexts(texts: unknown): Map<string, string> {
  const result = new Map<string, string>();
  if (typeof texts !== 'object' || texts === null) return result;
  for (const [nodeId, text] of Object.entries(texts)) {
    if (typeof text === 'string') result.set(nodeId, text);
  }
  return result;
}

/** Node values and texts, as the normalisers above read them. */
export interface NodeState {
  values: Map<string, number>;
  texts: Map<string, string>;
}

/** The node ids whose value or text differs between two states (a missing value is 0). */
export function changedNodes(before: NodeState, after: NodeState): string[] {
  const changed = new Set<string>();
  const compare = <T>(a: Map<string, T>, b: Map<string, T>, missing: T) => {
    for (const id of new Set([...a.keys(), ...b.keys()])) {
      if ((a.get(id) ?? missing) !== (b.get(id) ?? missing)) changed.add(id);
    }
  };
  compare(before.values, after.values, 0);
  compare(before.texts, after.texts, '');
  return [...changed];
}
