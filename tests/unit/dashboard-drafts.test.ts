import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOSAVE_DELAY_MS,
  autosaveDraft,
  clearDraft,
  flushDrafts,
  offerDraft,
} from '../../src/stores/drafts-actions.ts';
import { initialDraftsState, useDrafts } from '../../src/stores/drafts-store.ts';
import { readDraft } from '../../src/shared/db/draft-storage.ts';

describe('drafts', () => {
  beforeEach(() => useDrafts.setState(initialDraftsState, true));

  afterEach(() => vi.useRealTimers());

  it('autosaves after a pause and offers the draft back to the same user only', async () => {
    // Only the autosave timer is the app's; IndexedDB keeps its own (real) scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    autosaveDraft('event:new', 7, { title: 'Half typed' });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(await readDraft('event:new')).toBeNull();
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await readDraft('event:new'))?.data).toEqual({ title: 'Half typed' }), {
      timeout: 5000,
    });

    expect(await offerDraft('event:new', 8)).toBeNull();
    const offered = await offerDraft<{ title: string }>('event:new', 7);
    expect(offered?.data.title).toBe('Half typed');
    expect(useDrafts.getState().offered['event:new']).toBeDefined();
  });

  it('flushes pending drafts at once (page hidden) and clears them after a save', async () => {
    autosaveDraft('profile', 7, { bio: 'x' });
    await flushDrafts();
    expect((await readDraft('profile'))?.data).toEqual({ bio: 'x' });
    await clearDraft('profile');
    expect(await readDraft('profile')).toBeNull();
  });
});
