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
