// @vitest-environment node
/**
 * The rendered-answer cache (services/rendered-cache.ts) serves a copy for
 * at most RENDERED_MAX_AGE_MS after the read that made it began; from 80 %
 * of that on it still serves the copy at once and reads its successor in the
 * background, so a busy address never makes a reader wait; readers of a
 * missing copy share one build; a failed build is not kept.
 */
import { expect, it } from 'vitest';
import { RENDERED_MAX_AGE_MS, renderedCache, type Rendered } from '../../server/services/rendered-cache.ts';

const answer = (body: string): Rendered => ({ status: 200, body, headers: {}, etag: `"${body}"`, trustedDate: null });

function setup() {
  let now = 0;
  let builds = 0;
  const cache = renderedCache({ name: `test-${Math.random()}`, now: () => now });
  const build = async () => answer(`v${++builds}`);
  return {
    cache,
    build,
    builds: () => builds,
    advance: (ms: number) => void (now += ms),
    body: async (key = 'k') => (await cache.get(key, build))?.body,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('serves one copy until 80 % of its time, then that copy at once while its successor is read', async () => {
  const t = setup();
  expect(await t.body()).toBe('v1');
  t.advance(RENDERED_MAX_AGE_MS * 0.8 - 1);
  expect(await t.body()).toBe('v1');
  expect(t.builds()).toBe(1);
  t.advance(1);
  expect(await t.body()).toBe('v1');
  await settle();
  expect(t.builds()).toBe(2);
  expect(await t.body()).toBe('v2');
  expect(t.cache.stats).toEqual({ hits: 3, misses: 1 });
});

it('never serves a copy RENDERED_MAX_AGE_MS old: a reader then waits for a new read', async () => {
  const t = setup();
  expect(await t.body()).toBe('v1');
  t.advance(RENDERED_MAX_AGE_MS);
  expect(await t.body()).toBe('v2');
});

it('lets readers of a missing copy share one build, and keeps no failed one', async () => {
  const t = setup();
  const [a, b] = await Promise.all([t.body('x'), t.body('x')]);
  expect([a, b, t.builds()]).toEqual(['v1', 'v1', 1]);
  let fail = true;
  const flaky = async () => {
    if (fail) throw new Error('database away');
    return answer('back');
  };
  await expect(t.cache.get('y', flaky)).rejects.toThrow('database away');
  fail = false;
  expect((await t.cache.get('y', flaky))?.body).toBe('back');
});
