// Whether the page's own scripts have run is a fact of the document, not of one element: one
// pair of listeners serves every element that waits for it.

let ran = false;
const waiting = new Set<() => void>();

const loaded = () => {
  if (ran) return;
  ran = true;
  for (const then of waiting) then();
  waiting.clear();
};

/**
 * Whether the page's own scripts have run. A plain page may set `fetchToken` in a module
 * script after the element upgraded, in the same load: until the document has loaded (its
 * `DOMContentLoaded`, or `load` for a script added after it), a missing token source is not
 * yet a mistake. When not yet, calls `then` once they have (a `then` given twice, once).
 */
export function pageScriptsRan(then: () => void): boolean {
  if (ran || document.readyState === 'complete') return true;
  if (waiting.size === 0) {
    document.addEventListener('DOMContentLoaded', loaded, {once: true});
    window.addEventListener('load', loaded, {once: true});
  }
  waiting.add(then);
  return false;
}

/** Drops a `then` given to {@link pageScriptsRan} (its element left the page). */
export function forgetPageScripts(then: () => void): void {
  waiting.delete(then);
}
