// The service on its own thread, so the benchmark's clients do not share its event loop.
import {parentPort, workerData} from 'node:worker_threads';
import {startBenchServer} from './bench-server.js';

const server = await startBenchServer(workerData);
parentPort!.postMessage({url: server.url, identifier: server.identifier});
parentPort!.once('message', async () => {
  await server.close();
  parentPort!.postMessage('closed');
});
