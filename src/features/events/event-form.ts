/**
 * The event editor's values and the write they turn into (product §5, §7):
 * - a non-recurring event sends its dates and times only when filled, and
 *   latitude/longitude only when set (a place was chosen);
 * - a recurring event sends no dates: it gets the follow-up PUT with
 *   is_recurring, the seven day booleans and the opening/closing times;
 * - an update sends only what changed from the record being edited, with
 *   the record's `version` as baseVersion so a stale edit surfaces as a conflict;
 * - the listing fields (description, category, keywords, ticket link, price)
 *   are sent on create only when filled, so a plain event stays a product §7
 *   create; `status` is sent only when it is not published (the server's default);
 * - after publishing, `status` (cancelled, postponed, back to published), its
 *   `status_note` and `sold_out` travel as any other changed field;
 * - `venue_id` is sent when a venue is chosen, and empty when it was removed;
 * - `publish_at` (a draft's own publishing time) as the instant it names, empty to unschedule.
 */
import { DEFAULT_CURRENCY } from '../../shared/contract/currencies.ts';
import type { EventFieldValue, EventRecord, EventStatus } from '../../shared/contract/event.ts';
import { weekdays, type Weekday } from '../../shared/contract/schedule.ts';
import { eventFieldsErrors, eventFieldsProblem } from '../../components/forms/contract-problem.ts';
import { weeklyFields } from '../../components/forms/weekly-fields.tsx';
import { NO_DAYS, type RecurringDays } from '../../components/weekdays.ts';
import { publishAtToInstant, publishAtToLocal } from './publish-at.ts';

export interface EventFormValues {
  title: string;
  location_name: string;
  latitude: number | null;
  longitude: number | null;
  /** The street and number, postcode, town and country of the place ('' when not known). */
  street_address: string;
  postal_code: string;
  locality: string;
  country_code: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  is_sponsored: boolean;
  is_recurring: boolean;
  days: RecurringDays;
  recurring_start_time: string;
  recurring_end_time: string;
  bio: string;
  /** '' for none. */
  event_type: string;
  event_subtype: string;
  keywords: readonly string[];
  ticket_url: string;
  price: string;
  currency: string;
  status: EventStatus;
  /** Said with a cancelled or postponed event: why, what next. */
  status_note: string;
  sold_out: boolean;
  /** A weekly series' dates that do not happen. */
  skipped_dates: readonly string[];
  /** When a draft publishes itself, as `datetime-local` text on this device; '' for not scheduled. */
  publish_at: string;
  /** The business listing named as the venue (contract §10), or null. */
  venue_id: number | null;
  /** Its title, for the field; never sent. */
  venue_title: string;
}

export type Fields = Record<string, EventFieldValue>;

export const emptyEventForm: EventFormValues = {
  title: '',
  location_name: '',
  latitude: null,
  longitude: null,
  street_address: '',
  postal_code: '',
  locality: '',
  country_code: '',
  start_date: '',
  start_time: '',
  end_date: '',
  end_time: '',
  is_sponsored: false,
  is_recurring: false,
  days: NO_DAYS,
  recurring_start_time: '',
  recurring_end_time: '',
  bio: '',
  event_type: '',
  event_subtype: '',
  keywords: [],
  ticket_url: '',
  price: '',
  currency: DEFAULT_CURRENCY,
  status: 'published',
  status_note: '',
  sold_out: false,
  skipped_dates: [],
  publish_at: '',
  venue_id: null,
  venue_title: '',
};

/** Form values from a (possibly overlaid, possibly pending) record. */
export function formFromRecord(record: Partial<EventRecord>): EventFormValues {
  const days = Object.fromEntries(weekdays.map((day) => [day, record[day] === true])) as Record<Weekday, boolean>;
  return {
    title: record.title ?? '',
    location_name: record.location_name ?? '',
    latitude: typeof record.latitude === 'number' ? record.latitude : null,
    longitude: typeof record.longitude === 'number' ? record.longitude : null,
    street_address: record.street_address ?? '',
    postal_code: record.postal_code ?? '',
    locality: record.locality ?? '',
    country_code: record.country_code ?? '',
    start_date: record.start_date ?? '',
    start_time: record.start_time ?? '',
    end_date: record.end_date ?? '',
    end_time: record.end_time ?? '',
    is_sponsored: record.is_sponsored === true,
    is_recurring: record.is_recurring === true,
    days,
    recurring_start_time: record.recurring_start_time ?? '',
    recurring_end_time: record.recurring_end_time ?? '',
    bio: record.bio ?? '',
    event_type: record.event_type ?? '',
    event_subtype: record.event_subtype ?? '',
    keywords: Array.isArray(record.keywords) ? record.keywords : [],
    ticket_url: record.ticket_url ?? '',
    price: record.price ?? '',
    currency: record.currency ?? DEFAULT_CURRENCY,
    status: record.status ?? 'published',
    status_note: record.status_note ?? '',
    sold_out: record.sold_out === true,
    skipped_dates: Array.isArray(record.skipped_dates) ? record.skipped_dates : [],
    publish_at: publishAtToLocal(record.publish_at),
    venue_id: typeof record.venue_id === 'number' ? record.venue_id : null,
    venue_title: record.venue_title ?? '',
  };
}

const dateTimeKeys = ['start_date', 'start_time', 'end_date', 'end_time'] as const;
/** Address parts kept beside the place; sent when filled, and empty when cleared. */
const addressKeys = ['street_address', 'postal_code', 'locality', 'country_code'] as const;

/** The weekly part: is_recurring, the seven days, opening and closing times (the shared forms layer). */
export const recurringFields = weeklyFields;

/** Every field the form would send for a new record (before the follow-up). */
export function createFields(values: EventFormValues): Fields {
  const fields: Fields = {
    title: values.title.trim(),
    location_name: values.location_name.trim(),
    is_recurring: values.is_recurring,
    is_sponsored: values.is_sponsored,
  };
  if (values.latitude !== null && values.longitude !== null) {
    fields.latitude = values.latitude;
    fields.longitude = values.longitude;
  }
  for (const key of addressKeys) if (values[key].trim()) fields[key] = values[key].trim();
  if (!values.is_recurring) {
    for (const key of dateTimeKeys) if (values[key] !== '') fields[key] = values[key];
  }
  return { ...fields, ...listingFields(values) };
}

/** The listing fields that are filled, trimmed; `status` only for a draft. */
function listingFields(values: EventFormValues): Fields {
  const fields: Fields = {};
  const bio = values.bio.trim();
  if (bio) fields.bio = bio;
  if (values.event_type) fields.event_type = values.event_type;
  if (values.event_subtype) fields.event_subtype = values.event_subtype;
  if (values.keywords.length > 0) fields.keywords = values.keywords;
  if (values.ticket_url.trim()) fields.ticket_url = values.ticket_url.trim();
  if (values.price.trim()) fields.price = values.price.trim();
  if (values.currency !== DEFAULT_CURRENCY) fields.currency = values.currency;
  if (values.status !== 'published') fields.status = values.status;
  if (values.status_note.trim()) fields.status_note = values.status_note.trim();
  if (values.sold_out) fields.sold_out = true;
  if (values.is_recurring && values.skipped_dates.length > 0) fields.skipped_dates = values.skipped_dates;
  if (values.venue_id !== null) fields.venue_id = values.venue_id;
  if (values.publish_at) fields.publish_at = publishAtToInstant(values.publish_at);
  return fields;
}

/** Listing fields a cleared value is sent for: their empty form value (empty text clears it on the server). */
const clearable = [
  'bio',
  'event_type',
  'event_subtype',
  'keywords',
  'ticket_url',
  'price',
  'currency',
  'status',
  'status_note',
  'sold_out',
  'skipped_dates',
  'publish_at',
  'venue_id',
  ...addressKeys,
] as const satisfies readonly (keyof EventFormValues)[];

export interface EventWrite {
  fields: Fields;
  recurringFollowUp?: Fields;
}

/** A create: the fields, plus the product §7 follow-up for a recurring event. */
export function buildCreate(values: EventFormValues): EventWrite {
  const fields = createFields(values);
  return values.is_recurring ? { fields, recurringFollowUp: recurringFields(values) } : { fields };
}

/**
 * An update: only the fields whose value differs from the record being
 * edited. A date or time the user cleared is sent empty (which clears it);
 * an untouched empty one is never sent.
 */
export function buildUpdate(values: EventFormValues, before: EventFormValues): Fields {
  const after = { ...createFields(values), ...(values.is_recurring ? recurringFields(values) : {}) };
  const old = { ...createFields(before), ...(before.is_recurring ? recurringFields(before) : {}) };
  const changed: Fields = {};
  for (const [key, value] of Object.entries(after)) if (!sameValue(value, old[key])) changed[key] = value;
  // A listing field the user emptied is sent as its empty value (which clears it).
  for (const key of clearable) {
    if (after[key] === undefined && old[key] !== undefined) changed[key] = emptyEventForm[key];
  }
  if (!values.is_recurring) {
    for (const key of dateTimeKeys) if (values[key] === '' && before[key] !== '') changed[key] = '';
  }
  // A cleared place takes its pin away on the server too.
  if (values.latitude === null && before.latitude !== null) {
    changed.latitude = null;
    changed.longitude = null;
  }
  return changed;
}

function sameValue(a: EventFieldValue | undefined, b: EventFieldValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Per-field messages of the contract's rules for what the form would send (empty when it passes). */
export function formFieldErrors(values: EventFormValues): Record<string, string[]> {
  return eventFieldsErrors({ ...createFields(values), ...(values.is_recurring ? recurringFields(values) : {}) });
}

/** Text of the validation problem that blocks saving, if any (the server checks again). */
export function formProblem(values: EventFormValues): string | null {
  if (values.title.trim() === '') return 'Give the event a title.';
  // Everything else by the contract's own rules and sentences (what the server would answer).
  return eventFieldsProblem({ ...createFields(values), ...(values.is_recurring ? recurringFields(values) : {}) });
}

/** A copy of an event moved to `date` (keeping its length in days), for Duplicate. */
export function duplicateOnto(values: EventFormValues, date: string): EventFormValues {
  const copy = { ...values };
  if (values.start_date && values.end_date) {
    const span = daysBetween(values.start_date, values.end_date);
    copy.end_date = addDays(date, span);
  } else if (values.end_date) {
    copy.end_date = date;
  }
  copy.start_date = date;
  return copy;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}
