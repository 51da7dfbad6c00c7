import { useState } from 'react';
import { ApiError, NetworkError, serverDetail } from '../../shared/api/errors.ts';

/** The line under a form after a request: what happened, or what went wrong. */
export type FormNotice = { tone: 'success' | 'error'; text: string } | null;

export interface FormActionOptions {
  /** What to say when the request could not reach the server. */
  offlineText: string;
  /** After a failure is shown (e.g. move focus to the first message). */
  onFailure?: () => void;
}

/**
 * How the online-only forms (verify, reset password, change password, change
 * email) run a request: one at a time — named, so a form with two buttons
 * knows which one is busy — the notice cleared while it runs, the server's
 * per-field errors kept for their fields, and a sentence when it fails (the
 * server's detail, the offline text, or the form's fallback). The action
 * returns the success text to show, or nothing when it navigates away.
 */
export function useFormAction<Kind extends string>(options: FormActionOptions) {
  const [busy, setBusy] = useState<Kind | null>(null);
  const [notice, setNotice] = useState<FormNotice>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, readonly string[]>>>({});

  async function run(kind: Kind, action: () => Promise<string | void>, fallback: string): Promise<void> {
    if (busy !== null) return;
    setBusy(kind);
    setNotice(null);
    setFieldErrors({});
    try {
      const text = await action();
      if (text) setNotice({ tone: 'success', text });
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors) setFieldErrors(failure.errors);
      const text = failure instanceof NetworkError ? options.offlineText : (serverDetail(failure) ?? fallback);
      setNotice({ tone: 'error', text });
      options.onFailure?.();
    } finally {
      setBusy(null);
    }
  }

  return { busy, notice, fieldErrors, run };
}
