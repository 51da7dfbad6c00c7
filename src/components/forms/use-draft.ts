/**
 * Draft wiring for a form: on open, offer a stored draft of this user when it
 * differs from what the form shows; on every change, autosave; `clear` after a
 * successful save or a discard.
 */
import { useCallback, useEffect, useRef } from 'react';
import { acceptDraft, autosaveDraft, clearDraft, offerDraft } from '../../stores/drafts-actions.ts';

export function useDraft<T>(key: string, userId: number | null, current: T, initial: T) {
  const touched = useRef(false);
  const initialJson = JSON.stringify(initial);

  useEffect(() => {
    touched.current = false;
    void offerDraft<T>(key, userId).then((draft) => {
      if (draft && JSON.stringify(draft.data) === initialJson) void clearDraft(key);
    });
  }, [key, userId, initialJson]);

  const currentJson = JSON.stringify(current);
  useEffect(() => {
    if (!touched.current) return;
    if (currentJson === initialJson) void clearDraft(key);
    else autosaveDraft(key, userId, JSON.parse(currentJson) as unknown);
  }, [key, userId, currentJson, initialJson]);

  return {
    /** Call from change handlers: only real edits are autosaved. */
    markTouched: useCallback(() => {
      touched.current = true;
    }, []),
    restored: useCallback(() => {
      touched.current = true;
      acceptDraft(key);
    }, [key]),
    clear: useCallback(() => clearDraft(key), [key]),
  };
}
