/**
 * The event record (an event, or the business listing when `is_recurring`),
 * as the API returns it (product §3, contract §8), and the multipart fields
 * create and update accept. Every write carries text; these schemas turn it
 * into typed values, and `encodeEventFields` does the reverse for clients.
 */
import * as v from 'valibot';
import { CategorySchema, findCategory } from './categories.ts';
import { CurrencyInputSchema, DEFAULT_CURRENCY } from './currencies.ts';
import { EventDateSchema } from './event-dates.ts';
import {
  DateSchema,
  emptyAsNull,
  FormBooleanSchema,
  formNumberOrNull,
  roundCoordinate,
  TimeInputSchema,
  TimeSchema,
} from './formats.ts';
import { KeywordsSchema } from './keywords.ts';
import { PublishAtInputSchema } from './publish-at.ts';
import { ScheduleBlocksInputSchema, ScheduleBlocksSchema } from './schedule.ts';
import { multiLine, singleLine } from './text.ts';
import { VenueIdInputSchema, VenueStatusSchema } from './venue-approval.ts';

/** Longest title accepted. */
export const MAX_TITLE_LENGTH = 200;
/** Largest cover or profile image accepted, in bytes (contract §3). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Image types the server accepts (checked by content). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Longest street address ("Unit 4, 133 Rye Lane"). */
export const MAX_STREET_ADDRESS_LENGTH = 200;
/** Longest postcode (the world's longest are 10 characters; room for spaces). */
export const MAX_POSTAL_CODE_LENGTH = 20;
/** Longest town or city name. */
export const MAX_LOCALITY_LENGTH = 120;

/** A country as two letters (ISO 3166-1 alpha-2), stored upper case. */
const CountryCodeSchema = v.pipe(
  v.string('The country is a two-letter code such as GB.'),
  v.trim(),
  v.regex(/^[A-Za-z]{2}$/, 'The country is a two-letter code such as GB.'),
  v.toUpperCase(),
);

/** Longest ticket link accepted (contract §10). */
export const MAX_TICKET_URL_LENGTH = 500;

/**
 * `status` values: a draft is visible only to its owner; published is public; a
 * published event that is then cancelled or postponed stays public, saying so,
 * with its `status_note` (contract §11) — shared links, posters and calendar
 * entries keep working and tell the truth.
 */
export const eventStatuses = ['published', 'draft', 'cancelled', 'postponed'] as const;
/** Where an event is in its life. */
export type EventStatus = (typeof eventStatuses)[number];
const STATUS_MESSAGE = 'Status is "published", "draft", "cancelled" or "postponed".';
/** An event status. */
export const EventStatusSchema = v.picklist(eventStatuses, STATUS_MESSAGE);
/** Statuses only a published event can move to (a draft was never shared: delete it instead). */
export const afterPublishingStatuses: readonly EventStatus[] = ['cancelled', 'postponed'];
/** Whether an event with this status is shown to everyone. */
export const isPublicStatus = (status: EventStatus): boolean => status !== 'draft';
/** Longest `status_note`: why, and what happens next. */
export const MAX_STATUS_NOTE_LENGTH = 280;
/** Most dates a weekly series may skip (a year of one night a week). */
export const MAX_SKIPPED_DATES = 60;

/** An event or business listing as returned by the API. */
export const EventSchema = v.object({
  id: v.number(),
  /** Bumped on every update; send it back as `If-Match`. */
  version: v.number(),
  title: v.string(),
  bio: v.string(),
  location_name: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  /** The street and number ("133 Rye Lane"), '' when none was given: never the district. */
  street_address: v.optional(v.string(), ''),
  /** The postcode ("SE15 4ST"), '' when none. */
  postal_code: v.optional(v.string(), ''),
  /** The town or city of the place (schema.org addressLocality), '' when unknown. */
  locality: v.optional(v.string(), ''),
  /** ISO 3166-1 alpha-2 country of the place ("GB"), '' when unknown. */
  country_code: v.optional(v.string(), ''),
  start_date: v.nullable(DateSchema),
  start_time: v.nullable(TimeSchema),
  end_date: v.nullable(DateSchema),
  end_time: v.nullable(TimeSchema),
  is_recurring: v.boolean(),
  is_sponsored: v.boolean(),
  event_type: v.nullable(CategorySchema),
  event_subtype: v.nullable(v.string()),
  keywords: v.array(v.string()),
  cover_image: v.nullable(v.string()),
  schedule_blocks: ScheduleBlocksSchema,
  monday: v.boolean(),
  tuesday: v.boolean(),
  wednesday: v.boolean(),
  thursday: v.boolean(),
  friday: v.boolean(),
  saturday: v.boolean(),
  sunday: v.boolean(),
  recurring_start_time: v.nullable(TimeSchema),
  recurring_end_time: v.nullable(TimeSchema),
  // Fields added after the first release default when absent, so records an
  // older server returned (or a device cached) still parse.
  /** An `https://` link where tickets are sold, or null. */
  ticket_url: v.optional(v.nullable(v.string()), null),
  /** Decimal text as entered ("12.50"); "0" is free; null is not shown. */
  price: v.optional(v.nullable(v.string()), null),
  /** ISO 4217 code of `price`. */
  currency: v.optional(v.string(), DEFAULT_CURRENCY),
  status: v.optional(EventStatusSchema, 'published'),
  /** Why it was cancelled or postponed, and what happens next ('' when nothing is said). */
  status_note: v.optional(v.string(), ''),
  /** No tickets left: shown as "Sold out" (JSON-LD availability SoldOut). */
  sold_out: v.optional(v.boolean(), false),
  /** A draft that publishes itself at this instant (UTC ISO 8601), else null. */
  publish_at: v.optional(v.nullable(v.string()), null),
  /** A weekly series' own dates that do not happen (YYYY-MM-DD, sorted). */
  skipped_dates: v.optional(v.array(v.string()), []),
  /** A published event whose start date moved: the first date it was published with (YYYY-MM-DD), else null. */
  previous_start_date: v.optional(v.nullable(DateSchema), null),
  /** The IANA zone of its place, from its coordinates; its times are wall-clock times there. Null without a place. */
  time_zone: v.optional(v.nullable(v.string()), null),
  /**
   * True for a business account's one recurring record, its business listing.
   * A promoter's recurring event (`is_recurring` alone) is a weekly series.
   */
  is_listing: v.optional(v.boolean(), false),
  /** The business listing this event asked to be at (contract §10), or null. */
  venue_id: v.optional(v.nullable(v.number()), null),
  /** That venue's answer; null without a venue. */
  venue_status: v.optional(v.nullable(VenueStatusSchema), null),
  /** The venue listing's title, for the card; null without a venue. */
  venue_title: v.optional(v.nullable(v.string()), null),
  /** Who last changed it: the owner's id, or a team member's (contract §12); null before teams. */
  updated_by: v.optional(v.nullable(v.number()), null),
  created_at: v.string(),
  updated_at: v.string(),
});
/** An event or business listing. */
export type EventRecord = v.InferOutput<typeof EventSchema>;

/**
 * `PUT …/update/` with a stale `If-Match` → 412 with this body: the current
 * record under `current` (its fields are also repeated at the top level) and
 * a sentence for the user.
 */
export const EventConflictSchema = v.object({ detail: v.string(), current: EventSchema });
/** The body of a 412 conflict. */
export type EventConflict = v.InferOutput<typeof EventConflictSchema>;

/** `GET /api/events/user/` → every event of the caller, the business listing included. */
export const EventListSchema = v.array(EventSchema);
/** The caller's events. */
export type EventList = v.InferOutput<typeof EventListSchema>;

/** Skipped dates as sent: real dates in the event years, at most MAX_SKIPPED_DATES; stored sorted, once each. */
const SkippedDatesSchema = v.pipe(
  v.array(EventDateSchema, 'Skipped dates must be a list of dates (YYYY-MM-DD).'),
  v.maxLength(MAX_SKIPPED_DATES, `A series can skip at most ${MAX_SKIPPED_DATES} dates.`),
  v.transform((dates) => [...new Set(dates)].sort()),
);

const jsonText = <T extends v.GenericSchema>(schema: T, emptyValue: unknown, message: string) =>
  v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return emptyValue;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        addIssue({ message });
        return NEVER;
      }
    }),
    schema,
  );

const textField = (max: number, label: string, lines: 'single' | 'multi' = 'single') =>
  v.pipe(
    v.string(`${label} is text.`),
    v.trim(),
    lines === 'multi' ? multiLine() : singleLine(),
    v.maxLength(max, `${label} can have at most ${max} characters.`),
  );

const dayFlag = v.optional(FormBooleanSchema);

/**
 * Blank text (or null) → `blank`; anything else goes through `schema`, whose
 * own messages reach the form (a union would replace them with its own).
 */
function blankOr<TSchema extends v.GenericSchema, const TBlank>(schema: TSchema, blank: TBlank) {
  return v.pipe(
    // Multipart text (null from JSON callers); documented as such in the OpenAPI description.
    v.union([v.string(), v.null()], 'Send this field as text.'),
    v.rawTransform(({ dataset, addIssue, NEVER }): v.InferOutput<TSchema> | TBlank => {
      const value = dataset.value;
      if (value === null || (typeof value === 'string' && value.trim() === '')) return blank;
      const result = v.safeParse(schema, value);
      if (result.success) return result.output;
      for (const issue of result.issues) addIssue({ message: issue.message });
      return NEVER;
    }),
  );
}

/** True when `text` is an absolute `https://` URL with a host and no user name or password. */
function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A ticket link: `https://` only (no `javascript:`, no `http://`), at most 500 characters. */
export const TicketUrlSchema = v.pipe(
  v.string('Ticket link is text.'),
  v.trim(),
  singleLine(),
  v.maxLength(MAX_TICKET_URL_LENGTH, `Ticket link can have at most ${MAX_TICKET_URL_LENGTH} characters.`),
  v.check(isHttpsUrl, 'Ticket link must be a full web address starting with https://.'),
  // Stored as typed, scheme in lower case (not URL.href, which would add a trailing slash nobody wrote).
  v.transform((text) => `https://${text.slice('https://'.length)}`),
);

/** Largest price accepted (exclusive), in whole units of its currency. */
export const MAX_PRICE = 1_000_000;

/**
 * A price as typed: a non-negative decimal with at most two decimal places,
 * below a million; leading zeros dropped ("012.50" → "12.50"). "0" is free.
 */
export const PriceSchema = v.pipe(
  v.union([v.string(), v.number()], 'Price must be a number such as 12 or 12.50 (0 means free).'),
  v.transform((value) => String(value).trim()),
  v.check((text) => !/^-\s*\d/.test(text), 'Price cannot be negative.'),
  v.regex(/^\d+(\.\d{1,2})?$/, 'Price must be a number such as 12 or 12.50 (0 means free).'),
  v.transform((text) => text.replace(/^0+(?=\d)/, '')),
  v.check((text) => Number(text) < MAX_PRICE, 'Price must be less than 1,000,000.'),
);

/**
 * Multipart fields of `POST /api/events/create/` and `PUT /api/events/{id}/update/`.
 * All optional (absent = unchanged on update); empty text clears a value.
 * `keywords` and `schedule_blocks` arrive as JSON text. The cover image is the
 * file field `cover_image`, handled beside these.
 */
export const EventFieldsSchema = v.object({
  title: v.optional(v.pipe(textField(MAX_TITLE_LENGTH, 'Title'), v.minLength(1, 'Give it a title.'))),
  bio: v.optional(textField(5000, 'Description', 'multi')),
  location_name: v.optional(textField(300, 'Location')),
  latitude: v.optional(
    v.pipe(formNumberOrNull(-90, 90, 'Latitude must be a number between -90 and 90.'), v.transform(roundCoordinate)),
  ),
  longitude: v.optional(
    v.pipe(
      formNumberOrNull(-180, 180, 'Longitude must be a number between -180 and 180.'),
      v.transform(roundCoordinate),
    ),
  ),
  /** Street and number; empty clears it. The coordinates stay as they are. */
  street_address: v.optional(textField(MAX_STREET_ADDRESS_LENGTH, 'Street address')),
  postal_code: v.optional(textField(MAX_POSTAL_CODE_LENGTH, 'Postcode')),
  locality: v.optional(textField(MAX_LOCALITY_LENGTH, 'Town or city')),
  country_code: v.optional(blankOr(CountryCodeSchema, '')),
  start_date: v.optional(emptyAsNull(EventDateSchema)),
  start_time: v.optional(emptyAsNull(TimeInputSchema)),
  end_date: v.optional(emptyAsNull(EventDateSchema)),
  end_time: v.optional(emptyAsNull(TimeInputSchema)),
  is_recurring: v.optional(FormBooleanSchema),
  is_sponsored: v.optional(FormBooleanSchema),
  event_type: v.optional(emptyAsNull(CategorySchema, 'Choose one of the categories.')),
  event_subtype: v.optional(emptyAsNull(textField(60, 'Subcategory'))),
  keywords: v.optional(jsonText(KeywordsSchema, [], 'Keywords must be a JSON list of words.')),
  schedule_blocks: v.optional(jsonText(ScheduleBlocksInputSchema, {}, 'Opening hours must be JSON.')),
  monday: dayFlag,
  tuesday: dayFlag,
  wednesday: dayFlag,
  thursday: dayFlag,
  friday: dayFlag,
  saturday: dayFlag,
  sunday: dayFlag,
  recurring_start_time: v.optional(emptyAsNull(TimeInputSchema)),
  recurring_end_time: v.optional(emptyAsNull(TimeInputSchema)),
  ticket_url: v.optional(blankOr(TicketUrlSchema, null)),
  price: v.optional(blankOr(PriceSchema, null)),
  /** Empty means the default, GBP. */
  currency: v.optional(blankOr(CurrencyInputSchema, DEFAULT_CURRENCY)),
  status: v.optional(v.pipe(v.string(STATUS_MESSAGE), v.trim(), EventStatusSchema)),
  /** Shown with a cancelled or postponed event; empty clears it. */
  status_note: v.optional(textField(MAX_STATUS_NOTE_LENGTH, 'The note', 'multi')),
  sold_out: v.optional(FormBooleanSchema),
  /** When a draft publishes itself (ISO 8601 with offset); empty clears the schedule. */
  publish_at: v.optional(blankOr(PublishAtInputSchema, null)),
  /** A weekly series' dates that do not happen, as a JSON list; `[]` clears them. */
  skipped_dates: v.optional(jsonText(SkippedDatesSchema, [], 'Skipped dates must be a JSON list of dates.')),
  /** A business listing's id (from matching_businesses), or empty for no venue. */
  venue_id: v.optional(VenueIdInputSchema),
});
/** Event fields as a client may send them (before encoding). */
export type EventFieldsInput = v.InferInput<typeof EventFieldsSchema>;
/** Parsed event fields; only the keys that were sent are present. */
export type EventFields = v.InferOutput<typeof EventFieldsSchema>;

/** The values cross-field rules look at (a record after a write is merged in). */
export interface EventConsistencyInput {
  event_type: string | null;
  event_subtype: string | null;
  start_date: string | null;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
}

/** Cross-field rules: the subcategory belongs to the category; the end is not before the start. */
export function eventConsistencyErrors(event: EventConsistencyInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (event.event_subtype !== null) {
    const category = findCategory(event.event_type);
    if (!category) errors.event_subtype = ['Choose a category before a subcategory.'];
    else if (!category.subcategories.includes(event.event_subtype)) {
      errors.event_subtype = [`"${event.event_subtype}" is not a ${category.label} subcategory.`];
    }
  }
  if (event.start_date && event.end_date) {
    if (event.end_date < event.start_date) errors.end_date = ['The end date cannot be before the start date.'];
    else if (
      event.end_date === event.start_date &&
      event.start_time &&
      event.end_time &&
      event.end_time < event.start_time
    ) {
      errors.end_time = ['The end time cannot be before the start time on the same day.'];
    }
  }
  return errors;
}

/** A value a client puts in an event form field before encoding. */
export type EventFieldValue = string | number | boolean | null | readonly string[] | Readonly<Record<string, unknown>>;

/** Encodes event fields as multipart text: booleans as true/false, lists and objects as JSON, null as "". */
export function encodeEventFields(
  fields: Readonly<Record<string, EventFieldValue | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) out[key] = '';
    else if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else out[key] = JSON.stringify(value);
  }
  return out;
}
