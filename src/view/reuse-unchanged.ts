// Keeps the identity of what did not change between two view models, so Lit skips rendering
// unchanged nodes; a concept of its own, used by the element on every answer.
/**
 * Answers `next` with every part that equals the same part of `previous` replaced by that
 * previous object, so unchanged nodes keep their identity from one update to the next and
 * their rendering can be skipped. Arrays are matched by position (a model's structure does
 * not move between answers), objects by key, maps (of plain values) by entry.
 */
export function reuseUnchanged<T>(previous: T | null, next: T): T {
  if (previous === next || typeof next !== 'object' || next === null) return next;
  if (typeof previous !== 'object' || previous === null) return next;
  if (next instanceof Map) {
    if (!(previous instanceof Map) || previous.size !== next.size) return next;
    for (const [key, value] of next) if (previous.get(key) !== value) return next;
    return previous;
  }
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    let same = previous.length === next.length;
    const out = next.map((item: unknown, i) => {
      const kept = i < previous.length ? reuseUnchanged(previous[i] as unknown, item) : item;
      if (kept !== previous[i]) same = false;
      return kept;
    });
    return (same ? previous : out) as T;
  }
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    out[key] = reuseUnchanged(before[key], after[key]);
    if (out[key] !== before[key]) same = false;
  }
  return (same ? previous : out) as T;
}
