/**
 * The business listing form's values and writes (product §3, §7): a recurring
 * record with bio, category, subcategory, keywords (JSON text) and opening
 * blocks (JSON text), created with the follow-up PUT of the weekly days and
 * opening/closing times; updates send only what changed.
 */
import { categories, findCategory, subcategoriesOf, type CategoryValue } from '../../shared/contract/categories.ts';
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays, type Weekday } from '../../shared/contract/schedule.ts';
import { compactSchedule, type ScheduleBlocks } from '../../components/schedule-editor.tsx';
import { NO_DAYS, type RecurringDays } from '../../components/weekdays.ts';
import { eventFieldsProblem } from '../../components/forms/contract-problem.ts';
import { weeklyFields as recurringFields } from '../../components/forms/weekly-fields.tsx';
import type { EventFieldValue } from '../../shared/contract/event.ts';

type Fields = Record<string, EventFieldValue>;

export interface BusinessFormValues {
  title: string;
  bio: string;
  event_type: CategoryValue;
  event_subtype: string;
  keywords: readonly string[];
  location_name: string;
  latitude: number | null;
  longitude: number | null;
  /** The street and number, postcode, town and country of the place ('' when not known). */
  street_address: string;
  postal_code: string;
  locality: string;
  country_code: string;
  schedule_blocks: ScheduleBlocks;
  days: RecurringDays;
  recurring_start_time: string;
  recurring_end_time: string;
}

const firstCategory = categories[0]?.value ?? 'music';

export const emptyBusinessForm: BusinessFormValues = {
  title: '',
  bio: '',
  event_type: firstCategory,
  event_subtype: subcategoriesOf(firstCategory)[0] ?? '',
  keywords: [],
  location_name: '',
  latitude: null,
  longitude: null,
  street_address: '',
  postal_code: '',
  locality: '',
  country_code: '',
  schedule_blocks: {},
  days: NO_DAYS,
  recurring_start_time: '',
  recurring_end_time: '',
};

export function businessFromRecord(record: Partial<EventRecord>): BusinessFormValues {
  const category = findCategory(record.event_type)?.value ?? emptyBusinessForm.event_type;
  const days = Object.fromEntries(weekdays.map((day) => [day, record[day] === true])) as Record<Weekday, boolean>;
  return {
    title: record.title ?? '',
    bio: record.bio ?? '',
    event_type: category,
    event_subtype: record.event_subtype ?? subcategoriesOf(category)[0] ?? '',
    keywords: Array.isArray(record.keywords) ? record.keywords : [],
    location_name: record.location_name ?? '',
    latitude: typeof record.latitude === 'number' ? record.latitude : null,
    longitude: typeof record.longitude === 'number' ? record.longitude : null,
    street_address: record.street_address ?? '',
    postal_code: record.postal_code ?? '',
    locality: record.locality ?? '',
    country_code: record.country_code ?? '',
    schedule_blocks: (record.schedule_blocks as ScheduleBlocks | undefined) ?? {},
    days,
    recurring_start_time: record.recurring_start_time ?? '',
    recurring_end_time: record.recurring_end_time ?? '',
  };
}

/** A new category keeps the subcategory only when it belongs to it. */
export function withCategory(values: BusinessFormValues, category: CategoryValue): BusinessFormValues {
  const list = subcategoriesOf(category);
  return {
    ...values,
    event_type: category,
    event_subtype: list.includes(values.event_subtype) ? values.event_subtype : (list[0] ?? ''),
  };
}

/** The create fields (everything but the weekly follow-up). */
export function businessFields(values: BusinessFormValues): Fields {
  const fields: Fields = {
    title: values.title.trim(),
    bio: values.bio.trim(),
    location_name: values.location_name.trim(),
    is_recurring: true,
    is_sponsored: false,
    event_type: values.event_type,
    event_subtype: values.event_subtype,
    keywords: values.keywords,
    schedule_blocks: compactSchedule(values.schedule_blocks),
  };
  if (values.latitude !== null && values.longitude !== null) {
    fields.latitude = values.latitude;
    fields.longitude = values.longitude;
  }
  for (const key of addressKeys) if (values[key].trim()) fields[key] = values[key].trim();
  return fields;
}

/** Address parts kept beside the place: sent when filled, and empty when cleared. */
const addressKeys = ['street_address', 'postal_code', 'locality', 'country_code'] as const;

export function buildBusinessCreate(values: BusinessFormValues): { fields: Fields; recurringFollowUp: Fields } {
  return { fields: businessFields(values), recurringFollowUp: recurringFields(values) };
}

/** Only the fields that differ from the listing being edited (weekly fields included). */
export function buildBusinessUpdate(values: BusinessFormValues, before: BusinessFormValues): Fields {
  const after = { ...businessFields(values), ...recurringFields(values) };
  const old = { ...businessFields(before), ...recurringFields(before) };
  const changed: Fields = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(old[key])) changed[key] = value;
  }
  for (const key of addressKeys) if (after[key] === undefined && old[key] !== undefined) changed[key] = '';
  // A cleared place takes its pin away on the server too.
  if (values.latitude === null && before.latitude !== null) {
    changed.latitude = null;
    changed.longitude = null;
  }
  return changed;
}

export function businessProblem(values: BusinessFormValues): string | null {
  if (values.title.trim() === '') return 'Give your business a title.';
  // Everything else by the contract's own rules and sentences (what the server would answer).
  return eventFieldsProblem({ ...businessFields(values), ...recurringFields(values) });
}
