// End-to-end embedding: the reference service as `npm start` runs it (its own process, its own
// origin; ./service-process.ts), host pages on other origins served by a tiny static server, and Chromium driven by
// playwright-core. Slower than the in-process helpers; used where origins are the point.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {chromium, type Browser} from 'playwright-core';
import {startServiceProcess as startProcess, type ServiceProcess} from './service-process.js';
// @ts-expect-error: a plain ES module without declarations
import {chromiumArgs, chromiumPath} from '../../../scripts/chromium.mjs';
// @ts-expect-error: a plain ES module without declarations
import {buildDemos} from '../../../scripts/build-demos.mjs';

/** Builds the script-tag bundle and the framework demos when a targeted run skipped the build. */
export async function ensureBuilt(): Promise<void> {
  if (!existsSync('dist/product-configurator.js')) {
    const built = spawnSync('npx', ['rollup', '-c', '--silent'], {stdio: 'inherit'});
    if (built.status !== 0) throw new Error('rollup failed');
  }
  if (!existsSync('dist/types/index.d.ts')) {
    const built = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {stdio: 'inherit'});
    if (built.status !== 0) throw new Error('tsc failed');
  }
  if (!existsSync('demo/build/react-demo.js') || !existsSync('demo/build/vue-demo.js')) {
    await (buildDemos as () => Promise<void>)();
  }
}

export type {ServiceProcess};

/** `npm start`'s process (demo/server/main.ts) on a free port with a throwaway data folder. */
export function startServiceProcess(env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startProcess({entry: 'demo', env});
}

export interface HostSite {
  /** `http://localhost:<port>`: another origin than the service's `http://127.0.0.1:<port>`. */
  origin: string;
  /** Serves `body` at `path` from now on (HTML unless `type` says otherwise). */
  page(path: string, body: string, type?: string): void;
  close(): Promise<void>;
}

/** A host's own web server: static pages on localhost, nothing else. */
export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, {body: string; type: string}>();
  const server: Server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    response.writeHead(page ? 200 : 404, {'content-type': page?.type ?? 'text/plain'});
    response.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    page: (path, body, type = 'text/html; charset=utf-8') => void pages.set(path, {body, type}),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath as string,
    args: [...(chromiumArgs as string[]), '--host-resolver-rules=MAP localhost 127.0.0.1'],
  });
}
