// The Node flags of `npm start`, read from a checkout's package.json, so the benchmark's
// service process is started as `npm start` starts it.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

/**
 * The flags an npm script (`start` unless named) of the checkout at `root` gives Node: those
 * between `tsx` and the entry, such as the heap's size (docs/decisions/0077). Empty for a
 * checkout whose script gives none, so `--root` measures an older checkout as its own
 * `npm start` ran it.
 */
export function startNodeFlags(root: string, script = 'start'): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const flags = /\btsx((?:\s+--\S+)*)\s/.exec(manifest.scripts?.[script] ?? '')?.[1];
  return flags ? flags.trim().split(/\s+/) : [];
}
