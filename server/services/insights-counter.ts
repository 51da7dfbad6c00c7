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
 * One address cannot add much: per address bucket (an IPv4 address or an
 * IPv6 /64, http/client-ip.ts) each listing counts at most once per kind per
 * day, and one address counts at most `perAddressPerDay` hits a day in all.
 * The bucket is only ever held as a salted hash in memory; the salt is random
 * per process and replaced every day, and nothing about the caller is stored.
 * With N processes the bound is N times that (each process remembers its own).
 * The memory for this is bounded too (`maxRemembered`); when it is full, new
 * callers are not counted until the day turns, which is the safe side.
 */
import { createHash, randomBytes } from 'node:crypto';
import { brand } from '../../src/brand.ts';
import type { Db } from '../db/client.ts';
import {
  addInsightCounts,
  INSIGHT_COLUMNS,
  type InsightColumn,
  type InsightCounts,
} from '../db/queries/listing-insights.ts';
import type { Logger } from './logger.ts';

export const INSIGHTS_FLUSH_MS = 10_000;
/** Days of insights kept (housekeeping deletes older rows). */
export const INSIGHTS_RETENTION_DAYS = 400;
const BATCH_ROWS = 1_000;

export interface InsightsLimits {
  flushMs: number;
  /** Hits one address bucket may add in a day, over all listings and kinds. */
  perAddressPerDay: number;
  /** (address, listing, kind) triples and addresses remembered per day: the memory bound. */
  maxRemembered: number;
  /** Listing-days waiting for the next flush. */
  maxPendingRows: number;
}

export const defaultInsightsLimits: InsightsLimits = {
  flushMs: INSIGHTS_FLUSH_MS,
  perAddressPerDay: 300,
  maxRemembered: 1_000_000,
  maxPendingRows: 100_000,
};

export interface InsightsCounter {
  /** Counts one hit unless this address already counted it today (or its bounds are reached); true when counted. */
  count(eventId: number, kind: InsightColumn, address: string): boolean;
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
  let salt = randomBytes(16);
  // 48 bits of a salted SHA-256: collisions cost a lost count once in ~10⁸ at the memory bound.
  let seen = new Set<number>();
  let perAddress = new Map<number, number>();
  let warnedFull = false;
  let flushing: Promise<number> = Promise.resolve(0);

  const hashed = (text: string) => createHash('sha256').update(salt).update(text).digest().readUIntBE(0, 6);

  function turnDay(today: string) {
    if (today === day) return;
    day = today;
    salt = randomBytes(16);
    seen = new Set();
    perAddress = new Map();
    warnedFull = false;
  }

  function count(eventId: number, kind: InsightColumn, address: string): boolean {
    turnDay(insightsDay(now()));
    const who = hashed(address);
    const used = perAddress.get(who) ?? 0;
    if (used >= limits.perAddressPerDay) return false;
    const hit = hashed(`${address}\n${eventId}\n${kind}`);
    if (seen.has(hit)) return false;
    if (seen.size + perAddress.size >= limits.maxRemembered || pending.size >= limits.maxPendingRows) {
      if (!warnedFull)
        logger?.warn({ remembered: seen.size, pending: pending.size }, 'Insights: counting bound reached');
      warnedFull = true;
      return false;
    }
    seen.add(hit);
    perAddress.set(who, used + 1);
    const key = `${eventId}\n${day}`;
    let row = pending.get(key);
    if (!row) {
      row = {
        eventId,
        day,
        counts: Object.fromEntries(INSIGHT_COLUMNS.map((name) => [name, 0])) as Record<InsightColumn, number>,
      };
      pending.set(key, row);
    }
    row.counts[kind] += 1;
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
