// The vendor's official headless client, `@elfsquad/configurator` (a client nobody here wrote),
// driven against the reference service over real HTTP. It calls exactly what its published
// source calls; where it differs from the seed the service accepts it as a documented alias
// (docs/api-compatibility.md). Its anonymous mode sends a tenant header instead of a token, so
// a test-only fetch wrapper adds the bearer token the reference service requires.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import type {
  ConfiguratorContext as ContextType,
  Configuration as ClientConfiguration,
} from '@elfsquad/configurator';
import type {
  CrmAccountRecord,
  QuotationLineRecord,
  QuotationRecord,
} from '../../../service/quotations/index.js';
import type {Configuration} from '../../../src/wire/index.js';
import {chair, chairNode, valueOf} from '../../helpers/node/configurator.js';
import {requestDemoToken} from '../../helpers/demo-token.js';
import {startService, type RunningService} from '../../helpers/node/service.js';

// The client's bundle reads the browser global `self` when it loads; in Node that is all of
// the DOM it needs (fetch, Request, EventTarget and CustomEvent are Node globals).
(globalThis as {self?: unknown}).self ??= globalThis;
const client = await import('@elfsquad/configurator');

/** What the reference service puts in a configuration, as the client hands it on. */
type Served = Configuration & {linkedConfigurationModels: unknown[]};
const served = (configuration: ClientConfiguration) => configuration as unknown as Served;

interface Sent {
  method: string;
  /** Path and query as the client wrote them (letter case kept). */
  target: string;
  status: number;
  /** Whether the client itself sent an Authorization header. */
  ownToken: boolean;
}

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tenantId = '5a4bd1c8-1c1e-4a55-9c6b-0c0de0c0ffee';

describe('the official client @elfsquad/configurator 2.1.0 against the reference service', () => {
  let service: RunningService;
  let token: string;
  const sent: Sent[] = [];
  const realFetch = globalThis.fetch;

  before(async () => {
    service = await startService();
    // The anonymous mode is a page visitor's: a shopper's token must carry the whole journey.
    token = (await requestDemoToken(service.url, 'Service.Configurator')).access_token;
    // The client calls the global `fetch` with a Request it built; only calls to this service
    // get the token, and every call is recorded with the status the service answered.
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const ownToken = request.headers.has('authorization');
      if (url.origin === service.url && !ownToken) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      const response = await realFetch(request);
      if (url.origin === service.url) {
        sent.push({
          method: request.method,
          target: request.url.slice(service.url.length),
          status: response.status,
          ownToken,
        });
      }
      return response;
    };
    context = anonymous();
    shopper = anonymous();
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await service.close();
  });

  const anonymous = (): ContextType =>
    new client.ConfiguratorContext({
      authenticationMethod: client.AuthenticationMethod.ANONYMOUS,
      tenantId,
      apiUrl: service.url,
    });
  /** The calls recorded while `run` ran. */
  const during = async (run: () => Promise<unknown>): Promise<Sent[]> => {
    const from = sent.length;
    await run();
    return sent.slice(from);
  };
  let context: ContextType;
  let started: ClientConfiguration;
  let startedCode: string;

  test('lists the configuration models in a language', async () => {
    let models: unknown;
    const calls = await during(async () => (models = await context.getConfigurationModels('nl')));
    assert.deepEqual(
      calls.map((c) => [c.method, c.target, c.status]),
      [['GET', '/configurator/1/configurator/configurationmodels?lang=nl', 200]],
    );
    // The seed's list, not the object the client's typings declare (see api-compatibility.md).
    assert.ok(Array.isArray(models));
    const office = (models as {featureModelId: string; name: string}[]).find(
      (m) => m.featureModelId === chair().id,
    );
    assert.equal(office?.name, 'Bureaustoel');
  });

  test('reads the model-independent settings', async () => {
    const settings = (await context.getSettings('fr')) as unknown as {
      selectedLanguageIso: string;
      defaultLanguageIso: string;
      currencyIso: string;
      languages: {iso: string; name: string}[];
    };
    assert.equal(sent.at(-1)?.target, '/configurator/1/configurator/settings?lang=fr');
    assert.equal(settings.selectedLanguageIso, 'fr');
    assert.equal(settings.defaultLanguageIso, 'en');
    assert.equal(settings.currencyIso, 'eur');
    assert.deepEqual(
      settings.languages.map((l) => l.iso),
      ['en', 'nl', 'de', 'fr'],
    );
    assert.equal(settings.languages.find((l) => l.iso === 'nl')?.name, 'néerlandais');
  });

  test('starts a session by model name without a language', async () => {
    const calls = await during(
      async () => (started = await context.newConfiguration('Office Chair')),
    );
    // The client writes a missing language as the text "null".
    assert.equal(
      calls[0]?.target,
      '/configurator/1/configurator/new/Office%20Chair?language=null&preview=false&includeSearchbarResults=false',
    );
    assert.equal(calls[0]?.status, 200);
    assert.match(started.id, guid);
    assert.equal(served(started).languageIso, 'en');
    startedCode = served(started).code;
    assert.match(startedCode, /^[A-Z]{8}$/);
    assert.deepEqual(started.linkedConfigurationModels, []);
  });

  test('updates a requirement', async () => {
    const before = served(started).totalPriceExVAT;
    await started.updateRequirement(chairNode('engraving'), true, 1);
    assert.equal(sent.at(-1)?.status, 200);
    assert.equal(valueOf(served(started), chairNode('engraving')), 1);
    assert.equal(served(started).totalPriceExVAT, before + 15);
    assert.deepEqual(
      served(started).unansweredMandatories.sort(),
      [chairNode('engraving-text'), chairNode('warranty')].sort(),
    );
  });

  test('sets a text value', async () => {
    await started.updateText(chairNode('engraving-text'), 'Ada');
    assert.equal(sent.at(-1)?.target, `/configurator/1/configurator/${started.id}/text`);
    assert.equal(sent.at(-1)?.status, 200);
    assert.equal(started.textValues[chairNode('engraving-text')], 'Ada');
    assert.deepEqual(served(started).unansweredMandatories, [chairNode('warranty')]);
  });

  test('changes the language with its own spelling of the path', async () => {
    await started.changeLanguage('nl');
    assert.deepEqual(sent.at(-1), {
      method: 'PUT',
      target: `/configurator/1/configurator/${started.id}/changeLanguage`,
      status: 200,
      ownToken: false,
    });
    assert.equal(served(started).languageIso, 'nl');
    assert.equal(served(started).featureModel.name, 'Bureaustoel');
    assert.equal(started.textValues[chairNode('engraving-text')], 'Ada');
  });

  test('reaches the linked-configuration cardinality operation', async () => {
    // No offered model links configurations: the service says so, and the client (which never
    // checks a status) copies the error onto the configuration. The call itself must route.
    await started.updateCardinality(chairNode('engraving'), 2);
    assert.deepEqual(sent.at(-1), {
      method: 'PUT',
      target: `/configurator/1/configurator/${started.id}/updatelinkedconfigurationcardinality`,
      status: 400,
      ownToken: false,
    });
    assert.equal((started as unknown as {code: string}).code, 'not_linked_configuration');
  });

  let copy: ClientConfiguration;
  let shopper: ContextType;

  test('opens a copy by session code', async () => {
    const code = startedCode;
    copy = await shopper.openConfiguration(code);
    assert.equal(
      sent.at(-1)?.target,
      `/configurator/1/configurator/open/${code}?includeSearchbarResults=false`,
    );
    assert.equal(sent.at(-1)?.status, 200);
    assert.notEqual(copy.id, started.id);
    assert.equal(valueOf(served(copy), chairNode('engraving')), 1);
    assert.equal(copy.textValues[chairNode('engraving-text')], 'Ada');
    assert.equal(served(copy).languageIso, 'nl');
  });

  test('requests a quote for the configuration it holds', async () => {
    await copy.updateRequirement(chairNode('warranty-5'), true, 1);
    assert.deepEqual(served(copy).unansweredMandatories, []);
    const quotationsBefore = service.store.collection<QuotationRecord>('quotations').list().length;
    await shopper.requestQuote({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      shipto_city: 'London',
      remarks: 'Engrave in serif, please',
    });
    assert.deepEqual(sent.at(-1), {
      method: 'POST',
      target: `/api/2/configurations/${copy.id}/requestQuote`,
      status: 200,
      ownToken: false,
    });
    const quotations = service.store.collection<QuotationRecord>('quotations').list();
    assert.equal(quotations.length, quotationsBefore + 1);
    const quotation = quotations.at(-1)!;
    assert.equal(quotation.status, 'requested');
    assert.equal(quotation.remarks, 'Engrave in serif, please');
    const lines = service.store
      .collection<QuotationLineRecord>('quotationlines')
      .list()
      .filter((line) => line.quotationId === quotation.id);
    assert.deepEqual(
      lines.map((line) => [line.configurationId, line.quantity, line.unitPriceExVAT]),
      [[copy.id, 1, served(copy).totalPriceExVAT]],
    );
    const account = service.store
      .collection<CrmAccountRecord>('crmaccounts')
      .get(quotation.debtorId!);
    assert.equal(account?.email, 'ada@example.com');
    // The client spells it shipto_city; field names are read in any letter case.
    assert.equal((account as Record<string, unknown> | undefined)?.shipto_City, 'London');
  });

  test('starts a session in another language', async () => {
    const german = await anonymous().newConfiguration('Office Chair', 'de');
    assert.equal(
      sent.at(-1)?.target,
      '/configurator/1/configurator/new/Office%20Chair?language=de&preview=false&includeSearchbarResults=false',
    );
    assert.equal(served(german).languageIso, 'de');
    assert.equal(served(german).featureModel.name, 'Bürostuhl');
    assert.deepEqual(german.linkedConfigurationModels, []);
  });

  test('a signed-in mode sends the token the host gives it, no wrapper needed', async () => {
    const signedIn = new client.ConfiguratorContext({
      authenticationMethod: client.AuthenticationMethod.USER_LOGIN,
      // Only getAccessToken is called in this mode; the host's own token source stands in.
      authenticationContext: {
        getAccessToken: () => Promise.resolve(token),
      } as unknown as ContextType['authenticationContext'],
      apiUrl: service.url,
    });
    const configuration = await signedIn.newConfiguration('Office Chair', 'fr');
    assert.equal(sent.at(-1)?.ownToken, true);
    assert.equal(sent.at(-1)?.status, 200);
    assert.equal(served(configuration).languageIso, 'fr');
  });

  test('every other call the client made was answered with success', () => {
    const refused = sent.filter(
      (call) =>
        call.status >= 400 && !call.target.endsWith('/updatelinkedconfigurationcardinality'),
    );
    assert.deepEqual(refused, []);
    assert.ok(sent.length >= 10, `only ${sent.length} calls recorded`);
  });
});
