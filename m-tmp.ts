import { openDb } from './server/db/client.ts';
import { migrate } from './server/db/migrate.ts';
import { gazetteer } from './server/services/places/gazetteer.ts';
import { readCities } from './server/services/places/cities-file.ts';
let longest = 0; for await (const c of readCities()) longest = Math.max(longest, c.name.length);
console.log('longest', longest);
const db = await openDb({ databaseUrl: process.env.DBURL ?? null, dataDir: null });
await migrate(db);
let t = performance.now();
const g = gazetteer(db);
await g.ready();
console.log('load ms', performance.now() - t);
for (const q of ['lond', 'ZURI', 'paris, tex', 'san', 's,qqqq', 'san,qqqq', 'sai', 'ea, fr', 'qqqqzzzz']) {
  const times = [];
  let r;
  for (let i = 0; i < 50; i++) { const s = performance.now(); r = await g.autocomplete(q); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(q, JSON.stringify(r.map(p => p.description)), 'p50', times[25].toFixed(2), 'max', times[49].toFixed(2));
}
console.log((await db.query("EXPLAIN ANALYZE SELECT id, description FROM places WHERE name_key >= 'san' AND name_key < 'san' || U&'\\+10FFFF' AND strpos(qualifier_key, 'qqqq') > 0 ORDER BY population DESC, id LIMIT 5")).rows);
console.log(await g.details('city:2643743'));
