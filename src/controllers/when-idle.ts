// The one way the widget waits for an idle page: work that must not compete with the shopper's
// first screen (later chunks, the QR encoder, the merge) runs in the browser's idle time.

/** Runs `task` once the page is idle; answers a function that cancels it. */
export type WhenIdle = (task: () => void) => () => void;

/**
 * The browser's idle callback, at most two seconds late on a page that is never idle; a browser
 * without one (Safari) runs it at the next task.
 */
export const whenIdle: WhenIdle = (task) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), {timeout: 2_000});
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task);
  return () => clearTimeout(id);
};
