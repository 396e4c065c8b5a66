// A session's state is all the service keeps of it: what the engine remembers beside a state to
// make the next update cheap (the list a requirement list came from, the nodes an update
// touched) must not keep the states and lists before it alive. It once did, through WeakMap
// values holding their base strongly: memory grew with every update of every session, and the
// collector's pauses with it.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {
  EngineError,
  applyRequirement,
  encodeState,
  initialState,
  renderConfigurationChanges,
  type SessionState,
} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

test('a state keeps none of the states and requirement lists before it alive', async () => {
  const model = sampleModels()[0]!;
  const next = random(3);
  const earlier: WeakRef<object>[] = [];
  let state: SessionState = initialState(model);
  let applied = 0;
  for (let n = 0; n < 200; n++) {
    const node = model.nodes[1 + Math.floor(next() * (model.nodes.length - 1))]!;
    if (node.isText) continue;
    const value = node.numeric ? node.min! : next() < 0.3 ? 0 : 1;
    try {
      const before = state;
      state = applyRequirement(
        model,
        state,
        {featureModelNodeId: node.id, value, isSelection: true},
        {ignoreConflicts: true},
      ).state;
      // What an update does with its state: the answer against the one before, the record.
      renderConfigurationChanges(model, before, state, {
        id: 'session',
        code: 'ABCDEFGH',
        lang: 'en',
        conflicts: null,
      });
      encodeState(model, state);
      applied++;
    } catch (error) {
      assert.ok(error instanceof EngineError, String(error));
      continue;
    }
    if (applied <= 20) earlier.push(new WeakRef(state), new WeakRef(state.requirements));
  }
  assert.ok(applied > 50, 'the journey applied requirements');
  await nextTask();
  collect();
  await nextTask();
  const alive = earlier.filter((ref) => ref.deref() !== undefined).length;
  assert.equal(alive, 0, `${alive} of ${earlier.length} earlier states and lists still alive`);
  assert.ok(state.requirements.length > 0, 'the latest state is still in use');
});
