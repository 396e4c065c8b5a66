// The page's long main-thread tasks in a Chrome trace, each with what it spent its time on, so
// a benchmark can say which part of the widget's start-up blocks the page. Lighthouse's own
// trace library builds the task tree (the same one its audits read): each top-level task, its
// nested events grouped as Lighthouse groups them, and the script URLs it ran for.
import {MainThreadTasks} from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import {TraceProcessor} from 'lighthouse/core/lib/tracehouse/trace-processor.js';

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own time in the event (on a CPU), where the trace records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {data?: Record<string, unknown>; [key: string]: unknown};
}

interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent: TaskNode | undefined;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: {id: string};
}

/** One top-level task: when (ms from the trace's time origin), how long, and on what. */
export interface LongTask {
  start: number;
  duration: number;
  /**
   * Of the duration, the time the thread was on a CPU (NaN where the trace has no thread
   * times): on a loaded machine the rest is waiting for a core, which the duration counts.
   */
  cpu: number;
  /** The scripts it ran for (Lighthouse's attribution). */
  scripts: string[];
  /** Milliseconds of self time per kind of work, largest first. */
  spent: [string, number][];
  /** What began it: the first script compiled, evaluated or called back, or the event's name. */
  cause: string;
}

/** Finer than Lighthouse's groups where they matter here: style apart from layout. */
const kindOf = (node: TaskNode): string => {
  switch (node.event.name) {
    case 'UpdateLayoutTree':
    case 'ScheduleStyleRecalculation':
      return 'style';
    case 'Layout':
    case 'InvalidateLayout':
      return 'layout';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return 'compile';
    case 'v8.evaluateModule':
    case 'EvaluateScript':
      return 'evaluate';
    case 'ParseHTML':
      return 'parse HTML';
    default:
      break;
  }
  switch (node.group.id) {
    case 'scriptParseCompile':
      return 'compile';
    case 'scriptEvaluation':
      return 'script';
    case 'garbageCollection':
      return 'GC';
    case 'paintCompositeRender':
      return 'paint';
    case 'styleLayout':
      return 'style';
    case 'parseHTML':
      return 'parse HTML';
    default:
      return 'other';
  }
};

const file = (url: string) => url.replace(/^.*\//, '').replace(/\?.*$/, '') || url;

/** The first script-related event under a task: its kind and the script's file. */
function firstCause(node: TaskNode): string | undefined {
  const data = node.event.args?.data as {url?: string; functionName?: string} | undefined;
  const kind = kindOf(node);
  if (['compile', 'evaluate', 'script'].includes(kind) && data?.url) {
    const fn = data.functionName ? ` ${data.functionName}()` : '';
    return `${node.event.name} ${file(data.url)}${fn}`;
  }
  for (const child of node.children) {
    const found = firstCause(child);
    if (found) return found;
  }
  return undefined;
}

function addSelf(node: TaskNode, into: Map<string, number>) {
  const kind = kindOf(node);
  into.set(kind, (into.get(kind) ?? 0) + node.selfTime);
  for (const child of node.children) addSelf(child, into);
}

/**
 * The main frame's top-level tasks of at least `minMs` (observed) in a page-load trace, as
 * Lighthouse finds them. Under its mobile preset a task counts as long (over 50 ms) when it
 * took over 12.5 ms observed, since the simulation runs the CPU 4x slower.
 */
export function longTasks(
  trace: {traceEvents: TraceEvent[]},
  minMs: number,
  thread?: {pid: number; tid: number; from: number; to: number},
): LongTask[] {
  let tasks: TaskNode[];
  if (thread) {
    // A trace begun after the page loaded (no navigation in it): the thread and span given.
    const events = trace.traceEvents
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid)
      .sort((a, b) => a.ts - b.ts);
    const end = Math.max(...events.map((e) => e.ts + (e.dur ?? 0)));
    tasks = (
      MainThreadTasks.getMainThreadTasks(
        events as never,
        [],
        end,
        thread.from,
      ) as unknown as TaskNode[]
    ).filter((t) => t.startTime + t.duration > 0 && t.startTime < (thread.to - thread.from) / 1000);
  } else {
    const processed = TraceProcessor.processTrace(trace as never);
    tasks = MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents,
      processed.frames,
      processed.timestamps.traceEnd,
      processed.timestamps.timeOrigin,
    ) as unknown as TaskNode[];
  }
  return tasks
    .filter((t) => !t.parent && t.duration >= minMs)
    .map((t) => {
      const spent = new Map<string, number>();
      addSelf(t, spent);
      return {
        start: t.startTime,
        duration: t.duration,
        cpu: t.event.tdur === undefined ? NaN : t.event.tdur / 1000,
        scripts: [...new Set(t.attributableURLs)],
        spent: [...spent].filter(([, n]) => n >= 0.5).sort((a, b) => b[1] - a[1]),
        cause: firstCause(t) ?? t.children[0]?.event.name ?? t.event.name,
      };
    });
}

/** One line per task: `+1234 ms  20.1 ms (CPU 12.3)  compile 12.0, script 6.1  (v8.compile element.js)`. */
export const describeTask = (task: LongTask) =>
  `+${task.start.toFixed(0).padStart(5)} ms  ${task.duration.toFixed(1).padStart(5)} ms ` +
  `(CPU ${task.cpu.toFixed(1).padStart(5)})  ` +
  task.spent.map(([kind, n]) => `${kind} ${n.toFixed(1)}`).join(', ') +
  `  (${task.cause})`;
