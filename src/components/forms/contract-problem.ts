/**
 * A form's values checked by the same contract schemas the server applies
 * (src/shared/contract/event.ts): the multipart fields the form would send,
 * then the cross-field rules. Messages come from the contract, defined once.
 */
import * as v from 'valibot';
import {
  encodeEventFields,
  eventConsistencyErrors,
  EventFieldsSchema,
  type EventFieldValue,
} from '../../shared/contract/event.ts';

/** The messages the server would answer with, by field (empty when the fields pass). */
export function eventFieldsErrors(
  fields: Readonly<Record<string, EventFieldValue | undefined>>,
): Record<string, string[]> {
  const parsed = v.safeParse(EventFieldsSchema, encodeEventFields(fields));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      (errors[typeof key === 'string' ? key : 'non_field_errors'] ??= []).push(issue.message);
    }
    return errors;
  }
  const event = parsed.output;
  return eventConsistencyErrors({
    event_type: event.event_type ?? null,
    event_subtype: event.event_subtype ?? null,
    start_date: event.start_date ?? null,
    start_time: event.start_time ?? null,
    end_date: event.end_date ?? null,
    end_time: event.end_time ?? null,
  });
}

/** The first sentence the server would answer with, or null when the fields pass. */
export function eventFieldsProblem(fields: Readonly<Record<string, EventFieldValue | undefined>>): string | null {
  const parsed = v.safeParse(EventFieldsSchema, encodeEventFields(fields));
  if (!parsed.success) return parsed.issues[0]?.message ?? null;
  const event = parsed.output;
  const errors = eventConsistencyErrors({
    event_type: event.event_type ?? null,
    event_subtype: event.event_subtype ?? null,
    start_date: event.start_date ?? null,
    start_time: event.start_time ?? null,
    end_date: event.end_date ?? null,
    end_time: event.end_time ?? null,
  });
  return Object.values(errors)[0]?.[0] ?? null;
}
