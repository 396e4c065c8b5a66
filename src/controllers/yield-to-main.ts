// A pause that lets the browser run what waits (the shopper's input, a frame, the host page's
// own tasks) before the caller goes on in a task of its own: `scheduler.yield()` where the
// platform has it, whose continuation comes before other tasks of its priority, else a message
// to itself (a timer would be clamped, and throttled in a background tab).

type WithScheduler = {scheduler?: {yield?: () => Promise<unknown>}};

export function yieldToMain(): Promise<unknown> {
  const scheduler = (globalThis as WithScheduler).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(undefined);
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A task after the next frame, so that what was rendered before is laid out and painted in a
 * frame of its own: work split this way is not one long task for the page. Where no frame
 * comes (a tab in the background) it goes on after a short wait instead of waiting for the
 * shopper to return.
 */
export function afterNextFrame(): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      void yieldToMain().then(resolve);
    });
  });
}
