import type { FormNotice } from '../../components/forms/use-form-action.ts';

/** Account changes need the server there and then: a password is never queued in the outbox. */
export const accountOfflineText =
  'You appear to be offline. Changing this needs a connection; please try again online.';

/** The outcome line under an account form: always rendered, so screen readers hear it when it appears. */
export function FormMessage({ notice }: { notice: FormNotice }) {
  return (
    <p
      className={`save-message save-message--${notice?.tone ?? 'none'}`}
      role={notice?.tone === 'error' ? 'alert' : 'status'}
    >
      {notice?.text ?? ''}
    </p>
  );
}
