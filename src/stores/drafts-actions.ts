/**
 * Draft autosave (architecture §3): a form calls `autosaveDraft` on every change;
 * writes are debounced (600 ms — often enough that a killed tab loses at most
 * a word, rarely enough not to hammer IndexedDB while typing) and flushed when
 * the page is hidden, which is the last moment a mobile browser guarantees.
 * On open, `offerDraft` looks for a draft of the same user and puts it in the
 * store so the form can offer it back; saving or discarding removes it.
 */
import { deleteDraft, readDraft, writeDraft } from '../shared/db/draft-storage.ts';
import { useDrafts, type Draft } from './drafts-store.ts';

export const AUTOSAVE_DELAY_MS = 600;

const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; flush: () => Promise<void> }>();

/** Looks up a stored draft for `key` written by `userId`; offers it via the store and returns it. */
export async function offerDraft<T>(key: string, userId: number | null): Promise<Draft<T> | null> {
  const row = await readDraft(key).catch(() => null);
  if (!row || row.userId !== userId) return null;
  const draft: Draft<T> = { savedAt: row.savedAt, data: row.data as T };
  useDrafts.setState((state) => ({ offered: { ...state.offered, [key]: draft } }));
  return draft;
}

/** Schedules a save of `data` as the draft of `key` (debounced). */
export function autosaveDraft(key: string, userId: number | null, data: unknown): void {
  const pending = timers.get(key);
  if (pending) clearTimeout(pending.timer);
  const flush = async () => {
    timers.delete(key);
    await writeDraft({ key, savedAt: Date.now(), userId, data }).catch(() => undefined);
  };
  timers.set(key, { timer: setTimeout(() => void flush(), AUTOSAVE_DELAY_MS), flush });
}

/** Writes every scheduled draft now (page hidden, before unload). */
export async function flushDrafts(): Promise<void> {
  const pending = [...timers.values()];
  for (const { timer } of pending) clearTimeout(timer);
  await Promise.all(pending.map(({ flush }) => flush()));
}

/** The form took the offered draft: stop offering it (the stored copy stays until saved). */
export function acceptDraft(key: string): void {
  useDrafts.setState((state) => {
    const { [key]: _taken, ...rest } = state.offered;
    return { offered: rest };
  });
}

/** Forget a draft: after a successful save, or when the user discards it. */
export async function clearDraft(key: string): Promise<void> {
  const pending = timers.get(key);
  if (pending) clearTimeout(pending.timer);
  timers.delete(key);
  acceptDraft(key);
  await deleteDraft(key).catch(() => undefined);
}

let listening = false;

/** Flushes drafts when the page is hidden (tab switch, app switch, kill). */
export function flushDraftsWhenHidden(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushDrafts();
  });
  window.addEventListener('pagehide', () => void flushDrafts());
}
