import assert from 'node:assert/strict';
import {test} from 'node:test';
import {Sessions} from '../../../service/configurator/sessions.js';
import {initialState, sampleModels} from '../../../service/engine/index.js';
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
