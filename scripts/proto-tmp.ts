import { openDb } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
const url = process.argv[2]!;
const admin = await openDb({ databaseUrl: url, dataDir: null });
await admin.exec('DROP DATABASE IF EXISTS proto'); await admin.exec('CREATE DATABASE proto');
await admin.close();
const db = await openDb({ databaseUrl: url.replace(/\/[^/]*$/, '/proto'), dataDir: null });
console.log(await migrate(db));
await db.query(`INSERT INTO users (id, email, password_hash, full_name, user_type) VALUES (1, 'v@x.test', 'x', 'V', 'business'), (2, 'p@x.test', 'x', 'P', 'promoter')`);
await db.query(`INSERT INTO events (id, user_id, title, is_recurring, is_listing) VALUES (1000, 1, 'Blue Room', true, true)`);
await db.query(`INSERT INTO events (user_id, title, bio, location_name, latitude, longitude, start_date, start_time, end_date, end_time, event_type, event_subtype, keywords, venue_id)
  SELECT 2, 'Event ' || g, 'An evening of music and food by the river, edited at 1234567890.', 'London, England, GB', 51.5, -0.12, '2026-12-01', '19:00', '2026-12-01', '23:00', 'music', 'Jazz', '["jazz","river","late"]', CASE WHEN g % 5 = 0 THEN 1000 END FROM generate_series(1, 20) g`);
await db.close();
