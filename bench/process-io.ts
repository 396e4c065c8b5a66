import {readFileSync} from 'node:fs';

/** Bytes a process has written so far, from `/proc/{pid}/io`. */
export interface ProcessWrites {
  /** Bytes passed to write calls (`wchar`): files and sockets alike, whatever the page cache does. */
  calls: number;
  /** Bytes the process caused to be sent to storage (`write_bytes`). */
  disk: number;
}

/**
 * What a process has written, or null where `/proc/{pid}/io` is missing or unreadable. Unlike
 * CPU time, the bytes an update writes do not depend on what else shares the machine, so a
 * change to what the service stores per update shows here on a busy machine too.
 */
export function processWrites(pid: number): ProcessWrites | null {
  try {
    const fields = new Map(
      readFileSync(`/proc/${pid}/io`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const [name, value] = line.split(':');
          return [name!.trim(), Number(value)] as const;
        }),
    );
    const calls = fields.get('wchar');
    const disk = fields.get('write_bytes');
    return calls === undefined || disk === undefined ? null : {calls, disk};
  } catch {
    return null;
  }
}
