// A minimal configurator over the local test server: enough rules to observe the session's
// queueing, coalescing, conflicts and failures deterministically. The integration tests run
// the same behaviours against the reference service.
import type {Configuration} from '../../src/wire/index.js';
import {startLocalServer, type Answer, type LocalServer, type SeenRequest} from './local-server.js';

export interface FakeConfigurator {
  server: LocalServer;
  url: string;
  /** Every node value the fake holds. */
  values: Map<string, number>;
  texts: Map<string, string>;
  /** Answers used, in order, before the normal handling of configurator requests. */
  failures: Answer[];
  /** When set, each update waits for it before answering. */
  gate: (() => Promise<void>) | null;
  /** `'object'` answers values as `{selected, value}`. */
  valueShape: 'number' | 'object';
  /** The tokens the fake accepts. */
  tokens: Set<string>;
  updates(): SeenRequest[];
  close(): Promise<void>;
}

/** Selecting `turbo` conflicts with `eco` being on; accepting switches `eco` off. */
export async function startFakeConfigurator(): Promise<FakeConfigurator> {
  let tokenCount = 0;
  const fake: FakeConfigurator = {
    server: undefined as unknown as LocalServer,
    url: '',
    values: new Map(),
    texts: new Map(),
    failures: [],
    gate: null,
    valueShape: 'number',
    tokens: new Set(),
    updates: () =>
      fake.server.requests.filter((r) => r.method === 'PUT' && r.path.includes('/configurator/')),
    close: () => fake.server.close(),
  };
  let lang = 'en';
  const configuration = (conflicts: Configuration['conflicts'] = null) =>
    ({
      id: 'session-1',
      code: 'ABCDEFGH',
      languageIso: lang,
      featureModelId: 'model-1',
      featureModel: {id: 'model-1', name: 'Fake', rootNodeId: 'root', steps: []},
      values: Object.fromEntries(
        [...fake.values].map(([id, v]) => [
          id,
          fake.valueShape === 'number' ? v : {selected: v !== 0, value: v},
        ]),
      ),
      textValues: Object.fromEntries(fake.texts),
      conflicts,
      unansweredMandatories: fake.values.get('size') ? [] : ['size'],
      // The labels the views show: an answer without them is refused as bad_response.
      ...Object.fromEntries(
        ['base', 'additional', 'total'].flatMap((kind) =>
          ['IncVAT', 'ExVAT'].map((vat) => [`${kind}Price${vat}Label`, '€ 0,00']),
        ),
      ),
      somethingNew: {ignored: true},
    }) as unknown as Configuration;

  fake.server = await startLocalServer(async (request) => {
    if (request.path === '/token') {
      const token = `token-${++tokenCount}`;
      fake.tokens.add(token);
      return {body: {access_token: token, expires_in: 3600}};
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!fake.tokens.has(bearer)) {
      return {status: 401, body: {code: 'token_invalid', message: 'Unknown token'}};
    }
    const {method, path} = request;
    if (method === 'PUT' && fake.gate) await fake.gate();
    const failure = fake.failures.shift();
    if (failure) return failure;
    if (method === 'GET' && path.startsWith('/api/3/configurator/new/')) {
      const model = decodeURIComponent(path.split('/').pop()!);
      if (model !== 'Fake' && model !== 'model-1')
        return {status: 404, body: {code: 'not_found', message: 'No model'}};
      lang = request.query.get('lang') ?? 'en';
      fake.values = new Map([['root', 1]]);
      fake.texts = new Map();
      return {body: configuration()};
    }
    if (method === 'GET' && path.startsWith('/configurator/3/configurator/open/')) {
      const code = path.split('/').pop();
      if (code !== 'ABCDEFGH') return {status: 404, body: {code: 'not_found', message: 'No'}};
      return {body: configuration()};
    }
    if (method === 'POST' && path === '/configurator/3/configurator/requestquote') {
      return {body: {quotationId: 'q-1', debtorId: 'd-1'}};
    }
    if (method === 'PUT' && path === '/api/3/configurator/session-1/changelanguage') {
      lang = request.body;
      return {body: configuration()};
    }
    if (method === 'PUT' && path === '/configurator/3/configurator/session-1/text') {
      const {featureModelNodeId, textValue} = JSON.parse(request.body);
      fake.texts.set(featureModelNodeId, textValue);
      return {body: configuration()};
    }
    if (method === 'PUT' && path === '/api/3/configurator/session-1') {
      const {featureModelNodeId: id, value, isSelection} = JSON.parse(request.body);
      if (id === 'missing') return {status: 404, body: {code: 'unknown_node', message: 'No node'}};
      const ignore = request.query.get('ignoreConflicts') === 'true';
      if (id === 'turbo' && value !== 0 && fake.values.get('eco')) {
        if (!ignore) {
          return {
            body: configuration([
              {
                featurePath: ['Mode', 'Eco'],
                feature: {id: 'eco', name: 'Eco'},
                alternativeOptions: [],
                type: 1,
                requestedValue: 0,
                actualValue: 1,
              },
            ]),
          };
        }
        fake.values.set('eco', 0);
      }
      fake.values.set(id, isSelection ? (value === 0 ? 0 : value) : value);
      return {body: configuration()};
    }
    return {status: 404, body: {code: 'not_found', message: `${method} ${path}`}};
  });
  fake.url = fake.server.url;
  return fake;
}
