import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client.ts';
import { migrate, pendingMigrations } from '../../server/db/migrate.ts';

describe('migrations', () => {
  it('apply once in order and are not applied twice', async () => {
    const db = await openDb({ databaseUrl: null, dataDir: null });
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect([...first].sort()).toEqual(first);
    expect(await migrate(db)).toEqual([]);
    await db.close();
  }, 60_000);

  it('apply a function file again when its text changed, and say so until then', async () => {
    const db = await openDb({ databaseUrl: null, dataDir: null });
    expect(await migrate(db)).toContain('functions/event_document.sql');
    expect(await pendingMigrations(db)).toEqual([]);
    // As a database looks to a new release whose event_document.sql differs from what it applied.
    await db.query("UPDATE schema_functions SET hash = 'an older text' WHERE name = 'event_document.sql'");
    expect(await pendingMigrations(db)).toEqual(['functions/event_document.sql']);
    expect(await migrate(db)).toEqual(['functions/event_document.sql']);
    expect(await pendingMigrations(db)).toEqual([]);
    await db.close();
  }, 60_000);
});
