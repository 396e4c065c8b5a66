import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {caseInsensitivePaths, type RoutePattern} from '../../../service/http/index.js';

const routes: RoutePattern[] = [
  {method: 'ALL', path: '/*'},
  {method: 'GET', path: '/api/3/configurator/new/:identifier'},
  {method: 'PUT', path: '/configurator/:version/configurator/changelanguage'},
  {method: 'PUT', path: '/configurator/:version/configurator/:id/changelanguage'},
  {method: 'PUT', path: '/configurator/:version/configurator/:id'},
  {method: 'POST', path: '/api/2/quotations/:id/:operation{submit|accept|verify}'},
  {method: 'DELETE', path: '/api/2/webhooks/:identifier'},
  {method: 'GET', path: '/api/2/UserCreationRequests'},
];
const route = caseInsensitivePaths(() => routes);
const path = (method: string, target: string) =>
  route(new Request(`http://service.test${target}`, {method}));

describe('caseInsensitivePaths', () => {
  test('gives fixed segments the route spelling and leaves parameters as sent', () => {
    assert.equal(
      path('GET', '/API/3/Configurator/NEW/Office%20Chair?lang=nl'),
      '/api/3/configurator/new/Office Chair',
    );
    assert.equal(
      path('PUT', '/configurator/1/configurator/ABC-Def/changeLanguage'),
      '/configurator/1/configurator/ABC-Def/changelanguage',
    );
    assert.equal(path('GET', '/API/2/usercreationrequests'), '/api/2/UserCreationRequests');
  });

  test('takes the first route in registration order for the method', () => {
    // A fixed word registered before `:id` wins, as it does in the router itself.
    assert.equal(
      path('PUT', '/Configurator/1/Configurator/ChangeLanguage'),
      '/configurator/1/configurator/changelanguage',
    );
    // Only routes of the request's method count: DELETE has no `changelanguage` route.
    assert.equal(
      path('DELETE', '/Configurator/1/Configurator/ChangeLanguage'),
      '/Configurator/1/Configurator/ChangeLanguage',
    );
    assert.equal(path('HEAD', '/API/3/configurator/new/X'), '/api/3/configurator/new/X');
  });

  test('a parameter limited to fixed words matches them in any case', () => {
    assert.equal(path('POST', '/api/2/Quotations/Q1/Submit'), '/api/2/quotations/Q1/submit');
    assert.equal(path('POST', '/api/2/Quotations/Q1/Delete'), '/api/2/Quotations/Q1/Delete');
  });

  test('leaves paths without capitals, and paths no route fits, untouched', () => {
    assert.equal(path('DELETE', '/api/2/webhooks/New'), '/api/2/webhooks/New');
    assert.equal(path('DELETE', '/API/2/WEBHOOKS/New'), '/api/2/webhooks/New');
    assert.equal(path('GET', '/Nowhere/At/All'), '/Nowhere/At/All');
    assert.equal(path('GET', '/health'), '/health');
  });

  test('sees routes registered after it was made', () => {
    const later: RoutePattern[] = [];
    const late = caseInsensitivePaths(() => later);
    const request = () => late(new Request('http://service.test/Late/Route'));
    assert.equal(request(), '/Late/Route');
    later.push({method: 'GET', path: '/late/route'});
    assert.equal(request(), '/late/route');
  });
});
