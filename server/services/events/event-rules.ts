/**
 * The rules an event write must pass before it touches the database: whose
 * accounts may write, one business listing per business, and the cross-field
 * rules of the shared contract.
 */
import { eventConsistencyErrors, type EventFields } from '../../../src/shared/contract/event.ts';
import type { AccessClaims } from '../access-tokens.ts';
import { Forbidden, InvalidInput } from '../domain-errors.ts';

export const ONE_LISTING = 'You already have a business listing. Edit it instead of adding another.';

export function requireDashboardUser(user: AccessClaims): void {
  if (user.userType !== 'business' && user.userType !== 'subpromoter') {
    throw new Forbidden('Only business and promoter accounts can manage events.');
  }
}

/**
 * Whether the write makes the record the account's business listing: a
 * business account's recurring record is its listing (one per account); a
 * promoter's recurring event is a weekly series (contract §10). Undefined
 * when the write does not touch `is_recurring`.
 */
export function listingFlag(user: AccessClaims, fields: EventFields): boolean | undefined {
  if (fields.is_recurring === undefined) return undefined;
  return fields.is_recurring && user.userType === 'business';
}

/** The merged record must satisfy the contract's cross-field rules (400 otherwise). */
export function assertConsistent(event: Partial<Record<keyof EventFields, unknown>>): void {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const errors = eventConsistencyErrors({
    event_type: text(event.event_type),
    event_subtype: text(event.event_subtype),
    start_date: text(event.start_date),
    start_time: text(event.start_time),
    end_date: text(event.end_date),
    end_time: text(event.end_time),
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new InvalidInput(first, errors);
}

/** The fields the cross-field rules compare (assertConsistent). */
const comparedFields = [
  'event_type',
  'event_subtype',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
] as const satisfies readonly (keyof EventFields)[];

/**
 * True when an update can be checked without reading the stored row: it sets
 * no venue, no status and no publishing time (venue approval and the
 * schedule read the row), does not make the
 * record a business listing (the one-listing rule), and sets either none or
 * all of the compared fields — a client sending the whole form sends them
 * all, and then the merged record's rules are the sent fields' rules
 * (assertConsistent). The dashboard's editor sends only changed fields: its
 * text edits take this path, its date and time edits read the row.
 */
export function checkableWithoutStoredRow(
  fields: Partial<Record<keyof EventFields, unknown>>,
  isListing: boolean | undefined,
): boolean {
  if (fields.venue_id !== undefined || fields.status !== undefined || fields.publish_at !== undefined) return false;
  // Sold out is for a published event: whether it is one is in the stored row.
  if (fields.sold_out === true) return false;
  if (isListing === true) return false;
  const sent = comparedFields.filter((field) => fields[field] !== undefined).length;
  return sent === 0 || sent === comparedFields.length;
}
