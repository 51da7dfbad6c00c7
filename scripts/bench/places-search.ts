/**
 * Place search latency: loads the gazetteer table into a
 * fresh database, then times searches through the provider the API uses —
 * prefixes of real city names (3–8 letters, some with ", <country>") mixed
 * with the inputs that used to be costly ("s,qqqq", "san"). Prints p50, p99
 * and max per search, and the load time. Goal: p99 ≤ 20 ms.
 *
 *   npx tsx scripts/bench/places-search.ts                 # PGlite in a temp dir
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/places-search.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { readCities } from '../../server/services/places/cities-file.ts';
import { gazetteer } from '../../server/services/places/gazetteer.ts';
import { ensureGazetteerLoaded } from '../../server/services/places/gazetteer-load.ts';

const searches = Number(process.env.BENCH_SEARCHES ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? null;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'roamly-places-bench-'));

/** A fixed pseudo-random sequence, so runs compare. */
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

async function inputs(): Promise<string[]> {
  const cities: { name: string; country: string }[] = [];
  for await (const city of readCities()) cities.push({ name: city.name, country: city.country });
  const costly = ['s,qqqq', 'a,zzzz', 'san', 'san,qqqq', 'sai', 'la ', 'mar,zz', 'e'.repeat(100)];
  return Array.from({ length: searches }, (_, i) => {
    if (i % 10 === 0) return costly[(i / 10) % costly.length]!;
    const city = cities[Math.floor(random() * cities.length)]!;
    const prefix = city.name.slice(0, 3 + Math.floor(random() * 6));
    return random() < 0.2 ? `${prefix}, ${city.country.toLowerCase()}` : prefix;
  });
}

const db = await openDb({ databaseUrl, dataDir });
try {
  await migrate(db);
  let started = performance.now();
  const loaded = await ensureGazetteerLoaded(db);
  console.log(`${db.engine}: loaded ${loaded} places in ${Math.round(performance.now() - started)} ms`);
  const provider = gazetteer(db);
  const queries = await inputs();
  for (const input of queries.slice(0, 200)) await provider.autocomplete(input); // warm up
  const times: number[] = [];
  const costlyTimes: number[] = [];
  started = performance.now();
  for (const [i, input] of queries.entries()) {
    const start = performance.now();
    await provider.autocomplete(input);
    times.push(performance.now() - start);
    if (i % 10 === 0) costlyTimes.push(times.at(-1)!);
  }
  const total = performance.now() - started;
  const at = (list: number[], p: number) =>
    list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!.toFixed(2);
  console.log(
    `${db.engine}: ${searches} searches, ${Math.round((searches / total) * 1000)}/s, p50 ${at(times, 0.5)} ms, p99 ${at(times, 0.99)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
  );
  console.log(`  of which the once-costly inputs: p50 ${at(costlyTimes, 0.5)} ms, p99 ${at(costlyTimes, 0.99)} ms`);
  console.log(`goal p99 ≤ 20 ms: ${Number(at(times, 0.99)) <= 20 ? 'PASS' : 'FAIL'}`);
} finally {
  await db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
