/**
 * Counts listing insights (contract §10) in memory and adds them to the
 * database every `flushMs` in one batched upsert (queries/listing-insights.ts),
 * so a thousand views a second cost a few statements a minute and the table
 * grows with listings × days, not with visits. Every process flushes its own
 * counts by addition, so two instances on one PostgreSQL add up.
 *
 * What is lost: `kill -9` (or a crash) loses the counts since the last flush,
 * at most `flushMs` (10 s) of them; a graceful stop flushes first
 * (server/index.ts). A failed flush keeps its counts for the next one.
 *
 * One caller cannot add much, and a flood costs only the flooded listing:
 * services/insights-visitors.ts keeps the day's memory of who counted, with
 * bounds per address (an IPv4 address or an IPv6 /64), per IPv6 /48, per
 * listing and in all. Callers are only ever held as salted hashes in memory;
 * the salt is random per process and replaced every day, and nothing about
 * the caller is stored. With N processes the bounds are N times those (each
 * process remembers its own).
 *
 * A counted view also counts for its sources (a tagged link, `qr`, `share`, a
 * referring site's host name), so a source is bounded exactly as views are;
 * at most `maxHostsPerListing` referring hosts a listing and day are told
 * apart, the rest count as `other`. `visitors` is the day's distinct visitors
 * of a listing (address, User-Agent and listing under the day's salt), as the
 * day's memory knows them: each flush adds those first seen since the last
 * one (with N processes, a visitor seen by two counts twice).
 */
import { brand } from '../../src/brand.ts';
import type { Db } from '../db/client.ts';
import {
  addInsightCounts,
  INSIGHT_COLUMNS,
  type InsightColumn,
  type InsightCounts,
} from '../db/queries/listing-insights.ts';
import { dailyVisitors, defaultVisitorLimits, type DailyVisitors, type VisitorLimits } from './insights-visitors.ts';
import type { Logger } from './logger.ts';

export const INSIGHTS_FLUSH_MS = 10_000;
/** Days of insights kept (housekeeping deletes older rows). */
export const INSIGHTS_RETENTION_DAYS = 400;
const BATCH_ROWS = 1_000;

export interface InsightsLimits extends VisitorLimits {
  flushMs: number;
  /** Listing-days waiting for the next flush. */
  maxPendingRows: number;
  /** Referring hosts one listing tells apart in a day; past it they count as `other`. */
  maxHostsPerListing: number;
}

export const defaultInsightsLimits: InsightsLimits = {
  ...defaultVisitorLimits,
  flushMs: INSIGHTS_FLUSH_MS,
  maxPendingRows: 100_000,
  maxHostsPerListing: 20,
};

/** The source key a referring site's host counts under. */
export const hostSource = (host: string) => `host:${host}`;
/** The source key a tagged link counts under. */
export const linkSource = (slug: string) => `link:${slug}`;

export interface InsightsCounter {
  /**
   * Counts one hit unless its address may add no more of it today (a view
   * counts per page load up to a bound, anything else once: insights-visitors.ts)
   * or a bound is reached, and then each of `sources` (source keys) once; true
   * when counted. `agent` (the User-Agent) tells visitors behind one address apart.
   */
  count(eventId: number, kind: InsightColumn, address: string, sources?: readonly string[], agent?: string): boolean;
  /** Writes what is pending; returns the rows written. */
  flush(): Promise<number>;
  /** Stops the timer and flushes what is left (graceful shutdown). */
  stop(): Promise<void>;
}

export interface InsightsCounterOptions {
  db: Db;
  now: () => number;
  logger?: Pick<Logger, 'warn' | 'error'>;
  limits?: Partial<InsightsLimits>;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone });

/** The day of `ms` where the listings happen (YYYY-MM-DD). */
export function insightsDay(ms: number): string {
  return dayFormat.format(new Date(ms));
}

export function insightsCounter({ db, now, logger, limits: overrides }: InsightsCounterOptions): InsightsCounter {
  const limits = { ...defaultInsightsLimits, ...overrides };
  let pending = new Map<string, InsightCounts>();
  let day = '';
  let warned = new Set<string>();
  /** Referring hosts told apart today, per listing. */
  let hosts = new Map<number, Set<string>>();
  let flushing: Promise<number> = Promise.resolve(0);

  /** One warning a day per bound, so a flood does not flood the log too. */
  function warnOnce(bound: string, fields: Record<string, unknown>) {
    if (warned.has(bound)) return;
    warned.add(bound);
    logger?.warn(fields, `Insights: ${bound} reached`);
  }

  const visitorsOfTheDay = () =>
    dailyVisitors(limits, (eventId, reason) =>
      warnOnce(reason === 'listing-bound' ? 'a listing bound' : 'the memory bound', {
        eventId,
        stoppedForTheDay: true,
      }),
    );
  let visitors: DailyVisitors = visitorsOfTheDay();

  function turnDay(today: string) {
    if (today === day) return;
    day = today;
    visitors = visitorsOfTheDay();
    warned = new Set();
    hosts = new Map();
  }

  /** A host past the listing's day bound counts as `other`. */
  function bounded(eventId: number, source: string): string {
    if (!source.startsWith('host:')) return source;
    let seen = hosts.get(eventId);
    if (!seen) hosts.set(eventId, (seen = new Set()));
    if (seen.has(source)) return source;
    if (seen.size >= limits.maxHostsPerListing) return 'other';
    seen.add(source);
    return source;
  }

  function count(
    eventId: number,
    kind: InsightColumn,
    address: string,
    sources: readonly string[] = [],
    agent = '',
  ): boolean {
    turnDay(insightsDay(now()));
    const key = `${eventId}\n${day}`;
    let row = pending.get(key);
    // Full until the next flush (at most flushMs): listings already waiting still count.
    if (!row && pending.size >= limits.maxPendingRows) {
      warnOnce('the pending bound', { pending: pending.size });
      return false;
    }
    const admitted = visitors.admit(eventId, kind, address, agent);
    if (!admitted) return false;
    if (!row) {
      row = {
        eventId,
        day,
        counts: Object.fromEntries(INSIGHT_COLUMNS.map((name) => [name, 0])) as Record<InsightColumn, number>,
        visitors: 0,
        sources: new Map(),
      };
      pending.set(key, row);
    }
    row.counts[kind] += 1;
    if (admitted === 'first') row.visitors += 1;
    for (const source of sources) {
      const name = bounded(eventId, source);
      row.sources.set(name, (row.sources.get(name) ?? 0) + 1);
    }
    return true;
  }

  async function write(): Promise<number> {
    if (!pending.size) return 0;
    const rows = [...pending.values()];
    pending = new Map();
    let written = 0;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      try {
        written += await addInsightCounts(db, batch);
      } catch (error) {
        // Kept for the next flush (added to what came in since), so a database away for a while loses nothing.
        for (const row of rows.slice(start)) merge(row);
        logger?.error(
          { err: { message: (error as Error).message }, rows: rows.length - start },
          'Insights flush failed',
        );
        break;
      }
    }
    return written;
  }

  function merge(row: InsightCounts) {
    const key = `${row.eventId}\n${row.day}`;
    const current = pending.get(key);
    if (!current) return void pending.set(key, row);
    for (const name of INSIGHT_COLUMNS) current.counts[name] += row.counts[name];
    current.visitors += row.visitors;
    for (const [source, views] of row.sources) current.sources.set(source, (current.sources.get(source) ?? 0) + views);
  }

  // One flush at a time: the timer's and a shutdown's never overlap.
  const flush = () => (flushing = flushing.then(write, write));

  const timer = setInterval(() => void flush(), limits.flushMs);
  timer.unref();

  return {
    count,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
