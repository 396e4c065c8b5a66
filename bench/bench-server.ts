import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {serve} from '@hono/node-server';
import {createApp} from '../service/app.js';
import {compileModel} from '../service/engine/index.js';
import {generateLargeModel, sampleModels} from '../service/models/index.js';
import {SqliteStore, openStore} from '../service/store/index.js';

export interface BenchServer {
  url: string;
  /** The generated model's identifier (its root feature name). */
  identifier: string;
  /** Commits of the durable store so far (each one sync); null for the memory store. */
  commits(): Promise<number | null>;
  close(): Promise<void>;
}

/**
 * The reference service over real HTTP on 127.0.0.1 (a free port), offering the samples and a
 * generated model of `nodes` nodes.
 */
export async function startBenchServer(options: {
  nodes: number;
  seed: number;
  store: 'memory' | 'sqlite';
}): Promise<BenchServer> {
  const large = compileModel(generateLargeModel({nodes: options.nodes, seed: options.seed}));
  const dataDir =
    options.store === 'sqlite' ? mkdtempSync(join(tmpdir(), 'configurator-bench-')) : undefined;
  const store = openStore(dataDir, {groupCommits: true});
  const {app, close} = createApp({
    store,
    models: [...sampleModels(), large],
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    identifier: large.name,
    async commits() {
      return dataDir && store instanceof SqliteStore ? store.commits : null;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      if (dataDir) rmSync(dataDir, {recursive: true, force: true});
    },
  };
}
