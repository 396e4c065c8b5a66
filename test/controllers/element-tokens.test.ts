import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ElementTokens, type TokenSettings} from '../../src/controllers/element-tokens.js';
import type {FetchedToken} from '../../src/session/index.js';

const settings = (fetchToken: TokenSettings['fetchToken']) => ({
  tokenEndpoint: '',
  fetchToken,
  publishableKey: '',
  apiUrl: 'https://service.example/',
});

test('a replaced fetchToken serves the next token, not a renewal the old one has on its way', async () => {
  // The old function never answers: a request that shared its renewal would wait for ever.
  let oldCalls = 0;
  const stuck = () => {
    oldCalls++;
    return new Promise<FetchedToken>(() => {});
  };
  let newCalls = 0;
  const signedIn = async (): Promise<FetchedToken> => {
    newCalls++;
    return {accessToken: 'signed-in', expiresIn: 300};
  };
  let current = settings(stuck);
  const tokens = new ElementTokens(() => current);

  const before = tokens.source.get();
  before.catch(() => {});
  await Promise.resolve();
  assert.equal(oldCalls, 1);

  current = settings(signedIn);
  const token = await tokens.source.get();
  assert.equal(token, 'signed-in');
  assert.equal(newCalls, 1);
  assert.equal(oldCalls, 1);
});

test('the same fetchToken keeps its cached token', async () => {
  let calls = 0;
  const fetchToken = async (): Promise<FetchedToken> => ({
    accessToken: `t${++calls}`,
    expiresIn: 300,
  });
  const tokens = new ElementTokens(() => settings(fetchToken));
  assert.equal(await tokens.source.get(), 't1');
  assert.equal(await tokens.source.get(), 't1');
  assert.equal(calls, 1);
});
