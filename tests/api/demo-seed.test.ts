import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/services/demo-seed.ts';
import { call } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = async (email: string) =>
  (await call(t.app, 'POST', '/api/auth/login/', { json: { email, password: 'demo-password-1' } })).body
    .access as string;

describe('SEED_DEMO', () => {
  it('creates the three demo accounts of contract §5, once', async () => {
    expect(await seedDemo(t.db)).toHaveLength(3);
    expect(await seedDemo(t.db)).toEqual([]);

    const business = await login('business@example.com');
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: business })).body.user_type).toBe('business');
    const events = (await call(t.app, 'GET', '/api/events/user/', { token: business })).body as {
      is_recurring: boolean;
      event_type: string | null;
      keywords: string[];
      schedule_blocks: Record<string, unknown>;
    }[];
    const listings = events.filter((e) => e.is_recurring);
    expect(listings).toHaveLength(1);
    expect(listings[0]!.event_type).toEqual(expect.any(String));
    expect(listings[0]!.keywords.length).toBeGreaterThan(0);
    expect(Object.keys(listings[0]!.schedule_blocks).length).toBeGreaterThan(0);
    expect(events.filter((e) => !e.is_recurring)).toHaveLength(2);

    const promoter = await login('promoter@example.com');
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: promoter })).body.user_type).toBe('subpromoter');
    expect((await call(t.app, 'GET', '/api/events/user/', { token: promoter })).body).toHaveLength(1);

    const member = await login('member@example.com');
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: member })).body.user_type).toBe('user');
  });
});
