/**
 * The built-in gazetteer lives in
 * the database, not on each process's heap, and what one search costs is
 * bounded by the query's shape — inputs like "s,qqqq" used to rank 17,000
 * cities in JavaScript for nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/client.ts';
import { call } from '../support/api-client.ts';
import { freshDb, startTestApp, withGazetteer, type TestApp } from '../support/test-app.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The largest 3-character name prefix ("san") spans 4,991 cities. */
const MAX_ROWS_READ = 5_000;

let t: TestApp;
let owned: Awaited<ReturnType<typeof freshDb>>;
const searches: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  owned = await freshDb(withGazetteer);
  const recording: Db = {
    ...owned.db,
    query: (sql, params = []) => {
      if (/\bFROM places\b/.test(sql)) searches.push({ sql, params });
      return owned.db.query(sql, params);
    },
  };
  t = await startTestApp({ db: recording });
});
afterAll(async () => {
  await t.close();
  await owned.drop();
});

const autocomplete = (input: string) =>
  call(t.app, 'GET', `/api/media_feed/places-autocomplete/?input=${encodeURIComponent(input)}&platform=web`);

/** Rows the search read from the places table or its index, per EXPLAIN ANALYZE. */
async function rowsRead(sql: string, params: unknown[]): Promise<number> {
  const explained = await owned.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    params,
  );
  const raw = explained.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
  let most = 0;
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'places' || node['Index Name']?.startsWith('places')) {
      const read =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      most = Math.max(most, read * (node['Actual Loops'] ?? 1));
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return most;
}

describe('place search cost', () => {
  it('keeps the gazetteer off the heap: searching all over the world grows it by less than 25 MB', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const input of ['lond', 'paris, tex', 'zuri', 'tokyo', 'san', 'new y', 'mumb', 'lagos']) {
      expect((await autocomplete(input)).body.predictions.length).toBeGreaterThan(0);
    }
    expect((await call(t.app, 'GET', '/api/media_feed/place-details/?place_id=city:2643743')).status).toBe(200);
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    expect(grownMb).toBeLessThan(25);
  });

  it('reads at most one 3-letter prefix range per search, and only exact names for shorter name parts', async () => {
    const costly = ['s,qqqq', 'a,zzzz', 'sa,qqqq', 'san,qqqq', 'san', 'sai,zz', 'la ,zz', ' , , ,', 'e'.repeat(200)];
    for (const input of costly) {
      searches.length = 0;
      const res = await autocomplete(input);
      expect(res.status, input).toBe(200);
      for (const { sql, params } of searches) {
        expect(await rowsRead(sql, params), input).toBeLessThanOrEqual(MAX_ROWS_READ);
      }
    }
    // One-letter name parts match whole names only: nothing is named "t". (Not asked before: an
    // answer given recently comes from memory.)
    searches.length = 0;
    await autocomplete('t,qqqq');
    expect(searches).toHaveLength(1);
    expect(await rowsRead(searches[0]!.sql, searches[0]!.params)).toBeLessThanOrEqual(1);
  });

  it('answers control characters and overlong names without asking the database', async () => {
    for (const input of ['lon\u0000don', 'lon\u001bdon', 'x'.repeat(150) + ', gb']) {
      searches.length = 0;
      const res = await autocomplete(input);
      expect(res.status, JSON.stringify(input)).toBeLessThan(500);
      if (res.status === 200) expect(res.body.predictions).toEqual([]);
      expect(searches).toHaveLength(0);
    }
  });
});
