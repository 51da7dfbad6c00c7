import { useState } from 'react';
import { ApiError } from '../../shared/api/errors.ts';
import { failureMessage, type FormOutcome } from './form-message.tsx';

/**
 * The online-only account changes (password, email) share one way to run:
 * one request at a time, the outcome line cleared while it runs, the server's
 * per-field errors under their fields, and a sentence when it fails.
 */
export function useAccountAction() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, readonly string[]>>({});

  async function run(action: () => Promise<string>, fallback: string): Promise<void> {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    setFieldErrors({});
    try {
      setOutcome({ tone: 'success', text: await action() });
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) setFieldErrors(failure.errors);
      setOutcome({ tone: 'error', text: failureMessage(failure, fallback) });
    } finally {
      setBusy(false);
    }
  }

  return { busy, outcome, fieldErrors, run };
}
