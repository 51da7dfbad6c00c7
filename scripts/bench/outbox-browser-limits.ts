/**
 * Preloaded (`node --import`) into the server process of the browser outbox
 * benchmark only (outbox-browser.ts): 10,000 edits to 500 records of one
 * account are beyond its write limits by design (500 events is the cap, 60
 * writes a minute, 1,000 a day). The benchmark measures the client, so the
 * limits are lifted before the app is built; nothing else changes.
 */
import { defaultWritePolicy } from '../../server/services/write-policy.ts';

const unlimited = { max: 1_000_000, windowSeconds: 60 };
Object.assign(defaultWritePolicy, {
  writesPerMinute: unlimited,
  writesPerDay: unlimited,
  eventsPerAccount: 1_000_000,
});
