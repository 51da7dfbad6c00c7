import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';

describe('migrations', () => {
  it('apply once in order and are not applied twice', async () => {
    const db = await openDb({ databaseUrl: null, dataDir: null });
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect([...first].sort()).toEqual(first);
    expect(await migrate(db)).toEqual([]);
    await db.close();
  }, 60_000);
});
