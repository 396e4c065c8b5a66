// Run in a process of its own with a large first old generation, so that no full collection
// runs while it measures: prints, as JSON, how many bytes each kind of repeated work leaves in
// V8's old generation (what only a full collection finds dead). See
// test/service/old-generation.test.ts and docs/decisions/0078.
import {getHeapSpaceStatistics} from 'node:v8';
import {Scope, Tokens} from '../../../service/auth/index.js';
import {TokenScheme} from '../../../service/auth/tokens.js';
import {Configurator} from '../../../service/configurator/index.js';
import {sampleModels} from '../../../service/models/index.js';
import {seededRandom as random} from '../../../service/models/seeded-random.js';
import {MemoryStore} from '../../../service/store/index.js';

const oldSpace = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

/** Bytes per call that `work` leaves in the old generation, after a warm-up of as many calls. */
function perCall(calls: number, work: (call: number) => void): number {
  for (let call = 0; call < calls; call++) work(call);
  const before = oldSpace();
  for (let call = 0; call < calls; call++) work(call);
  return (oldSpace() - before) / calls;
}

const model = sampleModels()[0]!;
const configurator = new Configurator({store: new MemoryStore(), now: Date.now, models: [model]});
const sessions = Array.from(
  {length: 4},
  () => configurator.start(model.id, {lang: 'en', allowCode: false}).id,
);
const choices = model.nodes.filter((node) => node.parent >= 0 && !node.isText && !node.numeric);
const next = random(7);

const tokens = new Tokens(new MemoryStore(), Date.now);
const token = tokens.issue(
  {clientId: 'probe', userId: 'probe'},
  [Scope.configurator],
  TokenScheme.clientCredentials,
  3_600_000,
);

// A shop with one shopper: the cache of sessions holds one entry.
const alone = new Configurator({store: new MemoryStore(), now: Date.now, models: [model]});
const only = alone.start(model.id, {lang: 'en', allowCode: false}).id;

console.log(
  JSON.stringify({
    update: perCall(20_000, (call) => {
      const node = choices[Math.floor(next() * choices.length)]!;
      try {
        configurator.update(
          sessions[call % sessions.length]!,
          {featureModelNodeId: node.id, value: next() < 0.3 ? 0 : 1, isSelection: true},
          {ignoreConflicts: true, compress: 'changes'},
        );
      } catch {
        // A requirement the rules refuse: the next one is another.
      }
    }),
    tokenCheck: perCall(50_000, () => tokens.check(token)),
    sessionRead: perCall(50_000, () => alone.sessions.get(only)),
  }),
);
