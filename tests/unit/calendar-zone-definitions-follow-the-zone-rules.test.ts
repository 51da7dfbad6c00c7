/**
 * A calendar file's VTIMEZONE for any zone (server/pages/vtimezone.ts) lists
 * each offset change of the years it covers at the local minute it happens,
 * as the IANA rules say: New York and Sydney (opposite seasons), Tokyo (none),
 * and nothing for a zone the runtime does not know.
 */
import { expect, it } from 'vitest';
import { vtimezone } from '../../server/pages/vtimezone.ts';

const text = (lines: readonly string[] | null) => (lines ?? []).join('\n');

it('New York: forward on the second Sunday of March, back on the first of November, at 02:00', () => {
  const zone = text(vtimezone('America/New_York', 2026, 2027));
  expect(zone).toContain('TZID:America/New_York');
  expect(zone).toContain('BEGIN:DAYLIGHT\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nDTSTART:20260308T020000');
  expect(zone).toContain('BEGIN:STANDARD\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nDTSTART:20261101T020000');
  expect(zone).toContain('DTSTART:20270314T020000');
  expect(zone.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toHaveLength(5); // the offset at the start, then four changes
});

it('Sydney: summer time from the first Sunday of October, ending the first Sunday of April at 03:00', () => {
  const zone = text(vtimezone('Australia/Sydney', 2026, 2026));
  expect(zone).toContain('TZOFFSETFROM:+1100\nTZOFFSETTO:+1000\nDTSTART:20260405T030000');
  expect(zone).toContain('BEGIN:DAYLIGHT\nTZOFFSETFROM:+1000\nTZOFFSETTO:+1100\nDTSTART:20261004T020000');
});

it('Tokyo: one standard offset and no change; an unknown zone has no definition', () => {
  const zone = text(vtimezone('Asia/Tokyo', 2026, 2030));
  expect(zone.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toEqual(['BEGIN:STANDARD']);
  expect(zone).toContain('TZOFFSETTO:+0900');
  expect(vtimezone('Mars/Olympus_Mons', 2026, 2027)).toBeNull();
});
