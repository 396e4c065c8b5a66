// `pictureKey` in every answer and as the picture's ETag: equal keys draw the same picture, so
// a client asks for it again only when a change shows in it (docs/decisions/0112).
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {
  initialState,
  nodeIdByKey,
  pictureKey,
  type CompiledModel,
} from '../../../service/engine/index.js';
import {sampleModels} from '../../../service/models/index.js';
import type {Configuration, Requirement} from '../../../src/wire/index.js';
import {json, startService, type RunningService} from '../../helpers/node/service.js';

const chair = () => sampleModels().find((m) => m.key === 'office-chair')!;
const choose = (m: CompiledModel, key: string): Requirement => ({
  featureModelNodeId: nodeIdByKey(m, key),
  value: 1,
  isSelection: true,
});

describe('the picture’s key', () => {
  let service: RunningService;
  before(async () => (service = await startService({models: sampleModels()})));
  after(() => service.close());

  const start = async () =>
    json<Configuration>(await service.call('/api/3/configurator/new/Office%20Chair'));
  const put = async (id: string, requirement: Requirement, query = '') =>
    json<Configuration>(
      await service.call(`/api/3/configurator/${id}${query}`, {method: 'PUT', json: requirement}),
    );
  const picture = (id: string, init: RequestInit = {}, query = 'size=320') =>
    service.call(`/configurator/3/configurator/${id}/image?${query}`, init);

  test('stays for a change the picture does not show and follows one it does, in every answer', async () => {
    const m = chair();
    for (const query of ['', '?compress=true']) {
      const first = await start();
      assert.match(first.pictureKey ?? '', /^[\w-]{22}$/);
      // The warranty is not drawn; the frame's colour is.
      const warranty = await put(first.id, choose(m, 'warranty-5'), query);
      assert.equal(warranty.pictureKey, first.pictureKey, `warranty ${query}`);
      const white = await put(first.id, choose(m, 'frame-white'), query);
      assert.notEqual(white.pictureKey, first.pictureKey, `white ${query}`);
      // Back to black: another state than the start's (the warranty stays), the same picture.
      const black = await put(first.id, choose(m, 'frame-black'), query);
      assert.equal(black.pictureKey, first.pictureKey, `black ${query}`);
      // A language change answers the key too.
      const dutch = await json<Configuration>(
        await service.call(`/api/3/configurator/${first.id}/changelanguage`, {
          method: 'PUT',
          json: 'nl',
        }),
      );
      // Drawn alike in every language.
      assert.equal(dutch.pictureKey, black.pictureKey);
    }
  });

  test('equal keys, byte-equal pictures; different keys, different pictures', async () => {
    const m = chair();
    const first = await start();
    const seen = new Map<string, string>();
    const look = async (answer: Configuration) => {
      const svg = await (await picture(answer.id)).text();
      const earlier = seen.get(answer.pictureKey!);
      if (earlier !== undefined) assert.equal(svg, earlier, 'same key, same picture');
      for (const [key, other] of seen) if (key !== answer.pictureKey) assert.notEqual(svg, other);
      seen.set(answer.pictureKey!, svg);
    };
    await look(first);
    for (const key of [
      'warranty-10',
      'frame-white',
      'base-aluminium',
      'castors-soft',
      'frame-black',
      'base-nylon',
      'back-high',
      'lumbar',
    ]) {
      await look(await put(first.id, choose(m, key)));
    }
    // Five pictures among the nine answers: the warranty, castors and lumbar support are not
    // drawn, and black on nylon is the start's drawing again.
    assert.equal(seen.size, 5);
  });

  test('is the picture’s ETag, and a cache that holds it gets 304 without a body', async () => {
    const m = chair();
    const first = await start();
    const response = await picture(first.id);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('etag'), `"${first.pictureKey}"`);
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    await response.arrayBuffer();

    await put(first.id, choose(m, 'warranty-5'));
    const same = await picture(first.id, {headers: {'If-None-Match': `"${first.pictureKey}"`}});
    assert.equal(same.status, 304);
    assert.equal(await same.text(), '');
    assert.equal(same.headers.get('etag'), `"${first.pictureKey}"`);
    // Weak and listed tags match too; the picture is the same at every size.
    const listed = await picture(
      first.id,
      {headers: {'If-None-Match': `"other", W/"${first.pictureKey}"`}},
      'size=640&background=false',
    );
    assert.equal(listed.status, 304);

    // A page on another origin may read the tag and send it.
    const cross = await picture(first.id, {headers: {Origin: 'https://shop.example'}});
    assert.match(cross.headers.get('access-control-expose-headers') ?? '', /(^|,)ETag(,|$)/);
    await cross.arrayBuffer();
    const preflight = await service.call(`/configurator/3/configurator/${first.id}/image`, {
      method: 'OPTIONS',
      token: null,
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,if-none-match',
      },
    });
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /If-None-Match/);

    await put(first.id, choose(m, 'frame-white'));
    const changed = await picture(first.id, {headers: {'If-None-Match': `"${first.pictureKey}"`}});
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), `"${first.pictureKey}"`);
    assert.match(await changed.text(), /^<svg /);
  });

  test('a step’s picture has a key of its own', async () => {
    // The chair draws every step alike; this one marks the step it is drawn for.
    const m = chair();
    const marked: CompiledModel = {
      ...m,
      picture: (view) => m.picture!(view) + (view.stepKey ? `<desc>${view.stepKey}</desc>` : ''),
    };
    const seat = m.steps.find((s) => s.key === 'seat')!.id;
    const state = initialState(m);
    assert.equal(pictureKey(m, state, seat), pictureKey(m, state));
    assert.notEqual(pictureKey(marked, state, seat), pictureKey(marked, state));

    const own = await startService({models: [marked]});
    try {
      const first = await json<Configuration>(
        await own.call('/api/3/configurator/new/Office%20Chair'),
      );
      const path = `/configurator/3/configurator/${first.id}/image?size=320`;
      const whole = await own.call(path);
      const ofStep = await own.call(`${path}&stepId=${seat}`);
      assert.equal(whole.headers.get('etag'), `"${first.pictureKey}"`);
      assert.equal(ofStep.headers.get('etag'), `"${pictureKey(marked, state, seat)}"`);
      assert.match(await ofStep.text(), /<desc>seat<\/desc>/);
      await whole.arrayBuffer();
      // The whole picture's tag does not validate the step's.
      const again = await own.call(`${path}&stepId=${seat}`, {
        headers: {'If-None-Match': `"${first.pictureKey}"`},
      });
      assert.equal(again.status, 200);
      await again.arrayBuffer();
    } finally {
      await own.close();
    }
  });
});
