import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client.ts';
import { functionFiles, migrate, migrationFiles, pendingMigrations } from '../../server/db/migrate.ts';

const migrationsDir = join(import.meta.dirname, '../../server/db/migrations');

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

  it('declare a function that has a repeatable file at most once: its changes go to the file', async () => {
    // From migration 022 on, when server/db/functions began: earlier ones declared event_document() many times.
    const numbered = (await migrationFiles()).filter((name) => Number(name.slice(0, 3)) >= 22);
    for (const file of await functionFiles()) {
      const name = /CREATE OR REPLACE FUNCTION (\w+)\(/.exec(file.sql)?.[1];
      expect(name, file.name).toBeTruthy();
      const declaring = numbered.filter((migration) =>
        new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`, 'i').test(
          readFileSync(join(migrationsDir, migration), 'utf8'),
        ),
      );
      // A trigger's function is made once, by the migration that makes its trigger.
      expect(declaring.length, `${name}: ${declaring.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });

  it("run the followers' trigger function from its repeatable file: later writes fold into a waiting notice", async () => {
    const db = await openDb({ databaseUrl: null, dataDir: null });
    expect(await migrate(db)).toContain('functions/events_tell_followers.sql');
    const source = (
      await db.query<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'events_tell_followers'")
    ).rows;
    expect(source).toHaveLength(1);
    expect(source[0]!.src).toContain('DO UPDATE SET quiet_since = now()');
    await db.close();
  }, 60_000);
});
