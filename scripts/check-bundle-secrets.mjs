// Proves the built browser code carries neither the token endpoint helper nor a credential.
// Browser code is the script-tag bundle plus every package module a browser entry reaches by
// relative imports; the helper (dist/token-endpoint.js) and what only it imports are left out.
// Credentials (the demo secret, CLIENT_SECRET, any --secret) may appear in no file of dist/.
//
//   node scripts/check-bundle-secrets.mjs [--dist dir] [--secret value]...
//
// Exits 1 with one line per finding.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';

const args = process.argv.slice(2);
const option = (name) =>
  args.flatMap((arg, i) => (arg === name && args[i + 1] !== undefined ? [args[i + 1]] : []));

const dist = resolve(option('--dist')[0] ?? 'dist');
const scriptTagBundle = 'product-configurator.js';
const helperEntry = 'token-endpoint.js';

/** Strings that only the server-side helper has reason to contain. */
const helperMarkers = [
  'connect/token',
  'client_secret',
  'client_credentials',
  'serviceconnectlogin',
  'createTokenEndpoint',
  // Not `upstream_rejected`: the widget reads that code from the helper's answer to tell a
  // wrong secret apart (token_credentials_rejected).
  'upstream_scope_widened',
];
const secrets = [
  'demo-secret',
  ...(process.env.CLIENT_SECRET ? [process.env.CLIENT_SECRET] : []),
  ...option('--secret'),
].filter((secret) => secret.length > 0);

if (!existsSync(join(dist, scriptTagBundle))) {
  console.error(
    `check-bundle-secrets: ${join(dist, scriptTagBundle)} is missing; run \`npm run build\` first`,
  );
  process.exit(1);
}

const allFiles = readdirSync(dist, {recursive: true})
  .map(String)
  .filter((file) => statSync(join(dist, file)).isFile());

/** Every module a browser can load: the browser entries and what they import, transitively. */
function browserModules() {
  const entries = allFiles.filter(
    (file) => !file.includes('/') && file.endsWith('.js') && file !== helperEntry,
  );
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file), 'utf8');
    const imports = text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g);
    for (const [, specifier] of imports) {
      const target = relative(dist, resolve(dist, dirname(file), specifier));
      if (existsSync(join(dist, target))) queue.push(target);
      else findings.push(`${file}: imports ${specifier}, which is not in ${relative('.', dist)}/`);
    }
  }
  return [...seen].sort();
}

const findings = [];
const browser = browserModules();
if (browser.includes(helperEntry)) findings.push(`a browser entry imports ${helperEntry}`);
for (const file of browser) {
  const text = readFileSync(join(dist, file), 'utf8');
  for (const marker of helperMarkers) {
    if (text.includes(marker)) findings.push(`${file}: contains "${marker}" (token endpoint code)`);
  }
}
for (const file of allFiles) {
  const text = readFileSync(join(dist, file), 'utf8');
  for (const secret of secrets) {
    if (text.includes(secret)) findings.push(`${file}: contains a credential`);
  }
}

if (findings.length > 0) {
  for (const finding of findings) console.error(`check-bundle-secrets: ${finding}`);
  process.exit(1);
}
console.log(
  `check-bundle-secrets: ${browser.length} browser modules free of token endpoint code; ` +
    `${allFiles.length} files in ${relative('.', dist) || '.'}/ free of credentials`,
);
