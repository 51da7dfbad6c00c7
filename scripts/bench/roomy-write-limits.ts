/**
 * Imported first into the benchmark's server processes (`--import`): raises
 * the per-account write limits so a run with few accounts (100 accounts
 * writing 300 times a second) measures writes, not 429s. The limit is still
 * checked on every write — the same statements run — only its ceiling moves.
 */
import { defaultWritePolicy } from '../../server/services/write-policy.ts';

const roomy = { max: 1_000_000_000, windowSeconds: 60 };
Object.assign(defaultWritePolicy, {
  writesPerMinute: roomy,
  writesPerDay: { ...roomy, windowSeconds: 24 * 60 * 60 },
  eventsPerAccount: 1_000_000,
});
