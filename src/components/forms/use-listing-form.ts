/**
 * The state both listing forms (an event, a business) share: the values, the
 * saved draft behind them, and the three things a save can show — "saving",
 * the blocking problem that stopped it, and the error it ended with.
 */
import { useState } from 'react';
import { useAuth } from '../../stores/auth-store.ts';
import { useDraft } from './use-draft.ts';

export function useListingForm<V extends object>(
  draftKey: string,
  start: () => V,
  problemOf: (values: V) => string | null,
) {
  const userId = useAuth((s) => s.user?.id ?? null);
  const [initial] = useState(start);
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const draft = useDraft(draftKey, userId, values, initial);

  /** A user edit: keeps the draft, clears what the last save attempt said. */
  function change(next: Partial<V> | ((old: V) => V)) {
    draft.markTouched();
    setError(null);
    setProblem(null);
    setValues((old) => (typeof next === 'function' ? next(old) : { ...old, ...next }));
  }

  /** Starts a save unless a rule blocks it (then shows the problem and returns false). */
  function beginSave(): boolean {
    const blocking = problemOf(values);
    setProblem(blocking);
    if (blocking) return false;
    setSaving(true);
    setError(null);
    return true;
  }

  /** Puts a saved draft back over the starting values. */
  function restoreDraft(saved: unknown) {
    draft.restored();
    setValues({ ...initial, ...(saved as Partial<V>) });
  }

  return {
    draftKey,
    initial,
    values,
    change,
    draft,
    restoreDraft,
    saving,
    setSaving,
    error,
    setError,
    problem,
    beginSave,
  };
}
