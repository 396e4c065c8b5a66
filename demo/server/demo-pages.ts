// What the demo serves from its own folder, and the headers its pages carry: the ones
// docs/security.md recommends to every host page that embeds the widget.
import {createHash} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import {resolve} from 'node:path';

/**
 * The demo's files by decoded path: its pages, their stylesheet, scripts and the framework pages'
 * bundles (build/, made by scripts/build-demos.mjs). Anything else in
 * the folder (the server's own source above all) is never served, however the path is spelt.
 */
const demoFile =
  /^\/(?:[a-z-]+\.html|[a-z-]+\.css|src\/[a-z-]+\.jsx?|build\/[a-z-]+\.js(?:\.map)?)$/;

/**
 * The path a request names once percent-decoded, or undefined when it does not decode or
 * holds what no file name does (`%2F` decodes to a slash before matching, so it cannot hide
 * a folder).
 */
export function decodedPath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) {
    return undefined;
  }
  return path === '/' ? '/index.html' : path;
}

/** Whether the demo means to serve this (decoded) path from its folder. */
export function isDemoFile(path: string | undefined): boolean {
  return path !== undefined && demoFile.test(path);
}

/**
 * The headers of a demo page. The policy allows scripts from this origin and the page's own
 * inline scripts by their hash (so an injected one cannot run), calls and images to this
 * origin only, and no framing by any site.
 */
export function pageHeaders(
  inlineScriptHashes: readonly string[],
  {evaluatesStrings = false} = {},
): Record<string, string> {
  const scripts = [
    "'self'",
    ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`),
    // Vue's full build compiles the page's template in the browser, which is evaluation; a host
    // that compiles its templates at build time needs no such allowance.
    ...(evaluatesStrings ? ["'unsafe-eval'"] : []),
  ].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scripts}`,
      // The pages' own <style> blocks and style attributes; no script can come of them.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      // The loader's number-format warm-up: a worker from a fixed text of its own
      // (docs/decisions/0101, docs/security.md); without it the page's console reports a refusal.
      'worker-src blob:',
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

/** The base64 SHA-256 of each inline `<script>` of an HTML page, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(createHash('sha256').update(match[1]!, 'utf8').digest('base64'));
  }
  return hashes;
}

/**
 * Adds the page headers to an HTML answer of the demo folder; the hashes are read from the
 * file each time, so an edited page keeps working without a restart (the demo only).
 */
export async function withPageHeaders(
  answer: Response,
  root: string,
  path: string,
): Promise<Response> {
  if (!path.endsWith('.html')) return answer;
  const html = await readFile(resolve(root, `.${path}`), 'utf8');
  const headers = new Headers(answer.headers);
  const policy = pageHeaders(inlineScriptHashes(html), {evaluatesStrings: path === '/vue.html'});
  for (const [name, value] of Object.entries(policy)) {
    headers.set(name, value);
  }
  return new Response(answer.body, {status: answer.status, headers});
}
