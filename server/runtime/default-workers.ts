/**
 * How many API processes an instance runs when WORKERS is not set, on
 * PostgreSQL (PGlite lives in the process, so it always has one): one per
 * core, at most four.
 *
 * Whether PostgreSQL runs on the same machine does not change it. It once did
 * (one core was left to a local database): when a request cost four or more
 * round trips, two API processes beside PostgreSQL on a 2-core host served no
 * more than one, at 1.3× the CPU per request. With a list in one statement and
 * an update in three, sent pipelined, two serve 8–17 % more requests a second
 * than one, at the same CPU per request within noise and a lower median
 * latency (docs/decisions/017-one-api-process-beside-a-local-database.md).
 * The cap bounds memory and database connections: past ~4 processes on one
 * box the database, not Node, is the limit — run more instances instead.
 */
const MAX_DEFAULT_WORKERS = 4;

export function defaultWorkers(cores: number): number {
  return Math.max(1, Math.min(cores, MAX_DEFAULT_WORKERS));
}
