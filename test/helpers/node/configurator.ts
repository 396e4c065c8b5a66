import type {Configuration} from '../../../src/wire/index.js';
import {nodeIdByKey} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {json, type RunningService} from './service.js';

/** The office chair sample model, for node ids by key. */
export const chair = () => sampleModels().find((model) => model.key === 'office-chair')!;

/** The node id of a key in the office chair. */
export const chairNode = (key: string) => nodeIdByKey(chair(), key);

/** A node's number in a configuration, whichever value shape the service sent. */
export function valueOf(configuration: Configuration, nodeId: string): number {
  const value = configuration.values[nodeId];
  if (value === undefined) throw new Error(`no value for ${nodeId}`);
  return typeof value === 'number' ? value : value.selected ? value.value : 0;
}

/** Starts an office chair session through v3 and returns the configuration. */
export async function startChair(service: RunningService, lang = 'en'): Promise<Configuration> {
  const response = await service.call(`/api/3/configurator/new/Office%20Chair?lang=${lang}`);
  if (response.status !== 200) throw new Error(`start failed: ${response.status}`);
  return json<Configuration>(response);
}

/** PUTs a requirement through v3. */
export function putRequirement(
  service: RunningService,
  id: string,
  body: unknown,
  query = '',
): Promise<Response> {
  return service.call(`/api/3/configurator/${id}${query}`, {method: 'PUT', json: body});
}

/** Asserts an error answer and returns its body. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
): Promise<{code: string; message: string; details?: unknown}> {
  const body = await json<{code: string; message: string; details?: unknown}>(response);
  if (response.status !== status || body.code !== code) {
    throw new Error(
      `expected ${status} ${code}, got ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  if (typeof body.message !== 'string' || body.message === '') throw new Error('no message');
  return body;
}
