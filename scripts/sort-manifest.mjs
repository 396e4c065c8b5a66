// The analyzer lists modules in the order the file system returns them, which differs between
// machines; sorting by path keeps custom-elements.json stable so its freshness check is fair.
import {readFileSync, writeFileSync} from 'node:fs';

const file = 'custom-elements.json';
const manifest = JSON.parse(readFileSync(file, 'utf8'));
manifest.modules.sort((a, b) => a.path.localeCompare(b.path, 'en'));
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
