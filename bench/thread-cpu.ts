import {readFileSync} from 'node:fs';

/**
 * CPU time of the calling thread in milliseconds, or null where `/proc/thread-self` is
 * missing (not Linux). `process.cpuUsage()` counts every thread of the process, so it cannot
 * tell the service's share from the benchmark clients'. Resolution: one clock tick (10 ms).
 */
export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** CPU time of a whole process (all its threads) in milliseconds, or null where `/proc` is missing. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time of a process's main thread (the service's event loop) in milliseconds, or null
 * where `/proc` is missing. Over a run, its share of the run's time is how busy the loop was:
 * updates queue behind one another as it nears 100%.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}
