import { describe, expect, it } from 'vitest';
import { unsentChangesText } from '../../src/shared/outbox/describe-entry.ts';
import { overlayEvents, type OutboxEntryView } from '../../src/shared/outbox/overlay.ts';
import { retryDelay } from '../../src/shared/outbox/backoff.ts';

const view = (over: Partial<OutboxEntryView>): OutboxEntryView => ({
  id: 'x',
  target: 'event:1',
  kind: 'event.update',
  createdAt: 0,
  state: 'pending',
  lastError: null,
  fields: {},
  hasImage: false,
  ...over,
});

describe('what the user sees of unsent writes', () => {
  it('overlays pending edits, adds pending creates and hides pending deletes', () => {
    const server = [
      { id: 1, title: 'Old', version: 2 },
      { id: 2, title: 'Going', version: 1 },
    ];
    const shown = overlayEvents(server, [
      view({ id: 'a', target: 'event:1', fields: { title: 'New' } }),
      view({ id: 'b', target: 'event:2', kind: 'event.delete' }),
      view({ id: 'c', target: 'event:tmp-9', kind: 'event.create', fields: { title: 'Offline gig' } }),
      view({ id: 'd', target: 'event:tmp-9', state: 'needs-attention', fields: { bio: 'x' } }),
    ]);
    expect(shown).toEqual([
      { id: 1, title: 'New', version: 2, syncTarget: 'event:1', syncState: 'pending' },
      {
        id: null,
        tempId: 'event:tmp-9',
        title: 'Offline gig',
        bio: 'x',
        syncTarget: 'event:tmp-9',
        syncState: 'needs-attention',
      },
    ]);
  });

  it('copies unsent changes as readable text', () => {
    const text = unsentChangesText(
      [view({ kind: 'event.create', target: 'event:tmp-1', fields: { title: 'Jazz' }, lastError: 'Server busy' })],
      Date.UTC(2026, 0, 2),
    );
    expect(text).toContain('New event “Jazz”');
    expect(text).toContain('title: Jazz');
    expect(text).toContain('last error: Server busy');
  });

  it('backs off with jitter, doubling from the third failure, never below Retry-After', () => {
    expect(retryDelay(1, 0, null)).toBe(125);
    expect(retryDelay(2, 1, null)).toBe(250);
    expect(retryDelay(4, 1, null)).toBe(1000);
    expect(retryDelay(30, 1, null)).toBe(30_000);
    expect(retryDelay(1, 1, 30)).toBe(30_000);
  });
});
