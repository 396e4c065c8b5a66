import assert from 'node:assert/strict';
import {test} from 'node:test';
import {Sessions, cachedSessions} from '../../../service/configurator/sessions.js';
import {initialState} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {MemoryStore} from '../../../service/store/index.js';

const model = sampleModels()[0]!;

test('sessions kept in memory are forgotten when the store undoes the write that made them', () => {
  const store = new MemoryStore();
  const sessions = new Sessions(store, Date.now, (id) => (id === model.id ? model : undefined));
  const created = sessions.create(model.id, 'en', initialState(model));
  const changed = {...created, lang: 'nl'};
  assert.throws(() =>
    store.transaction(() => {
      sessions.save(changed);
      assert.equal(sessions.get(created.id)?.lang, 'nl', 'the request sees its own write');
      throw new Error('the request fails after saving');
    }),
  );
  assert.equal(sessions.get(created.id)?.lang, 'en', 'the undone write is not served from memory');
  assert.equal(sessions.get(created.id.toUpperCase())?.lang, 'en');
  const saved = sessions.save(changed);
  assert.equal(sessions.get(created.id), saved, 'a saved session is served as it was saved');
});

test('the sessions kept in memory are the most recently used, also when one is read again and again', () => {
  const sessions = new Sessions(new MemoryStore(), Date.now, (id) =>
    id === model.id ? model : undefined,
  );
  const state = initialState(model);
  const first = sessions.create(model.id, 'en', state);
  const second = sessions.create(model.id, 'en', state);
  // Read twice: the second read finds it last already and leaves the cache as it is.
  assert.equal(sessions.get(first.id), first);
  assert.equal(sessions.get(first.id), first);
  for (let i = 0; i < cachedSessions - 1; i++) sessions.create(model.id, 'en', state);
  // One more than the cache holds: the one used longest ago (the second) went, not the first.
  assert.equal(sessions.get(first.id), first, 'the session read last is still in memory');
  const reread = sessions.get(second.id);
  assert.notEqual(reread, second, 'the session unused longest is read from the store again');
  assert.deepEqual(reread, second);
});
