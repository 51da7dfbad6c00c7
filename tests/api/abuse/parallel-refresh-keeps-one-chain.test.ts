/**
 * Findings 8 and 9. Twenty parallel refreshes of one token (two
 * tabs, a retry storm) must all succeed with the SAME successor — on
 * PostgreSQL they used to deadlock (40P01 → 500) and revoke the family. And a
 * token replayed inside the grace window must not grow a second chain: after
 * R0→R1 and R0→R2, R1 and R2 used to alternate forever (a thief and the owner
 * both kept a session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => call(t.app, 'POST', '/api/auth/refresh/', { json: { refresh: token } });
const profile = (token: string) => call(t.app, 'GET', '/api/auth/profile/', { token });

describe('refreshing one token in parallel', () => {
  it('20 parallel refreshes all succeed with one successor, and the session lives on', async () => {
    const account = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(account.refresh)));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(200));
    expect(new Set(answers.map((a) => a.body.refresh as string)).size).toBe(1);
    const onward = await refresh(answers[0]!.body.refresh);
    expect(onward.status).toBe(200);
    expect((await profile(onward.body.access)).status).toBe(200);
  });

  it('a token replayed within the grace window shares the chain instead of starting a second one', async () => {
    const account = await signUp(t.app);
    const r1 = await refresh(account.refresh);
    t.clock.advance(2_000);
    const r2 = await refresh(account.refresh);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    // Owner and replayer keep refreshing what they hold, back and forth, inside the window.
    let mine = r1.body.refresh as string;
    let theirs = r2.body.refresh as string;
    for (let round = 0; round < 3; round++) {
      t.clock.advance(1_000);
      const a = await refresh(mine);
      const b = await refresh(theirs);
      const live = [a, b].filter((answer) => answer.status === 200);
      // Never two different live tokens: one of them fails, or both got the same successor.
      expect(new Set(live.map((answer) => answer.body.refresh as string)).size).toBeLessThanOrEqual(1);
      if (live.length === 0) break;
      mine = a.status === 200 ? a.body.refresh : mine;
      theirs = b.status === 200 ? b.body.refresh : theirs;
    }
  });
});
