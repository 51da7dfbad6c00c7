/**
 * The Outbox screen's Edit link: a recurring record is the business listing
 * only for a business account; a promoter's weekly event opens on Events.
 */
import { describe, expect, it } from 'vitest';
import { editorLink } from '../../src/features/outbox/use-outbox-entries.ts';
import type { OutboxEntryView } from '../../src/shared/outbox/overlay.ts';

const weekly: OutboxEntryView = {
  id: 'e1',
  target: 'event:12',
  kind: 'event.update',
  createdAt: 0,
  state: 'pending',
  lastError: null,
  fields: { is_recurring: true, friday: true },
  hasImage: false,
};

describe('outbox editor link', () => {
  it('opens a recurring record on the business page for a business, on Events for a promoter', () => {
    expect(editorLink(weekly, true)).toBe('/dashboard/business/12');
    expect(editorLink(weekly, false)).toBe('/dashboard/events?edit=12');
  });
});
