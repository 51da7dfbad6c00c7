/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for any IANA zone, from the runtime's own time
 * zone data (Intl): every offset change over the years a calendar file needs is
 * found by a weekly scan and pinned to the minute, and written as an observance
 * with its own DTSTART — no rule to get wrong, right for each listed change.
 * Events keep their zone's TZID, so a calendar shows 21:00 in Tokyo as 21:00
 * Tokyo time on both sides of any daylight-saving change.
 */
import { isKnownTimeZone, offsetMinutesAt } from '../../src/shared/calendar/wall-clock.ts';

/** The scan's step: no zone changes its offset twice within a week (Morocco's Ramadan pauses are a month). */
const STEP_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** `19700101T000000` for a wall-clock instant (ms as if UTC). */
function localStamp(wallMs: number): string {
  return new Date(wallMs).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

interface Change {
  at: number;
  from: number;
  to: number;
}

/** Offset changes of `zone` in [start, end), each found to the minute. */
function changesOf(zone: string, start: number, end: number): Change[] {
  const changes: Change[] = [];
  let before = offsetMinutesAt(start, zone);
  for (let day = start; day < end; day += STEP_MS) {
    const next = offsetMinutesAt(day + STEP_MS, zone);
    if (next === before) continue;
    let low = day;
    let high = day + STEP_MS;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(middle, zone) === before) low = middle;
      else high = middle;
    }
    changes.push({ at: high, from: before, to: next });
    before = next;
  }
  return changes;
}

const cache = new Map<string, readonly string[]>();

/**
 * The VTIMEZONE of `zone` covering `fromYear` to `toYear` (inclusive), or null
 * when the runtime does not know the zone. Observances: the offset in force at
 * the start, then one per change.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): readonly string[] | null {
  const key = `${zone}|${fromYear}|${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  if (!isKnownTimeZone(zone)) return null;
  const initial = offsetMinutesAt(start, zone);
  const changes = changesOf(zone, start, end);
  const lowest = Math.min(initial, ...changes.map((change) => change.to));
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', from: number, to: number, wallStart: number) => [
    `BEGIN:${kind}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `DTSTART:${localStamp(wallStart)}`,
    `END:${kind}`,
  ];
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(initial > lowest ? 'DAYLIGHT' : 'STANDARD', initial, initial, Date.UTC(1970, 0, 1)),
    // DTSTART is the local time just before the change, in the offset it changes from.
    ...changes.flatMap((change) =>
      observance(
        change.to > lowest ? 'DAYLIGHT' : 'STANDARD',
        change.from,
        change.to,
        change.at + change.from * MINUTE_MS,
      ),
    ),
    'END:VTIMEZONE',
  ];
  if (cache.size > 512) cache.clear();
  cache.set(key, lines);
  return lines;
}
