/**
 * `publish_at` (contract §11): the moment a draft publishes itself, sent as
 * ISO 8601 with an offset ("2026-12-01T18:00:00+01:00" or "…Z") and stored as
 * an instant; reads give it back in UTC. Whether the moment is still ahead (and
 * at most a year ahead) is the server's to judge, by its own clock
 * (services/events/event-writes.ts).
 */
import * as v from 'valibot';

export const PUBLISH_AT_MAX_AHEAD_DAYS = 366;
export const PUBLISH_AT_TOO_FAR = 'Choose a publishing time within the next year.';
export const PUBLISH_AT_PAST =
  'Choose a publishing time that is still to come, or leave Publish at empty to publish now.';
const MESSAGE = 'Give the publishing time as a date and time with its offset, e.g. 2026-12-01T18:00:00+01:00.';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A publishing time as sent: trimmed, with an offset, a real instant; out as UTC ISO. */
export const PublishAtInputSchema = v.pipe(
  v.string(MESSAGE),
  v.trim(),
  v.regex(ISO_WITH_OFFSET, MESSAGE),
  v.check((text) => !Number.isNaN(Date.parse(text)), MESSAGE),
  v.transform((text) => new Date(Date.parse(text)).toISOString()),
);
