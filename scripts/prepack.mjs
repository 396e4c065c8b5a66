// `npm pack` and `npm publish` run this first: the package ships what this checkout builds now,
// never whatever dist/ held (a fresh clone has none). Publishing also refuses a README whose
// pinned, SRI-checked script tag is not this build's (a dry run only warns), so the README never
// shows a hash the published file does not have (docs/releasing.md).
import {spawnSync} from 'node:child_process';

const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
const step = (args) => {
  const run = spawnSync(npm[0], [...npm[1], ...args], {stdio: 'inherit'});
  if (run.status !== 0) process.exit(run.status ?? 1);
};

step(['run', 'build']);

if (process.env.npm_command === 'publish') {
  const check = spawnSync(process.execPath, ['scripts/integrity.mjs', '--check-readme'], {
    stdio: 'inherit',
  });
  const dryRun = ['true', '1'].includes(String(process.env.npm_config_dry_run));
  if (check.status !== 0 && !dryRun) process.exit(1);
  if (check.status !== 0) console.warn('prepack: a real publish would stop here (dry run)');
}
