/**
 * The Outbox screen names writes and fields as the editor does: a draft published or
 * moved back is "Publish “Jazz Night”" / "Move “Jazz Night” to drafts" (the title known
 * from the list when the write does not carry it), never "Changes to event #17"; a
 * conflict's fields read "Description", "Start date", "Where" — and a business
 * listing's `bio` stays its "Bio".
 */
import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../src/shared/contract/field-labels.ts';
import { describeEntry } from '../../src/shared/outbox/describe-entry.ts';

const update = (fields: Record<string, unknown>) => ({ kind: 'event.update' as const, target: 'event:17', fields });

describe('outbox sentences', () => {
  it('name a status change by what it does and the title the list knows', () => {
    const known = { title: 'Jazz Night' };
    expect(describeEntry(update({ status: 'published' }), known)).toBe('Publish “Jazz Night”');
    expect(describeEntry(update({ status: 'draft' }), known)).toBe('Move “Jazz Night” to drafts');
    expect(describeEntry(update({ status: 'cancelled', status_note: 'Flooded' }), known)).toBe('Cancel “Jazz Night”');
    expect(describeEntry(update({ start_time: '21:00' }), known)).toBe('Changes to “Jazz Night”');
    expect(describeEntry(update({ title: 'Soul Night', status: 'published' }), known)).toBe('Changes to “Soul Night”');
    expect(describeEntry({ kind: 'event.delete', target: 'event:17', fields: {} }, known)).toBe('Delete “Jazz Night”');
  });

  it('never fall back to an id a person cannot read', () => {
    for (const text of [
      describeEntry(update({ start_time: '21:00' })),
      describeEntry({ kind: 'event.delete', target: 'event:17', fields: {} }),
      describeEntry({ kind: 'venue.answer', target: 'venue-request:9', fields: { venue_status: 'approved' } }),
    ])
      expect(text).not.toMatch(/#\d/);
  });
});

describe('field labels', () => {
  it("are the editor's words", () => {
    expect(fieldLabel('bio')).toBe('Description');
    expect(fieldLabel('bio', { listing: true })).toBe('Bio');
    expect(fieldLabel('start_date')).toBe('Start date');
    expect(fieldLabel('location_name')).toBe('Where');
    expect(fieldLabel('ticket_url')).toBe('Ticket link');
    expect(fieldLabel('something_new')).toBe('Something new');
  });
});
