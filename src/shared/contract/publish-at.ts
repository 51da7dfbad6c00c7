/**
 * `publish_at` (contract §11): the moment a draft publishes itself, sent as
 * ISO 8601 with an offset ("2026-12-01T18:00:00+01:00" or "…Z") and stored as
 * an instant; reads give it back in UTC. A time already past is accepted — a
 * change queued offline may arrive after the moment it named — and publishes at
 * the next look; more than a year ahead is refused.
 */
import * as v from 'valibot';

export const PUBLISH_AT_MAX_AHEAD_DAYS = 366;
const MESSAGE = 'Give the publishing time as a date and time with its offset, e.g. 2026-12-01T18:00:00+01:00.';
const TOO_FAR = 'Choose a publishing time within the next year.';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A publishing time as sent: trimmed, with an offset, a real instant, at most a year ahead; out as UTC ISO. */
export const PublishAtInputSchema = v.pipe(
  v.string(MESSAGE),
  v.trim(),
  v.regex(ISO_WITH_OFFSET, MESSAGE),
  v.check((text) => !Number.isNaN(Date.parse(text)), MESSAGE),
  v.check((text) => Date.parse(text) - Date.now() <= PUBLISH_AT_MAX_AHEAD_DAYS * 86_400_000, TOO_FAR),
  v.transform((text) => new Date(Date.parse(text)).toISOString()),
);
