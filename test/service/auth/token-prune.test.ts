import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {Tokens, type TokenRecord} from '../../../service/auth/index.js';
import {pruneBatchSize} from '../../../service/auth/tokens.js';
import {MemoryStore} from '../../../service/store/index.js';
import {countingStore, queryPlan} from '../../helpers/node/counting-store.js';

const principal = {clientId: 'demo-client', userId: 'user-1'};
const scopes = ['Service.Configurator'] as const;
const day = 24 * 60 * 60 * 1000;

describe('dropping dead tokens', () => {
  test('reads the oldest tokens by their expiry, never the whole collection', () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const memory = new MemoryStore();
    const {store, counted} = countingStore(memory, 'tokens');
    const tokens = new Tokens(store, () => clock);
    const dead = Array.from({length: 1500}, () =>
      tokens.issue(principal, scopes, 'client_credentials', 60_000),
    );
    const live = Array.from({length: 3000}, () =>
      tokens.issue(principal, scopes, 'client_credentials', 30 * day),
    );
    clock += 2 * day;

    // Ten batches go per prune; each reads one batch, so a backlog shrinks a thousand at a time.
    counted.read = 0;
    assert.equal(tokens.prune(), 10 * pruneBatchSize);
    assert.ok(counted.read <= 10 * pruneBatchSize, `read ${counted.read} records`);
    counted.read = 0;
    assert.equal(tokens.prune(), 500);
    assert.ok(counted.read <= 6 * pruneBatchSize, `read ${counted.read} records`);
    // With only live tokens left, a prune reads one batch and stops.
    counted.read = 0;
    assert.equal(tokens.prune(), 0);
    assert.ok(counted.read <= pruneBatchSize, `read ${counted.read} records`);

    const records = memory.collection<TokenRecord>('tokens');
    assert.equal(records.list().length, live.length);
    assert.deepEqual(tokens.check(dead[0]!), {ok: false, reason: 'invalid'});
    assert.equal(tokens.check(live.at(-1)!).ok, true);
  });

  test('issuing prunes as it goes, so dead tokens do not pile up', () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const store = new MemoryStore();
    const tokens = new Tokens(store, () => clock);
    for (let i = 0; i < 300; i++) tokens.issue(principal, scopes, 'client_credentials', 1000);
    clock += 2 * day;
    for (let i = 0; i < 100; i++) tokens.issue(principal, scopes, 'client_credentials', day);
    assert.equal(store.collection('tokens').list().length, 100);
  });

  test("the prune's query is answered from the expiry index, in its order", () => {
    const plan = queryPlan('tokens', {orderBy: 'expiresAt', limit: pruneBatchSize});
    assert.match(plan, /USING INDEX tokens_expiresAt/);
    // No sort of the whole table before the limit.
    assert.doesNotMatch(plan, /TEMP B-TREE/);
  });
});
