// Fails when custom-elements.json is not what the analyzer makes of the current sources, or
// docs/element.md's tables are not what scripts/element-docs.mjs makes of the manifest.
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';

const before = readFileSync('custom-elements.json', 'utf8');
const docsBefore = readFileSync('docs/element.md', 'utf8');
const pkgBefore = readFileSync('package.json', 'utf8');
execFileSync('npm', ['run', '--silent', 'analyze'], {stdio: 'inherit'});
const after = readFileSync('custom-elements.json', 'utf8');
if (before !== after) {
  console.error('custom-elements.json was stale; it has been regenerated: commit it.');
  process.exit(1);
}
if (pkgBefore !== readFileSync('package.json', 'utf8')) {
  console.error('package.json was rewritten by the analyzer; commit it.');
  process.exit(1);
}
if (docsBefore !== readFileSync('docs/element.md', 'utf8')) {
  console.error(
    'docs/element.md did not match the manifest; its tables have been rewritten: commit it.',
  );
  process.exit(1);
}
console.log('custom-elements.json and docs/element.md are up to date');
