import { openDb } from '../server/db/client.ts';
const db = await openDb({ databaseUrl: process.argv[2]!, dataDir: null });
const all = await db.query<{ marks: string; docs: string }>(`SELECT * FROM event_list_delta($1, $2, $3, $4)`, [2, '/media/', null, null]);
const marks = all.rows[0]!.marks.split(',');
const k = JSON.stringify(Object.fromEntries(marks.map((m) => [m.split('.')[0], m])));
const kOne = JSON.stringify(Object.fromEntries(marks.slice(1).map((m) => [m.split('.')[0], m])));
for (const [label, sql, params] of [
  ['old stale', 'SELECT rev, body FROM event_list_json($1, $2, $3)', [2, '/media/', 'x']],
  ['old fresh', 'SELECT rev, body FROM event_list_json($1, $2, $3)', [2, '/media/', '0']],
  ['old fresh', 'SELECT rev, body FROM event_list_json($1, $2, $3)', [2, '/media/', '0']],
  ['delta one', 'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [2, '/media/', 'x', kOne]],
  ['delta none', 'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [2, '/media/', 'x', k]],
  ['delta all', 'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [2, '/media/', 'x', null]],
  ['delta fresh', 'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [2, '/media/', '0', k]],
  ['delta all again', 'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [2, '/media/', 'x', null]],
] as const) {
  for (let i = 0; i < 200; i++) await db.query(sql, [...params]);
  const t0 = performance.now();
  for (let i = 0; i < 2000; i++) await db.query(sql, [...params]);
  console.log(label, ((performance.now() - t0) / 2).toFixed(1), 'µs/roundtrip');
}
await db.close();
