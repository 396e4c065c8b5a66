// Run in a process of its own with a large first old generation, so that no full collection
// runs while it measures: prints, as JSON, how many bytes a compressed update leaves in V8's
// old generation (what only a full collection finds dead). See
// test/service/old-generation.test.ts and docs/decisions/0078.
import {getHeapSpaceStatistics} from 'node:v8';
import {Configurator} from '../../../service/configurator/index.js';
import {sampleModels} from '../../../service/engine/index.js';
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
  }),
);
