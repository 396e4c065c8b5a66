// The service on its own thread, so the benchmark's clients do not share its event loop.
import {parentPort, workerData} from 'node:worker_threads';
import {startBenchServer} from './bench-server.js';
import {threadCpuMs} from './thread-cpu.js';

const server = await startBenchServer(workerData);
parentPort!.postMessage({url: server.url, identifier: server.identifier});
parentPort!.on('message', async (message: unknown) => {
  if (message === 'cpu') {
    parentPort!.postMessage({cpuMs: threadCpuMs()});
    return;
  }
  if (message === 'commits') {
    parentPort!.postMessage({commits: await server.commits()});
    return;
  }
  await server.close();
  parentPort!.postMessage('closed');
});
