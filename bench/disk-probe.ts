import {closeSync, fdatasync, mkdtempSync, openSync, rmSync, writeSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** What the probe saw: each flush's time, in ms, in the order they ran. */
export interface DiskProbe {
  stop(): Promise<number[]>;
}

const page = Buffer.alloc(4096, 1);

/**
 * Times the disk's flushes during a run: every `everyMs` it writes one 4 KB page to a file of
 * its own in the temp folder (where the benchmark puts the service's `DATA_DIR`) and syncs it
 * with `fdatasync`, one flush at a time, as the service syncs its log before it answers. A
 * paced run's p99 follows the disk's slow flushes as much as the service's code: a flush that
 * stalls for 50 ms holds every answer waiting on the log for as long, so the benchmark prints
 * what the disk did beside the latency. Twenty small flushes a second add little to the
 * service's own (over a thousand a second in a paced run).
 */
export function startDiskProbe(everyMs = 50): DiskProbe {
  const dir = mkdtempSync(join(tmpdir(), 'configurator-disk-probe-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  const times: number[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = undefined;
    flushing = new Promise<void>((resolve) => {
      const started = performance.now();
      writeSync(fd, page, 0, page.length, 0);
      fdatasync(fd, (error) => {
        if (!error) times.push(performance.now() - started);
        resolve();
        if (!stopped) timer = setTimeout(flush, everyMs);
      });
    });
  };
  flush();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await flushing;
      closeSync(fd);
      rmSync(dir, {recursive: true, force: true});
      return times;
    },
  };
}
