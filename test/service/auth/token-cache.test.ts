import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, test} from 'node:test';
import {Tokens, type TokenRecord} from '../../../service/auth/index.js';
import {maxCachedTokens} from '../../../service/auth/tokens.js';
import {MemoryStore, SqliteStore} from '../../../service/store/index.js';

// Checks answered from the cache of recently checked tokens (docs/decisions/0046) must say
// exactly what a read of the store would: every case checks a token once first, so the second
// check is the cached one.
const principal = {clientId: 'demo-client', userId: 'user-1'};
const scopes = ['Service.Configurator'] as const;

function setUp() {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const store = new MemoryStore();
  const tokens = new Tokens(store, () => clock);
  const records = store.collection<TokenRecord>('tokens');
  return {store, tokens, records, advance: (ms: number) => (clock += ms)};
}

describe('the cache of checked tokens', () => {
  test('a cached token still expires at its time, to the millisecond', () => {
    const {tokens, advance} = setUp();
    const token = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    assert.equal(tokens.check(token).ok, true);
    advance(59_999);
    assert.equal(tokens.check(token).ok, true);
    advance(1);
    assert.deepEqual(tokens.check(token), {ok: false, reason: 'expired'});
  });

  test('a token deleted from the store is refused at once', () => {
    const {tokens, records} = setUp();
    const token = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    const other = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    assert.equal(tokens.check(token).ok, true);
    assert.equal(tokens.check(other).ok, true);
    const [record] = records.list();
    records.delete(record!.id);
    assert.deepEqual(tokens.check(token), {ok: false, reason: 'invalid'});
    assert.equal(tokens.check(other).ok, true, 'the other token is still honoured');
  });

  test('a record replaced in the store is read again: a shortened lifetime or a narrower scope', () => {
    const {tokens, records} = setUp();
    const token = tokens.issue(
      principal,
      ['Service.Api', 'Service.Configurator'],
      'client_credentials',
      60_000,
    );
    const check = tokens.check(token);
    assert.equal(check.ok && check.principal.scopes.length, 2);
    const [record] = records.list();
    records.put({...record!, scope: 'Service.Configurator'});
    const narrowed = tokens.check(token);
    assert.deepEqual(narrowed.ok && narrowed.principal.scopes, ['Service.Configurator']);
    records.put({...record!, expiresAt: record!.issuedAt});
    assert.deepEqual(tokens.check(token), {ok: false, reason: 'expired'});
  });

  test('a cached token is checked without a read, also after new tokens were issued', () => {
    const {tokens, records} = setUp();
    const token = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    const get = records.get.bind(records);
    let reads = 0;
    records.get = (id) => (reads++, get(id));
    assert.equal(tokens.check(token).ok, true);
    assert.equal(reads, 1);
    for (let i = 0; i < 5; i++) tokens.issue(principal, scopes, 'client_credentials', 60_000);
    assert.equal(tokens.check(token).ok, true);
    assert.equal(tokens.check(token).ok, true);
    assert.equal(reads, 1, 'issuing other tokens changes no cached one');
  });

  test('the tokens kept are the most recently checked, also when one is checked again and again', () => {
    const {tokens, records} = setUp();
    const first = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    const second = tokens.issue(principal, scopes, 'client_credentials', 60_000);
    const others = Array.from({length: maxCachedTokens - 1}, () =>
      tokens.issue(principal, scopes, 'client_credentials', 60_000),
    );
    tokens.check(first);
    tokens.check(second);
    // Checked twice: the second check finds it last already and leaves the cache as it is.
    tokens.check(first);
    tokens.check(first);
    // One more than the cache holds: the token checked longest ago (the second) goes.
    for (const other of others) tokens.check(other);
    const get = records.get.bind(records);
    let reads = 0;
    records.get = (id) => (reads++, get(id));
    assert.equal(tokens.check(first).ok, true);
    assert.equal(reads, 0, 'the token checked last before the others is still cached');
    assert.equal(tokens.check(second).ok, true);
    assert.equal(reads, 1, 'the token checked longest ago is read from the store again');
  });

  test('a token another instance on the same store revokes is refused by this one', () => {
    const {store, tokens, records} = setUp();
    const elsewhere = new Tokens(store, Date.now);
    const token = elsewhere.issue(principal, scopes, 'client_credentials', 60_000);
    assert.equal(tokens.check(token).ok, true);
    records.delete(records.list()[0]!.id);
    assert.deepEqual(tokens.check(token), {ok: false, reason: 'invalid'});
  });

  test('an issue undone with its transaction leaves no cached token behind', () => {
    const {store, tokens} = setUp();
    let token = '';
    assert.throws(() =>
      store.transaction(() => {
        token = tokens.issue(principal, scopes, 'client_credentials', 60_000);
        assert.equal(tokens.check(token).ok, true);
        throw new Error('undo');
      }),
    );
    assert.deepEqual(tokens.check(token), {ok: false, reason: 'invalid'});
  });

  test('pruned tokens are refused and a restart reads the store again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'token-cache-'));
    try {
      let clock = Date.parse('2026-01-01T00:00:00Z');
      const store = new SqliteStore(join(dir, 'service.sqlite'));
      const tokens = new Tokens(store, () => clock);
      const old = tokens.issue(principal, scopes, 'client_credentials', 1000);
      const kept = tokens.issue(principal, scopes, 'client_credentials', 3 * 24 * 3600_000);
      assert.equal(tokens.check(old).ok, true);
      clock += 2 * 24 * 3600_000;
      tokens.prune();
      assert.deepEqual(tokens.check(old), {ok: false, reason: 'invalid'});
      assert.equal(tokens.check(kept).ok, true);
      await store.close();
      const reopened = new SqliteStore(join(dir, 'service.sqlite'));
      assert.equal(new Tokens(reopened, () => clock).check(kept).ok, true);
      await reopened.close();
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
