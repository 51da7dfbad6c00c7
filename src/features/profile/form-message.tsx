import { NetworkError, serverDetail } from '../../shared/api/errors.ts';

/** The outcome line under an account form: always rendered, so screen readers hear it when it appears. */
export type FormOutcome = { tone: 'success' | 'error'; text: string } | null;

export function FormMessage({ outcome }: { outcome: FormOutcome }) {
  return (
    <p
      className={`save-message save-message--${outcome?.tone ?? 'none'}`}
      role={outcome?.tone === 'error' ? 'alert' : 'status'}
    >
      {outcome?.text ?? ''}
    </p>
  );
}

/** What to say when an account change fails: the server's sentence, or why we could not ask. */
export function failureMessage(failure: unknown, fallback: string): string {
  if (failure instanceof NetworkError) {
    return 'You appear to be offline. Changing this needs a connection; please try again online.';
  }
  return serverDetail(failure) ?? fallback;
}
