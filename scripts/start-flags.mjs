// The Node flags of an npm script, read from a checkout's package.json, so that what starts the
// service outside npm (the benchmark, the test runner, the tests' service processes) starts it
// as `npm start` does.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

/**
 * The flags an npm script (`start` unless named) of the checkout at `root` gives Node: those
 * between `tsx` and the entry, such as the heap's size (docs/decisions/0077). Empty for a
 * checkout whose script gives none, so the benchmark's `--root` measures an older checkout as its
 * own `npm start` ran it. Its types are in start-flags.d.mts.
 */
export function startNodeFlags(root, script = 'start') {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const flags = /\btsx((?:\s+--\S+)*)\s/.exec(manifest.scripts?.[script] ?? '')?.[1];
  return flags ? flags.trim().split(/\s+/) : [];
}
