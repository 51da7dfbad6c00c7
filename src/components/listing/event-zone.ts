/**
 * The zone an event's wall-clock times are read in: its own place's
 * (`time_zone`, from its coordinates), else the site's — the same rule for the
 * public page, its JSON-LD and calendar file, the dashboard's cards and the poster.
 */
import { brand } from '../../brand.ts';
import type { EventRecord } from '../../shared/contract/event.ts';

export function eventTimeZone(record: Partial<Pick<EventRecord, 'time_zone'>>): string {
  return record.time_zone ?? brand.timeZone;
}
