import {Hono} from 'hono';
import {ErrorCode, ServiceError} from './errors.js';
import {MemoryStore, type Store} from './store/store.js';

export interface AppOptions {
  store?: Store;
}

/** The reference Configurator and Quotation Service as a web-standard `Request -> Response` app. */
export function createApp(options: AppOptions = {}) {
  const store = options.store ?? new MemoryStore();
  const app = new Hono();

  app.get('/health', (c) => c.json({status: 'ok'}));

  app.notFound(() => new ServiceError(404, ErrorCode.notFound, 'No such endpoint').toResponse());
  app.onError((error) => {
    if (error instanceof ServiceError) return error.toResponse();
    console.error(error);
    return new ServiceError(500, ErrorCode.internal, 'Internal error').toResponse();
  });

  return {app, store};
}
