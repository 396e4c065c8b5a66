import assert from 'node:assert/strict';
import {test} from 'node:test';
import {applyRequirement, initialState, nodeIdByKey} from '../../../service/engine/index.js';
import type {CompiledModel} from '../../../service/engine/compiled-model.js';
import type {SessionState} from '../../../service/engine/session-state.js';
import {Solver} from '../../../service/engine/solver.js';
import {sampleModels} from '../../../service/models/index.js';

/** What the subtrees of `tops` add in `after` less in `before`, excl. VAT. */
function subtreeChange(model: CompiledModel, from: Solver, to: Solver, tops: number[]): number {
  const amount = (s: Solver, i: number) => {
    const node = model.nodes[i]!;
    if (!s.on[i] || node.price === 0) return 0;
    return node.numeric ? node.price * s.numberOf(i) : node.price;
  };
  let change = 0;
  for (let i = tops.pop(); i !== undefined; i = tops.pop()) {
    change += amount(to, i) - amount(from, i);
    tops.push(...model.nodes[i]!.children);
  }
  return change;
}

/** States a shopper reaches in one or two moves (each move accepted, whatever it meets). */
function reachable(model: CompiledModel): SessionState[] {
  const start = initialState(model);
  const one: SessionState[] = [start];
  const move = (state: SessionState, id: string, value: number) => {
    try {
      return applyRequirement(
        model,
        state,
        {featureModelNodeId: id, value, isSelection: true},
        {
          ignoreConflicts: true,
        },
      ).state;
    } catch {
      return null;
    }
  };
  for (const node of model.nodes) {
    for (const value of [0, 1]) {
      const next = move(start, node.id, value);
      if (next) one.push(next);
    }
  }
  // Two moves: the second undoes an earlier choice's wish, where conflicts arise.
  const two = one.flatMap((state) =>
    model.nodes.flatMap((node) => [move(state, node.id, 0)].filter((s) => s !== null)),
  );
  return [...one, ...two];
}

test('each change a conflict lists is priced once: the lines and the requested choice add up to the total’s change', () => {
  let conflicts = 0;
  for (const model of sampleModels()) {
    for (const state of reachable(model)) {
      for (const node of model.nodes) {
        const requirement = {featureModelNodeId: node.id, value: 1, isSelection: true};
        let asked;
        try {
          asked = applyRequirement(model, state, requirement, {ignoreConflicts: false});
        } catch {
          continue;
        }
        if (!asked.conflicts) continue;
        conflicts++;
        const accepted = applyRequirement(model, state, requirement, {ignoreConflicts: true});
        const from = new Solver(model, state);
        const to = new Solver(model, accepted.state);
        const total = subtreeChange(model, from, to, [0]);
        const lines = asked.conflicts.reduce((sum, c) => sum + c.priceEffectExVAT!, 0);
        // The requested choice's own share: its subtree and the alternatives it replaces,
        // unless a line is the requested node itself (a number clamped).
        const own = asked.conflicts.some((c) => c.feature?.id === node.id)
          ? subtreeChange(model, from, to, [...node.alternativeSiblings])
          : subtreeChange(model, from, to, [node.index, ...node.alternativeSiblings]);
        assert.equal(
          Math.round((lines + own) * 100),
          Math.round(total * 100),
          `${model.name}: ${node.name.en} (${asked.conflicts.map((c) => `${c.feature?.name} ${c.priceEffectExVAT}`).join(', ')})`,
        );
      }
    }
  }
  assert.ok(conflicts > 500, `${conflicts} conflicts checked`);
});

test('a line that brings the requested choice along prices only its own part', () => {
  const chair = sampleModels().find((model) => model.key === 'office-chair')!;
  const id = (key: string) => nodeIdByKey(chair, key);
  // The shopper unticked the armrests, then asks for soft pads (which sit below them).
  const unticked = applyRequirement(
    chair,
    initialState(chair),
    {featureModelNodeId: id('armrests'), value: 0, isSelection: true},
    {ignoreConflicts: false},
  ).state;
  const asked = applyRequirement(
    chair,
    unticked,
    {featureModelNodeId: id('arm-pads'), value: 1, isSelection: true},
    {ignoreConflicts: false},
  );
  assert.deepEqual(
    asked.conflicts?.map((c) => [c.feature?.id, c.priceEffectExVAT]),
    // The armrests' €40 (their default, fixed, costs nothing); the pads' €15 is the requested
    // choice's share, not the armrests' line's.
    [[id('armrests'), 40]],
  );
});
