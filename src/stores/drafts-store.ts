/**
 * Drafts the page knows about: per form key, the unsaved data restored from
 * IndexedDB and offered back to the user. Actions (load, autosave, discard)
 * live in src/stores/drafts-actions.ts.
 */
import { create } from 'zustand';

export interface Draft<T = unknown> {
  savedAt: number;
  data: T;
}

export interface DraftsState {
  /** Drafts found at load time and not yet restored or discarded, by form key. */
  offered: Record<string, Draft>;
}

export const initialDraftsState: DraftsState = { offered: {} };

export const useDrafts = create<DraftsState>()(() => initialDraftsState);
