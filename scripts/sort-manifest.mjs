// The analyzer lists modules in the order the file system returns them, which differs between
// machines; sorting by path keeps custom-elements.json stable so its freshness check is fair.
// It also writes references the way the sources import them (`../x/y.js`, `/src/a/b.js`): each
// becomes the path of the module's source as the package ships it (`src/x/y.ts`), so every
// path in the manifest names a file in the package (docs/decisions/0085-package-ships-its-sources.md).
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {posix} from 'node:path';

const file = 'custom-elements.json';
const manifest = JSON.parse(readFileSync(file, 'utf8'));
manifest.modules.sort((a, b) => a.path.localeCompare(b.path, 'en'));

/** `../x/y.js` from `src/a/b.ts`, `/src/x/y.js` or `src/x/y.js`: the shipped `src/x/y.ts`. */
function shipped(reference, from) {
  if (!reference.module || reference.package) return;
  const candidates = [
    reference.module.replace(/^\//, ''),
    posix.join(posix.dirname(from), reference.module),
  ].map((path) => path.replace(/\.js$/, '.ts'));
  const source = candidates.find((path) => existsSync(path));
  if (source) reference.module = source;
}
for (const mod of manifest.modules) {
  for (const entry of mod.exports ?? [])
    if (entry.declaration) shipped(entry.declaration, mod.path);
  for (const declaration of mod.declarations ?? []) {
    for (const ref of [declaration.superclass, ...(declaration.mixins ?? [])]) {
      if (ref) shipped(ref, mod.path);
    }
    for (const member of declaration.members ?? []) {
      if (member.inheritedFrom) shipped(member.inheritedFrom, mod.path);
    }
  }
}
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
